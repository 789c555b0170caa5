// Application family A1–A14: parse → use case → serializer. Rules live in the services; each handler's
// data work, lookups included, is one unit of work (`uow.run`); tokens are signed after it committed.
import type * as A from '../../../../src-shared/schemas/application';
import type { UserRow } from '../../db/repositories/types';
import type { Tx } from '../../domain/context';
import type { HandlerTable, PartnerRequest } from '../handler';
import { grantsOf } from '../../domain/consultations';
import { emergencyStats } from '../../domain/emergency';
import { appPet, appUser, webUserRow } from './serializers';

function userView(r: PartnerRequest, tx: Tx, user: UserRow) {
  return appUser(r.app, user, { defaultPet: r.services.pets.defaultPet(tx, user), statuses: tx.users.statuses(user.id), nowMs: r.ctx.clock.nowMs() });
}

export const applicationHandlers: HandlerTable = {
  A1: (r) => ({ message: 'Media URL', data: { media_url: `${r.baseUrl}/media/${r.app.name}/` } }),

  A2: (r: PartnerRequest<A.PetAddBody>) =>
    r.ctx.uow.run((tx) => {
      const user = r.services.users.findLive(tx, r.app, r.input.email);
      const { pet, defaultPetId } = r.services.pets.add(tx, r.app, user, r.input);
      return { message: 'Pet Added', data: { email: user.email, pet: appPet(pet, defaultPetId) } };
    }),

  A3: (r: PartnerRequest<A.PetUpdateBody>) =>
    r.ctx.uow.run((tx) => {
      const user = r.services.users.findLive(tx, r.app, r.input.email);
      const pet = r.services.pets.update(tx, r.app, user, r.input.pet_id, r.input.pet ?? {}, r.file, r.baseUrl);
      return { message: 'Pet Updated', data: { pet: appPet(pet, user.default_pet_id) } };
    }),

  A4: (r: PartnerRequest<{ email: string; pet_id: number }>) =>
    r.ctx.uow.run((tx) => {
      r.services.pets.remove(tx, r.services.users.findLive(tx, r.app, r.input.email), r.input.pet_id);
      return { message: 'Pet data deleted successfully', data: true };
    }),

  A5: (r: PartnerRequest<A.PetListQuery>) =>
    r.ctx.uow.run((tx) => {
      const user = r.services.users.findLive(tx, r.app, r.input.email);
      return { message: 'pet list', data: { list: r.services.pets.list(tx, user, r.input).map((p) => appPet(p, user.default_pet_id)) } };
    }),

  A6: (r: PartnerRequest<A.WebUserReportBody>) => {
    const i = r.input;
    const filter = { appId: r.app.id, search: i.search_value, dateFrom: i.date_from, dateTo: i.date_to, status: i.status, role: i.selectedProtect };
    const rows = r.ctx.uow.run((tx) => r.services.reports.webUsers(tx, filter, i.page ?? 1, i.perPage ?? i.pagination));
    const now = r.ctx.clock.nowMs();
    return { message: 'Successfully Get User Details.', data: rows.map((u) => webUserRow(u, now)) };
  },

  A7: async (r: PartnerRequest<A.RegisterUserBody>) => {
    const { user, view } = r.ctx.uow.run((tx) => {
      const user = r.services.users.register(tx, r.app, r.input);
      return { user, view: userView(r, tx, user) };
    });
    const rtcToken = await r.services.identities.rtcToken(r.app, user);
    return { message: 'User registered successfully.', data: { user: view, rtcToken, emergency_stats: emergencyStats(user, r.ctx.clock.nowMs()) } };
  },

  A8: async (r: PartnerRequest<A.TalkToVetBody>) => {
    const { services: s, ctx } = r;
    const { consultation, vet, user, view } = ctx.uow.run((tx) => {
      const opened = s.consultations.talkToVet(tx, r.app, {
        email: r.input.email, pet_id: r.input.pet_id, type: r.input.conversation_request, family: 'application',
        doctor_email: r.input.doctor_email, dev_type: r.input.dev_type, device_token: r.input.device_token, location_email: r.input.location_email,
      });
      return { ...opened, view: userView(r, tx, opened.user) };
    });
    const rtcToken = await s.identities.rtcToken(r.app, user, grantsOf(consultation));
    const stringified = JSON.stringify({
      rtcToken,
      user: {
        ...view,
        emergency_lastest_protect: {
          id: consultation.id, user_id: consultation.identity, vet_id: vet.id, type: consultation.type,
          protected: user.role === 'protect_users' ? 1 : 0, db_user_id: user.id,
          created_at: consultation.created_at, updated_at: consultation.updated_at,
        },
      },
      emergency_stats: emergencyStats(user, ctx.clock.nowMs()),
    });
    return {
      message: 'User Found Successfully',
      data: { channel: consultation.sid, vet: { id: vet.id, username: vet.username, profile_image: vet.profile_image }, identity: consultation.identity, stringify_response: stringified },
    };
  },

  A9: async (r: PartnerRequest<{ identity: string; dev_type: string }>) => {
    const { user, grants } = r.ctx.uow.run((tx) => r.services.consultations.refresh(tx, r.app, r.input.identity));
    return { message: 'User token', data: { rtcToken: await r.services.identities.rtcToken(r.app, user, grants) } };
  },

  A10: (r: PartnerRequest<{ channel_sid: string }>) =>
    r.ctx.uow.run((tx) => {
      r.services.consultations.endChat(tx, r.input.channel_sid, r.app.id);
      return { message: 'End chat successful', data: true };
    }),

  A11: (r: PartnerRequest<{ type: 'chat' | 'video'; channel_sid?: string; room_sid?: string }>) => ({
    message: 'Vet Feedback',
    data: r.ctx.uow.run((tx) => r.services.feedback.forPartner(tx, r.app.id, r.input.type, (r.input.type === 'chat' ? r.input.channel_sid : r.input.room_sid)!)),
  }),

  A12: (r: PartnerRequest<A.UserActionBody>) =>
    r.ctx.uow.run((tx) => {
      r.services.users.applyAction(tx, r.app, r.input);
      return { message: 'End chat successful', data: true };
    }),

  A13: (r: PartnerRequest<{ email: string; app_id: number }>) =>
    r.ctx.uow.run((tx) => {
      const user = r.services.users.delete(tx, r.app, r.input.email, r.input.app_id);
      const latest = tx.users.latestStatus(user.id);
      return { message: 'User deleted successfully', data: { ...userView(r, tx, user), user_status_latest: latest ?? null } };
    }),

  A14: (r: PartnerRequest<{ status: 'accepted' | 'declined' | 'notanswered'; room_sid: string }>) =>
    r.ctx.uow.run((tx) => {
      r.services.consultations.recordOutcome(tx, r.input.room_sid, r.input.status, r.app.id);
      return { message: 'Video call status updated', data: true };
    }),
};
