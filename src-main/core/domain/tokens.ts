// Real-time session tokens: HS256 JWTs signed with a per-data-dir secret, timed by the simulator clock.
import { loadOnce } from '../load-once';
import { randomBytes } from 'node:crypto';
import type { SimClock } from '../clock';
import type { Reads, Tx } from './context';

// jose is loaded on the first token, not at start: most runs answer their first requests without one.
// A failed load (EMFILE when file handles run short) is tried again by the next call, not cached for good.
const loadJose = loadOnce(() => import('jose'));

export interface Grants { chat?: { channel_sid: string }; video?: { room: string } }

const SECRET_KEY = 'jwt_secret';

export function tokenService({ clock, reads }: { clock: SimClock; reads: Reads }) {
  /** The signing secret. Tokens are signed after their use case committed, so reading it must never need a write. */
  const secret = (): Uint8Array => {
    const value = reads.meta.get(SECRET_KEY);
    if (value === undefined) throw new Error('There is no token signing secret yet: the use case that issues an identity makes it (ensureSecret).');
    return new Uint8Array(Buffer.from(value, 'base64'));
  };
  return {
    secret,
    /**
     * Loads the signer; a use case that issues a token awaits this BEFORE its unit of work, so the one step of
     * signing that can fail (loading a module) fails before anything is written.
     */
    ready: async (): Promise<void> => void (await loadJose()),
    /** Makes the signing secret, once, inside the unit of work of a use case that will sign a token after it. */
    ensureSecret(tx: Tx): void {
      if (tx.meta.get(SECRET_KEY) === undefined) tx.meta.set(SECRET_KEY, randomBytes(32).toString('base64'));
    },
    /**
     * `issuedAtMs` (default: now on the simulator clock) pins the token's time: a consultation's token is issued
     * at the consultation's creation, so the owner's page link signed for the tester later is the very token the
     * partner got from A8/B10, not a new one each time it is asked for.
     */
    async issue(appName: string, subject: string, grants: Grants = {}, issuedAtMs = clock.nowMs()): Promise<string> {
      const iat = Math.floor(issuedAtMs / 1000);
      // Read before waiting for the signer: the token is signed with the secret of the data it was issued for.
      const key = secret();
      const { SignJWT } = await loadJose();
      return new SignJWT({ grants, identity: subject })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(appName)
        .setSubject(subject)
        .setIssuedAt(iat)
        .setExpirationTime(iat + 3600)
        .sign(key);
    },
  };
}

export type TokenService = ReturnType<typeof tokenService>;
