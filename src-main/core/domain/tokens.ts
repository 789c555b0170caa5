// Real-time session tokens: HS256 JWTs signed with a per-data-dir secret, timed by the simulator clock.
import { randomBytes } from 'node:crypto';
import type { DomainContext } from './context';

// jose is loaded on the first token, not at start: most runs answer their first requests without one.
let jose: Promise<typeof import('jose')> | undefined;
const loadJose = () => (jose ??= import('jose'));

export interface Grants { chat?: { channel_sid: string }; video?: { room: string } }

export function tokenService(ctx: DomainContext) {
  const secret = (): Uint8Array => {
    let row = ctx.db.get<{ value: string }>("SELECT value FROM meta WHERE key = 'jwt_secret'");
    if (!row) {
      ctx.db.run("INSERT INTO meta (key, value) VALUES ('jwt_secret', ?)", [randomBytes(32).toString('base64')]);
      row = ctx.db.get<{ value: string }>("SELECT value FROM meta WHERE key = 'jwt_secret'")!;
    }
    return new Uint8Array(Buffer.from(row.value, 'base64'));
  };
  return {
    secret,
    async issue(appName: string, subject: string, grants: Grants = {}): Promise<string> {
      const iat = Math.floor(ctx.clock.nowMs() / 1000);
      // The secret is read (or created) before waiting, inside the caller's unit of work if there is one.
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
