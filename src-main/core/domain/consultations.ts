// Chat and video consultations and their state machines (behaviour §9).
//   chat:  waiting → active (vet accepts) → ended (partner A10 or vet); waiting → ended is allowed
//   video: ringing → accepted | declined | notanswered (partner A14 or vet); accepted → completed (vet ends)
import { createHash } from 'node:crypto';
import type { AppRecord } from '../../../src-shared/control';
import { consultationsRepo } from '../db/repositories/consultations';
import type { ConsultationRow, PetRow, UserRow, VetRow } from '../db/repositories/types';
import { conflict, DomainError, notFound } from '../errors';
import { type DomainContext, nowStamp, randomHex } from './context';
import { identityService } from './identity';
import { petService } from './pets';
import type { Grants } from './tokens';
import { userService } from './users';
import { vetService } from './vets';

/**
 * A channel or room sid follows from the consultation's row id, so a fresh simulator sent the same
 * requests hands out the same sids: a recorded session (a HAR export) replays, and scripted test runs
 * are reproducible. It still looks like the provider's (`CH`/`RM` + 32 hex). A sid already taken (data
 * from a restored snapshot) falls back to a random one.
 */
export function sidFor(type: 'chat' | 'video', id: number, taken: (sid: string) => boolean = () => false): string {
  const prefix = type === 'chat' ? 'CH' : 'RM';
  const sid = `${prefix}${createHash('sha256').update(`vet-consult-simulator:${type}:${id}`).digest('hex').slice(0, 32)}`;
  return taken(sid) ? `${prefix}${randomHex(16)}` : sid;
}

export type Outcome = 'accepted' | 'declined' | 'notanswered';
export const grantsOf = (c: ConsultationRow | undefined): Grants =>
  !c ? {} : c.type === 'chat' ? { chat: { channel_sid: c.sid } } : { video: { room: c.sid } };

export interface ConsultationRequest {
  type: 'chat' | 'video'; family: 'application' | 'client'; doctor_email?: string; dev_type?: string; device_token?: string; location_email?: string;
}

