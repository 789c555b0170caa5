// The real-time identity of a user, owned here for every use case that issues one (A7, A8, B9, B10)
// and for the one that checks it (A9): `<app name>-user-<id>`, with the user's `rtc_user_sid`
// (`US` + 32 hex) set the first time a token is issued (behaviour §9).
import type { AppRecord } from '../../../src-shared/control';
import type { UserRow } from '../db/repositories/types';
import { notFound } from '../errors';
import type { Tx } from './context';
import { UNSEEDED, type Randomness } from './randomness';
import type { Grants, TokenService } from './tokens';

/** A user's real-time sid: `US` + 32 hex. */
export const newRtcUserSid = (random: Randomness = UNSEEDED) => `US${random.hex(16)}`;

export const identityOf = (app: Pick<AppRecord, 'name'>, user: Pick<UserRow, 'id'>) => `${app.name}-user-${user.id}`;

/** The user id an identity names, when it names a user of this app. */
export function userIdOf(app: Pick<AppRecord, 'name'>, identity: string): number | undefined {
  const m = /^(.+)-user-(\d{1,15})$/.exec(identity);
  return m && m[1] === app.name ? Number(m[2]) : undefined;
}

export function identityService({ tokens, random = UNSEEDED }: { tokens: TokenService; random?: Randomness }) {
  return {
    /** A new user's real-time sid, from this simulator's randomness. */
    newSid: () => newRtcUserSid(random),
    /**
     * Inside the use case's unit of work: gives the user its sid (once) and makes sure the signing
     * secret exists, so the tokens signed after the commit need no write of their own. `user` is the
     * row as stored in this unit of work; the caller reads it again for what it returns.
     */
    issue(tx: Tx, app: AppRecord, user: UserRow): string {
      if (!user.rtc_user_sid) tx.users.update(user.id, { rtc_user_sid: newRtcUserSid(random) });
      tokens.ensureSecret(tx);
      return identityOf(app, user);
    },
    /** The user a known identity of this app belongs to (a live user that was issued a token), ready to sign for; else 404. */
    holder(tx: Tx, app: AppRecord, identity: string): UserRow {
      const id = userIdOf(app, identity);
      const user = id === undefined ? undefined : tx.users.liveById(app.id, id);
      if (!user?.rtc_user_sid) throw notFound('Identity');
      tokens.ensureSecret(tx);
      return user;
    },
    /** Signs the real-time token for committed data (after the unit of work). */
    rtcToken: (app: AppRecord, user: UserRow, grants: Grants = {}, issuedAtMs?: number) => tokens.issue(app.name, identityOf(app, user), grants, issuedAtMs),
    /** The client family's pair: `token` (subject: the user id) and `rtcToken` (subject: the identity). */
    sessionTokens(app: AppRecord, user: UserRow, grants: Grants = {}, issuedAtMs?: number) {
      return { token: tokens.issue(app.name, String(user.id), {}, issuedAtMs), rtcToken: tokens.issue(app.name, identityOf(app, user), grants, issuedAtMs) };
    },
  };
}

export type IdentityService = ReturnType<typeof identityService>;
