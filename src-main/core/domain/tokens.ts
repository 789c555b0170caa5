// Real-time session tokens: HS256 JWTs signed with a per-data-dir secret, timed by the simulator clock.
// Signed here with node:crypto's HMAC, synchronously: jose's SignJWT went through WebCrypto (an imported key
// and a sign, each a promise settled off the main thread) and a dynamic import, for the same bytes. The
// header, the claims' order and the base64url encoding are jose's, so a token is byte for byte the one jose
// signed (test/api/token-bytes.test.ts signs both ways); jose still verifies them (owner-access.ts, tests).
import { createHmac } from 'node:crypto';
import type { SimClock } from '../clock';
import type { Reads, Tx } from './context';
import { UNSEEDED, type Randomness } from './randomness';

export interface Grants { chat?: { channel_sid: string }; video?: { room: string } }

const SECRET_KEY = 'jwt_secret';
/** `{"alg":"HS256","typ":"JWT"}`, encoded once: every token carries the same protected header. */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export const SECRET_BYTES = 32;

export function tokenService({ clock, reads, random = UNSEEDED }: { clock: SimClock; reads: Reads; random?: Randomness }) {
  // The secret's bytes, decoded once per stored value (a reset or a restore stores another).
  let decodedFrom: string | undefined;
  let decoded = Buffer.alloc(0);
  const secretBytes = (): Buffer => {
    const value = reads.meta.get(SECRET_KEY);
    if (value === undefined) throw new Error('There is no token signing secret yet: the use case that issues an identity makes it (ensureSecret).');
    if (value !== decodedFrom) {
      decoded = Buffer.from(value, 'base64');
      decodedFrom = value;
    }
    return decoded;
  };
  return {
    /** The signing secret. Tokens are signed after their use case committed, so reading it must never need a write. */
    secret: (): Uint8Array => new Uint8Array(secretBytes()),
    /**
     * Kept as the step a use case that issues a token awaits BEFORE its unit of work: signing no longer loads
     * anything, but a signer that could not be had must still fail before anything is written (the unit-of-work test).
     */
    ready: async (): Promise<void> => undefined,
    /**
     * A new signing secret for restored data, as meta values (Database.replaceWith writes them with the data).
     * Sids follow row ids, so a snapshot's data hands out again the sids and rows that consultations created
     * after it was taken had: with the snapshot's own secret back, an owner's token of such a consultation
     * would open another owner's consultation created after the restore. A new secret (from this simulator's
     * randomness: seeded, it is reproducible) refuses every token of before the restore, as a reset does.
     */
    restoredSecret: (): Record<string, string> => ({ [SECRET_KEY]: random.bytes(SECRET_BYTES).toString('base64') }),
    /** Makes the signing secret, once, inside the unit of work of a use case that will sign a token after it. */
    ensureSecret(tx: Tx): void {
      if (tx.meta.get(SECRET_KEY) === undefined) tx.meta.set(SECRET_KEY, random.bytes(SECRET_BYTES).toString('base64'));
    },
    /**
     * `issuedAtMs` (default: now on the simulator clock) pins the token's time: a consultation's token is issued
     * at the consultation's creation, so the owner's page link signed for the tester later is the very token the
     * partner got from A8/B10, not a new one each time it is asked for.
     */
    issue(appName: string, subject: string, grants: Grants = {}, issuedAtMs = clock.nowMs()): string {
      // A time that does not read (NaN) would sign `"iat":null`: the clock's now instead.
      const iat = Math.floor((Number.isFinite(issuedAtMs) ? issuedAtMs : clock.nowMs()) / 1000);
      // jose's claim order: the payload given, then iss, sub, iat, exp as its setters were called.
      const claims = Buffer.from(JSON.stringify({ grants, identity: subject, iss: appName, sub: subject, iat, exp: iat + 3600 })).toString('base64url');
      const signed = `${HEADER}.${claims}`;
      return `${signed}.${createHmac('sha256', secretBytes()).update(signed).digest('base64url')}`;
    },
  };
}

export type TokenService = ReturnType<typeof tokenService>;