export function consultationService(ctx: DomainContext, random?: () => number) {
  const repo = consultationsRepo(ctx.db);
  const vets = vetService(ctx, random);
  const users = userService(ctx);
  const pets = petService(ctx);
  const identities = identityService(ctx);

  const find = (sid: string, type?: 'chat' | 'video', appId?: number): ConsultationRow => {
    const c = repo.bySid(sid);
    if (!c || (type && c.type !== type) || (appId !== undefined && c.app_id !== appId))
      throw notFound(type === 'video' || (!type && sid.startsWith('RM')) ? 'Room' : 'Channel');
    return c;
  };
  const change = (c: ConsultationRow, fields: Partial<ConsultationRow>, action: string): ConsultationRow => {
    repo.update(c.id, { ...fields, updated_at: nowStamp(ctx) });
    ctx.events.state('consultation', c.sid, action);
    return repo.byId(c.id)!;
  };

  const svc = {
    repo,
    find,
    /** The vet who takes a new consultation (503 when nobody is online and free); writes nothing. */
    pickVet: (doctorEmail?: string): VetRow => vets.pick(doctorEmail),
    /**
     * The writes of a new consultation, inside the caller's transaction: the user's identity and a
     * channel (chat) or a room (video) with the vet. `vet` is picked here unless the caller did so
     * before writing anything of its own.
     */
    open(app: AppRecord, user: UserRow, pet: PetRow, req: ConsultationRequest, vet: VetRow = vets.pick(req.doctor_email)): { consultation: ConsultationRow; vet: VetRow } {
      return ctx.db.tx(() => {
        const now = nowStamp(ctx);
        const sid = sidFor(req.type, repo.nextId(), (s) => !!repo.bySid(s));
        const identity = identities.issue(app, user);
        const id = repo.insert({
          sid, type: req.type, status: req.type === 'chat' ? 'waiting' : 'ringing', outcome: null, app_id: app.id, user_id: user.id,
          pet_id: pet.id, vet_id: vet.id, identity, family: req.family, requested_vet_email: req.doctor_email ?? null,
          dev_type: req.dev_type ?? null, device_token: req.device_token ?? null, location_email: req.location_email ?? null,
          created_at: now, accepted_at: null, ended_at: null, updated_at: now,
        });
        ctx.events.state('consultation', sid, 'created');
        return { consultation: repo.byId(id)!, vet };
      });
    },
    /** Opens a consultation in its own unit of work; the token is signed after the commit. */
    async start(app: AppRecord, user: UserRow, pet: PetRow, req: ConsultationRequest): Promise<{ consultation: ConsultationRow; vet: VetRow; rtcToken: string }> {
      const { consultation, vet } = ctx.db.tx(() => svc.open(app, user, pet, req));
      const rtcToken = await identities.rtcToken(app, user, grantsOf(consultation));
      return { consultation, vet, rtcToken };
    },
    /** A8: the user and one of its pets, a vet, a channel or room; the user as committed. */
    async talkToVet(app: AppRecord, input: ConsultationRequest & { email: string; pet_id: number }) {
      const { consultation, vet, user } = ctx.db.tx(() => {
        const owner = users.findLive(app, input.email);
        const pet = pets.find(owner, input.pet_id);
        return { ...svc.open(app, owner, pet, input), user: users.repo.byId(owner.id)! };
      });
      const rtcToken = await identities.rtcToken(app, user, grantsOf(consultation));
      return { consultation, vet, user, rtcToken };
    },
    /** A9: a fresh token for a known identity of this app. */
    async refresh(app: AppRecord, identity: string): Promise<string> {
      const user = identities.holder(app, identity);
      if (!user) throw notFound('Identity');
      return identities.rtcToken(app, user, grantsOf(repo.latestOfUser(user.id)));
    },
    /** Partner A10 or vet: end a chat. */
    endChat(sid: string, appId?: number): ConsultationRow {
      return ctx.db.tx(() => {
        const c = find(sid, appId !== undefined ? 'chat' : undefined, appId);
        if (c.type === 'video') {
          if (c.status !== 'accepted') throw conflict(`Only an accepted call can be ended; this call is ${c.status}.`);
          return change(c, { status: 'completed', ended_at: nowStamp(ctx) }, 'completed');
        }
        if (c.status === 'ended') throw conflict('Chat already ended');
        return change(c, { status: 'ended', ended_at: nowStamp(ctx) }, 'ended');
      });
    },
    /** Vet accepts a waiting chat. */
    accept(sid: string): ConsultationRow {
      return ctx.db.tx(() => {
        const c = find(sid);
        if (c.type !== 'chat') throw conflict('Only chats are accepted; record an outcome for a video call.');
        if (c.status !== 'waiting') throw conflict(`Chat is ${c.status}, not waiting.`);
        return change(c, { status: 'active', accepted_at: nowStamp(ctx) }, 'accepted');
      });
    },
    /** Partner A14 or vet: the one outcome of a ringing call. */
    recordOutcome(sid: string, outcome: Outcome, appId?: number): ConsultationRow {
      return ctx.db.tx(() => {
        const c = find(sid, appId !== undefined ? 'video' : undefined, appId);
        if (c.type !== 'video') throw conflict('Call outcomes apply to video calls only.');
        if (c.status !== 'ringing') throw conflict(`Video call outcome already recorded (${c.outcome ?? c.status}).`);
        const fields: Partial<ConsultationRow> = { status: outcome, outcome };
        if (outcome === 'accepted') fields.accepted_at = nowStamp(ctx);
        else fields.ended_at = nowStamp(ctx);
        return change(c, fields, outcome);
      });
    },
    assertExists(sid: string): ConsultationRow {
      const c = repo.bySid(sid);
      if (!c) throw new DomainError(404, ['Consultation Not Found']);
      return c;
    },
  };
  return svc;
}
