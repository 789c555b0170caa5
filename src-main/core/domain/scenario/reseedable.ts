// The simulator's randomness, which a scenario's `seed` sets again at its load (behaviour §20: same scenario, same
// seed, same calls on a frozen clock, byte-identical answers). Services hold this one object from the start; it
// hands each draw to the stream of the seed in force (domain/randomness.ts).
import { randomnessFor, type Randomness } from '../randomness';

export interface Reseedable extends Randomness {
  /** From now on every draw comes from `seed`'s stream, from its start. */
  reseed(seed: number): void;
}

export function reseedable(start: Randomness): Reseedable {
  let inner = start;
  return {
    get seed() {
      return inner.seed;
    },
    hex: (n) => inner.hex(n),
    secret: () => inner.secret(),
    bytes: (n) => inner.bytes(n),
    fraction: () => inner.fraction(),
    reseed: (seed) => void (inner = randomnessFor(seed)),
  };
}

export const canReseed = (r: Randomness | undefined): r is Reseedable => typeof (r as Reseedable | undefined)?.reseed === 'function';
