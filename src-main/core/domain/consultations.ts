// Chat and video consultations and their state machines (behaviour §9).
//   chat:  waiting → active (vet accepts) → ended (partner A10 or vet); waiting → ended is allowed
//   video: ringing → accepted | declined | notanswered (partner A14 or vet); accepted → completed (vet ends)
import { createHash } from 'node:crypto';
import type { AppRecord } from '../../../src-shared/control';
import { formatTimestamp, type SimClock } from '../clock';
import type { ConsultationRow, PetRow, UserRow, VetRow } from '../db/repositories/types';
import { conflict, DomainError, notFound } from '../errors';
import { vetActionRefusal } from './vet-action-refusals';
import type { Tx } from './context';
import type { IdentityService } from './identity';
import type { MessageService } from './messages';
import { UNSEEDED, type Randomness } from './randomness';
import type { PetService } from './pets';
import type { Grants } from './tokens';
import type { UserService } from './users';
import { vetDisplayName, type VetService } from './vets';

/**
 * A channel or room sid follows from the consultation's row id, so a fresh simulator sent the same
 * requests hands out the same sids: a recorded session (a HAR export) replays, and scripted test runs
 * are reproducible. It still looks like the provider's (`CH`/`RM` + 32 hex). A sid already taken (data
 * from a restored snapshot) falls back to a random one (from `random`: a seeded simulator's is reproducible).
 */
export function sidFor(type: 'chat' | 'video', id: number, taken: (sid: string) => boolean = () => false, random: Randomness = UNSEEDED): string {
  const prefix = type === 'chat' ? 'CH' : 'RM';
  const sid = `${prefix}${createHash('sha256').update(`vet-consult-simulator:${type}:${id}`).digest('hex').slice(0, 32)}`;
  return taken(sid) ? `${prefix}${random.hex(16)}` : sid;
}

export type Outcome = 'accepted' | 'declined' | 'notanswered';
export const grantsOf = (c: ConsultationRow | undefined): Grants =>
  !c ? {} : c.type === 'chat' ? { chat: { channel_sid: c.sid } } : { video: { room: c.sid } };
/** The consultation grants name (a token's, as issued or as read back from one): grantsOf the other way round. */
export const sidOfGrants = (g: { chat?: { channel_sid?: string }; video?: { room?: string } } | undefined): string | undefined =>
  g?.chat?.channel_sid ?? g?.video?.room;

export interface ConsultationRequest {
  type: 'chat' | 'video'; family: 'application' | 'client'; doctor_email?: string; dev_type?: string; device_token?: string; location_email?: string;
  /** The vet a tester chose for a held request (behaviour §18), over the usual pick. */
  vet_id?: string;
}

/** What happens to a consultation once opened, in its unit of work: the autopilot schedules its steps (autopilot/scheduler.ts). */
export type OnOpened = (tx: Tx, consultation: ConsultationRow, facts: { type: 'chat' | 'video'; app: string; vet: string; species: string | null; email: string }) => void;

export interface ConsultationDeps {
  clock: SimClock; vets: VetService; users: UserService; pets: PetService; identities: IdentityService; messages: MessageService; opened?: OnOpened;
  random?: Randomness;
}

/** The thread's mark of each change (behaviour §16), written in the same unit of work as the change. */
const LIFECYCLE_MARK: Record<string, (vet: string) => string> = {
  accepted_chat: (vet) => `${vet} joined the chat.`,
  ended: () => 'The chat ended.',
  accepted: (vet) => `${vet} accepted the video call.`,
  declined: () => 'The video call was declined.',
  notanswered: () => 'The video call was not answered.',
  completed: () => 'The video call ended.',
};

