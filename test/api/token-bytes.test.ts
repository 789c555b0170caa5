// Issue 30: tokens are signed with node:crypto's HMAC instead of jose's SignJWT; they must be the same bytes.
import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { makeSim } from '../helpers';

describe('session tokens', () => {
  it('are byte for byte what jose signed: header, claim order, encoding and signature', async () => {
    const h = await makeSim();
    try {
      await h.registerUser();
      const { tokens } = h.sim.services;
      const cases: [string, string, object, number][] = [
        ['demo', 'demo-user-1', {}, 1_795_562_976_123],
        ['my app ünïcode', '42', { chat: { channel_sid: 'CH0123' } }, 0],
        ['demo', 'demo-user-7', { video: { room: 'RMabc' } }, 1_700_000_000_999],
      ];
      for (const [app, subject, grants, at] of cases) {
        const iat = Math.floor(at / 1000);
        const jose = await new SignJWT({ grants, identity: subject })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setIssuer(app)
          .setSubject(subject)
          .setIssuedAt(iat)
          .setExpirationTime(iat + 3600)
          .sign(tokens.secret());
        expect(tokens.issue(app, subject, grants, at)).toBe(jose);
      }
    } finally {
      await h.sim.close();
    }
  });
});
