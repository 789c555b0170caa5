// Application family A1–A14: parse → service → serializer. Rules live in the services.
import type * as A from '../../../../src-shared/schemas/application';
import type { UserRow } from '../../db/repositories/types';
import type { HandlerTable, PartnerRequest } from '../handler';
import { emergencyStats } from '../../domain/emergency';
import { appPet, appUser, webUserRow } from './serializers';

function userView(r: PartnerRequest, user: UserRow) {
  const { services: s, ctx } = r;
  return appUser(r.app, user, { defaultPet: s.pets.defaultPet(user), statuses: s.users.repo.statuses(user.id), nowMs: ctx.clock.nowMs() });
}

export const applicationHandlers: HandlerTable = {
  A1: (r) => ({ message: 'Media URL', data: { media_url: `${r.baseUrl}/media/${r.app.name}/` } }),

  A2: (r: PartnerRequest<A.PetAddBody>) => {
    const user = r.services.users.findLive(r.app, r.input.email);
    const pet = r.services.pets.add(r.app, user, r.input);
    return { message: 'Pet Added', data: { email: user.email, pet: appPet(pet, user.default_pet_id) } };
  },

  A3: (r: PartnerRequest<A.PetUpdateBody>) => {
    const user = r.services.users.findLive(r.app, r.input.email);
    const pet = r.services.pets.update(r.app, user, r.input.pet_id, r.input.pet ?? {}, r.file, r.baseUrl);
    return { message: 'Pet Updated', data: { pet: appPet(pet, user.default_pet_id) } };
  },

  A4: (r: PartnerRequest<{ email: string; pet_id: number }>) => {
    const user = r.services.users.findLive(r.app, r.input.email);
    r.services.pets.remove(user, r.input.pet_id);
    return { message: 'Pet data deleted successfully', data: true };
  },

  A5: (r: PartnerRequest<A.PetListQuery>) => {
    const user = r.services.users.findLive(r.app, r.input.email);
    return { message: 'pet list', data: { list: r.services.pets.list(user, r.input).map((p) => appPet(p, user.default_pet_id)) } };
  },

  A6: (r: PartnerRequest<A.WebUserReportBody>) => {
    const i = r.input;
    const rows = r.services.reports.webUsers(
      { appId: r.app.id, search: i.search_value, dateFrom: i.date_from, dateTo: i.date_to, status: i.status, role: i.selectedProtect },
      i.page ?? 1,
      i.perPage ?? i.pagination,
    );
    const now = r.ctx.clock.nowMs();
    return { message: 'Successfully Get User Details.', data: rows.map((u) => webUserRow(u, now)) };
  },

  A7: async (r: PartnerRequest<A.RegisterUserBody>) => {
    const { user, rtcToken } = await r.services.users.register(r.app, r.input);
    return {
      message: 'User registered successfully.',
      data: { user: userView(r, user), rtcToken, emergency_stats: emergencyStats(user, r.ctx.clock.nowMs()) },
    };
  },

  A8: async (r: PartnerRequest<A.TalkToVetBody>) => {
    const { services: s, ctx } = r;
    const { consultation, vet, user, rtcToken } = await s.consultations.talkToVet(r.app, {
      email: r.input.email, pet_id: r.input.pet_id, type: r.input.conversation_request, family: 'application',
      doctor_email: r.input.doctor_email, dev_type: r.input.dev_type, device_token: r.input.device_token, location_email: r.input.location_email,
    });
    const stringified = JSON.stringify({
      rtcToken,
      user: {
        ...userView(r, user),
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

  A9: async (r: PartnerRequest<{ identity: string; dev_type: string }>) => ({
    message: 'User token',
    data: { rtcToken: await r.services.consultations.refresh(r.app, r.input.identity) },
  }),

  A10: (r: PartnerRequest<{ channel_sid: string }>) => {
    r.services.consultations.endChat(r.input.channel_sid, r.app.id);
    return { message: 'End chat successful', data: true };
  },

  A11: (r: PartnerRequest<{ type: 'chat' | 'video'; channel_sid?: string; room_sid?: string }>) => ({
    message: 'Vet Feedback',
    data: r.services.feedback.forPartner(r.app.id, r.input.type, (r.input.type === 'chat' ? r.input.channel_sid : r.input.room_sid)!),
  }),

  A12: (r: PartnerRequest<A.UserActionBody>) => {
    r.services.users.applyAction(r.app, r.input);
    return { message: 'End chat successful', data: true };
  },

  A13: (r: PartnerRequest<{ email: string; app_id: number }>) => {
    const user = r.services.users.delete(r.app, r.input.email, r.input.app_id);
    const latest = r.services.users.repo.latestStatus(user.id);
    return { message: 'User deleted successfully', data: { ...userView(r, user), user_status_latest: latest ?? null } };
  },

  A14: (r: PartnerRequest<{ status: 'accepted' | 'declined' | 'notanswered'; room_sid: string }>) => {
    r.services.consultations.recordOutcome(r.input.room_sid, r.input.status, r.app.id);
    return { message: 'Video call status updated', data: true };
  },
};
