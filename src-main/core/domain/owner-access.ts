// Who may use the pet owner's page: the holder of an rtcToken, as on the vendor's hosted page. The token is the
// one A8/B10 handed out inside stringify_response; it grants exactly one chat channel or video room. Loopback
// grants nothing here, so a phone on the LAN (`--host 0.0.0.0`) is served exactly like a local browser.
import { loadOnce } from '../load-once';
import type { Grants } from './tokens';
import { OwnerRefusal } from './owner-refusal';

export type OwnerGrant = { sid: string; kind: 'chat' | 'video'; subject: string };

export class OwnerAccessError extends OwnerRefusal {
  constructor(status: 400 | 401 | 403 | 404, code: string, message: string) {
    super(status, code, message);
  }
}

// jose is loaded on the first owner-page call, as for token signing: most runs never open the page.
// A failed load (EMFILE when file handles run short) is tried again by the next call, not cached for good.
const loadJose = loadOnce(() => import('jose'));

/**
 * The `data` query parameter: A8's or B10's `stringify_response`, a JSON document with an `rtcToken` string.
 * Anything else is a 400 the page can explain, never an exception.
 */
export function rtcTokenOfData(data: unknown): string {
  if (typeof data !== 'string' || data.trim() === '')
    throw new OwnerAccessError(400, 'missing_data', 'This page needs the `data` parameter: the stringify_response of a talk-to-vet answer (A8 or B10), URL-encoded.');
  let doc: unknown;
  try {
    doc = JSON.parse(data);
  } catch {
    throw new OwnerAccessError(400, 'bad_data', 'The `data` parameter is not a stringify_response: it is not JSON. Pass the talk-to-vet answer\'s data.stringify_response, URL-encoded.');
  }
  const token = (doc as { rtcToken?: unknown } | null)?.rtcToken;
  if (typeof token !== 'string' || token === '')
    throw new OwnerAccessError(400, 'bad_data', 'The `data` parameter has no rtcToken: pass the talk-to-vet answer\'s data.stringify_response as it came.');
  return token;
}

/** The bearer token of an owner-page API call. */
export function bearerOf(authorization: string | undefined): string {
  const m = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (!m) throw new OwnerAccessError(401, 'no_token', 'Send the rtcToken from the page\'s data as `Authorization: Bearer <rtcToken>`.');
  return m[1];
}

/**
 * Checks the token's HS256 signature with the data folder's secret and that it was issued for this app, and
 * returns the one channel or room it grants. Expiry is not enforced: the page of a demo left open must not die
 * an hour later on the simulator clock (a tester may advance it by days).
 */
export async function verifyOwnerToken(token: string, secret: Uint8Array, appName: string): Promise<OwnerGrant> {
  const { jwtVerify } = await loadJose();
  let payload: { iss?: string; sub?: string; grants?: Grants };
  try {
    ({ payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], currentDate: new Date(0) }));
  } catch {
    throw new OwnerAccessError(401, 'bad_token', 'This rtcToken was not issued by this simulator (its signature does not match).');
  }
  if (payload.iss !== appName) throw new OwnerAccessError(403, 'other_app', `This rtcToken was issued for another app, not ${appName}.`);
  const chat = payload.grants?.chat?.channel_sid;
  const room = payload.grants?.video?.room;
  if (typeof chat === 'string') return { sid: chat, kind: 'chat', subject: String(payload.sub ?? '') };
  if (typeof room === 'string') return { sid: room, kind: 'video', subject: String(payload.sub ?? '') };
  throw new OwnerAccessError(403, 'no_grant', 'This rtcToken grants no consultation (a token from register-user or refresh): use the one from talk-to-vet.');
}
