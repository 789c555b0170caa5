// Where a simulator's chance comes from: ids and sids (rtc_user_sid, file names, fault ids, a sid a restore
// took), secrets (app tokens and keys, the token signing secret, password salts) and the vet a consultation gets.
//
// Without a seed everything is random, as a real service's secrets are. With one (`--random-seed N`,
// `startSimulator({ randomSeed })`), every draw comes from one stream of this simulator, SHA-256 of the seed
// and a counter: two runs of the same calls on a frozen clock give byte-identical answers, tokens included.
// The stream is the simulator's own (the programmatic API runs several in one process) and goes on across a
// reset, so a reset still makes a signing secret no earlier token matches.
//
// The vet draw is keyed, not streamed: hash(seed, consultation number), as the autopilot's draws are
// hash(seed, sid), so the same data and the same calls give the same vet whatever ran before.
import { createHash, randomBytes } from 'node:crypto';
import { randomHex, randomSecret } from './context';

export interface Randomness {
  /** Set when draws are reproducible. */
  readonly seed?: number;
  /** `bytes` bytes as lower-case hex. */
  hex(bytes: number): string;
  /** An app's API token or key: 18 bytes, base64url. */
  secret(): string;
  bytes(n: number): Buffer;
  /** A number in [0, 1). */
  fraction(): number;
}

/** The largest seed: the autopilot's seed and this one read alike (a whole number, 0 … 2^32 − 1). */
export const MAX_RANDOM_SEED = 2 ** 32 - 1;

export const isRandomSeed = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0 && (n as number) <= MAX_RANDOM_SEED;

/** The default: the operating system's randomness. */
export const UNSEEDED: Randomness = {
  hex: randomHex,
  secret: randomSecret,
  bytes: (n) => randomBytes(n),
  fraction: Math.random,
};

function seeded(seed: number): Randomness {
  let block = 0;
  let buffered = Buffer.alloc(0);
  const bytes = (n: number): Buffer => {
    const parts = [buffered];
    let have = buffered.length;
    while (have < n) {
      const next = createHash('sha256').update(`vet-consult-simulator:random:${seed}:${block++}`).digest();
      parts.push(next);
      have += next.length;
    }
    const all = Buffer.concat(parts);
    buffered = all.subarray(n);
    return all.subarray(0, n);
  };
  return {
    seed,
    bytes: (n) => Buffer.from(bytes(n)),
    hex: (n) => bytes(n).toString('hex'),
    secret: () => bytes(18).toString('base64url'),
    fraction: () => bytes(4).readUInt32LE(0) / 4294967296,
  };
}

/** A simulator's randomness: seeded when a seed is given, else the OS's. */
export function randomnessFor(seed?: number): Randomness {
  if (seed === undefined) return UNSEEDED;
  if (!isRandomSeed(seed)) throw new RangeError(`The random seed must be a whole number from 0 to ${MAX_RANDOM_SEED}, not ${seed}.`);
  return seeded(seed);
}

/** A number in [0, 1) for one thing named by `key` (the vet of consultation n): the same seed and key, the same number. */
export function keyedDraw(seed: number, key: string): number {
  return createHash('sha256').update(`vet-consult-simulator:${key}:${seed}`).digest().readUInt32LE(0) / 4294967296;
}
