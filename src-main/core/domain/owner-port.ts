// What the pet owner's page may do (behaviour §16), as named queries and commands: read its one consultation
// and thread, and write in it. Access is the rtcToken the partner API handed out (owner/owner-access.ts), so
// these never trust the network a request came from.
import { parseTimestamp } from '../clock';
import type { ThreadMessage } from '../../../src-shared/control';
import type { ConsultationRow } from '../db/repositories/types';
import { bearerOf, OwnerAccessError, verifyOwnerToken } from './owner-access';
import type { DomainContext } from './context';
import { grantsOf } from './consultations';
import type { Services } from './services';

export interface OwnerView {
  consultation: {
    sid: string; type: 'chat' | 'video'; status: string;
    vet: { username: string; first_name: string; last_name: string; profile_image: string | null } | null;
    pet: { name: string; species: string | null } | null;
    /** A call's moments (ISO 8601), so the page can show how long it rang or lasted; null until they happen. */
    created_at: string; accepted_at: string | null; ended_at: string | null;
  };
  /** The partner app's name as its users know it (the page carries it), and the simulator clock's now (ISO 8601). */
  app: { display_name: string };
  now: string;
  messages: ThreadMessage[];
}

const iso = (stored: string | null) => (stored ? new Date(parseTimestamp(stored)).toISOString() : null);

export function ownerPort(s: Services, ctx: DomainContext) {
  const { reads } = s;

  /**
   * Consultation `sid` of the app the page's path names, when the bearer's token grants it: 401 without a token
   * or with one this simulator did not sign, 403 for a token of another app or another consultation.
   */
  async function granted(appName: string, sid: string, authorization: string | undefined): Promise<ConsultationRow> {
    const token = bearerOf(authorization);
    const app = s.apps.byName(appName);
    if (!app) throw new OwnerAccessError(404, 'unknown_app', `There is no app named ${appName} on this simulator.`);
    let secret: Uint8Array;
    try {
      secret = s.tokens.secret();
    } catch {
      throw new OwnerAccessError(401, 'bad_token', 'This rtcToken was not issued by this simulator (it has issued none since its last reset).');
    }
    const grant = await verifyOwnerToken(token, secret, app.name);
    if (grant.sid !== sid) throw new OwnerAccessError(403, 'other_consultation', 'This rtcToken grants another consultation, not this one.');
    const c = reads.consultations.bySid(grant.sid);
    if (!c || c.app_id !== app.id) throw new OwnerAccessError(404, 'not_found', 'The consultation of this link no longer exists (the simulator was reset).');
    return c;
  }

  return {
    granted,
    appExists: (name: string) => !!s.apps.byName(name),
    /** The app's display name, for the page and its error pages; undefined for an unknown app. */
    appDisplayName: (name: string) => s.apps.byName(name)?.display_name,
    view(c: ConsultationRow, after = 0): OwnerView {
      const vet = c.vet_id ? reads.vets.row(c.vet_id) : undefined;
      const pet = c.pet_id ? reads.pets.byId(c.pet_id) : undefined;
      return {
        consultation: {
          sid: c.sid, type: c.type as 'chat' | 'video', status: c.status,
          vet: vet ? { username: vet.username, first_name: vet.first_name, last_name: vet.last_name, profile_image: vet.profile_image } : null,
          pet: pet ? { name: pet.name, species: pet.species } : null,
          created_at: iso(c.created_at)!, accepted_at: iso(c.accepted_at), ended_at: iso(c.ended_at),
        },
        app: { display_name: s.apps.byId(c.app_id)?.display_name ?? '' },
        now: new Date(ctx.clock.now()).toISOString(),
        messages: s.messages.thread(c.sid, after, 500).items,
      };
    },
    /** The owner writes: one unit of work, the consultation read again inside it. */
    post: (sid: string, body: string): ThreadMessage =>
      ctx.uow.run((tx) => s.messages.post(tx, s.consultations.assertExists(tx, sid), 'owner', body)),
  };
}

export type OwnerPort = ReturnType<typeof ownerPort>;

/**
 * The owner's page of a consultation, for the tester (vet console: "Open the owner's page"): the rtcToken A8/B10
 * handed out for its channel or room (signed again at the consultation's creation time, so the link is the same
 * every time it is asked for). Undefined when no token can be signed.
 */
export async function ownerPageUrl(s: Services, ctx: DomainContext, sid: string): Promise<string | undefined> {
  const c = s.reads.consultations.bySid(sid);
  const app = c && s.apps.byId(c.app_id);
  if (!c || !app) return undefined;
  try {
    const rtcToken = await s.tokens.issue(app.name, c.identity, grantsOf(c), parseTimestamp(c.created_at));
    return `${ctx.baseUrl()}/${encodeURIComponent(app.name)}/main/talk-to-vet?data=${encodeURIComponent(JSON.stringify({ rtcToken }))}`;
  } catch {
    return undefined;
  }
}