export function consultationService({ clock, vets, users, pets, identities, messages, opened, random = UNSEEDED }: ConsultationDeps) {
  const now = () => formatTimestamp(clock.now());
  const find = (tx: Tx, sid: string, type?: 'chat' | 'video', appId?: number): ConsultationRow => {
    const c = tx.consultations.bySid(sid);
    if (!c || (type && c.type !== type) || (appId !== undefined && c.app_id !== appId))
      throw notFound(type === 'video' || (!type && sid.startsWith('RM')) ? 'Room' : 'Channel');
    return c;
  };
  const vetName = (tx: Tx, c: ConsultationRow) => {
    const vet = c.vet_id ? tx.vets.row(c.vet_id) : undefined;
    return vet ? vetDisplayName(vet) : 'The vet';
  };
  const change = (tx: Tx, c: ConsultationRow, fields: Partial<ConsultationRow>, action: string): ConsultationRow => {
    tx.consultations.update(c.id, { ...fields, updated_at: now() });
    tx.events.state('consultation', c.sid, action);
    // The vet's busy flag follows the consultation's state: said, so a roster on screen updates from the stream.
    if (c.vet_id) tx.events.state('vet', c.vet_id, 'consultation');
    const mark = LIFECYCLE_MARK[action === 'accepted' && c.type === 'chat' ? 'accepted_chat' : action];
    const changed = tx.consultations.byId(c.id)!;
    if (mark) messages.system(tx, changed, mark(vetName(tx, changed)));
    return changed;
  };

  const svc = {
    find,
    /** The vet who takes a new consultation (503 when nobody is online and free); writes nothing. */
    pickVet: (tx: Tx, doctorEmail?: string, chosenId?: string): VetRow => vets.pick(tx, doctorEmail, chosenId),
    /**
     * The writes of a new consultation: the user's identity and a channel (chat) or a room (video)
     * with the vet. `vet` is picked here unless the caller did so before writing anything of its own.
     */
    open(tx: Tx, app: AppRecord, user: UserRow, pet: PetRow, req: ConsultationRequest, vet: VetRow = vets.pick(tx, req.doctor_email, req.vet_id)): { consultation: ConsultationRow; vet: VetRow } {
      const at = now();
      const sid = sidFor(req.type, tx.consultations.nextId(), (s) => !!tx.consultations.bySid(s), random);
      const identity = identities.issue(tx, app, user);
      const id = tx.consultations.insert({
        sid, type: req.type, status: req.type === 'chat' ? 'waiting' : 'ringing', outcome: null, app_id: app.id, user_id: user.id,
        pet_id: pet.id, vet_id: vet.id, identity, family: req.family, requested_vet_email: req.doctor_email ?? null,
        dev_type: req.dev_type ?? null, device_token: req.device_token ?? null, location_email: req.location_email ?? null,
        created_at: at, accepted_at: null, ended_at: null, updated_at: at,
      });
      tx.events.state('consultation', sid, 'created');
      tx.events.state('vet', vet.id, 'consultation');
      const consultation = tx.consultations.byId(id)!;
      messages.system(tx, consultation, req.type === 'chat' ? `Chat requested for ${pet.name}: waiting for ${vetDisplayName(vet)} to join.` : `Video call with ${vetDisplayName(vet)} for ${pet.name}: ringing.`);
      opened?.(tx, consultation, { type: req.type, app: app.name, vet: vet.id, species: pet.species, email: user.email });
      return { consultation, vet };
    },
    /** A8: the user and one of its pets, a vet, a channel or room; the user as stored after it. The token is signed after the commit. */
    talkToVet(tx: Tx, app: AppRecord, input: ConsultationRequest & { email: string; pet_id: number }) {
      const owner = users.findLive(tx, app, input.email);
      const pet = pets.find(tx, owner, input.pet_id);
      const opened = svc.open(tx, app, owner, pet, input);
      // Opening writes only the user's sid (when it has none yet): a user that had one is as read.
      return { ...opened, pet, user: owner.rtc_user_sid ? owner : tx.users.byId(owner.id)! };
    },
    /** A9: the holder of a known identity of this app and the grants of its latest consultation, to sign a fresh token for. */
    refresh(tx: Tx, app: AppRecord, identity: string): { user: UserRow; grants: Grants } {
      const user = identities.holder(tx, app, identity);
      return { user, grants: grantsOf(tx.consultations.latestOfUser(user.id)) };
    },
    /** Partner A10 or vet: end a chat (or, for the vet, an accepted call). */
    endChat(tx: Tx, sid: string, appId?: number): ConsultationRow {
      const c = find(tx, sid, appId !== undefined ? 'chat' : undefined, appId);
      const refused = vetActionRefusal(c, 'end'); // the vet console shows the same sentence on its End button
      if (refused) throw conflict(refused);
      if (c.type === 'video') return change(tx, c, { status: 'completed', ended_at: now() }, 'completed');
      return change(tx, c, { status: 'ended', ended_at: now() }, 'ended');
    },
    /** Vet accepts a waiting chat. */
    accept(tx: Tx, sid: string): ConsultationRow {
      const c = find(tx, sid);
      const refused = vetActionRefusal(c, 'accept');
      if (refused) throw conflict(refused);
      return change(tx, c, { status: 'active', accepted_at: now() }, 'accepted');
    },
    /** Partner A14 or vet: the one outcome of a ringing call. */
    recordOutcome(tx: Tx, sid: string, outcome: Outcome, appId?: number): ConsultationRow {
      const c = find(tx, sid, appId !== undefined ? 'video' : undefined, appId);
      const refused = vetActionRefusal(c, 'outcome');
      if (refused) throw conflict(refused);
      const fields: Partial<ConsultationRow> = { status: outcome, outcome };
      if (outcome === 'accepted') fields.accepted_at = now();
      else fields.ended_at = now();
      return change(tx, c, fields, outcome);
    },
    /** The consultation the vet console names, or the 404 it answers. */
    assertExists(tx: Pick<Tx, 'consultations'>, sid: string): ConsultationRow {
      const c = tx.consultations.bySid(sid);
      if (!c) throw new DomainError(404, ['Consultation Not Found']);
      return c;
    },
  };
  return svc;
}

export type ConsultationService = ReturnType<typeof consultationService>;
