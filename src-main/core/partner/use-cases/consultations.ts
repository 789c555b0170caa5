// Consultations: opening one (A8, B10), its token (A9), its end (A10, A14) and the vet's feedback (A11).
// The signer is loaded before the unit of work (a failed load writes nothing) and the token is signed after it
// commits, at the consultation's creation time (tokens.ts: the owner's page link is the same token).
import { parseTimestamp } from '../../clock';
import { grantsOf } from '../../domain/consultations';
import * as A from '../../../../src-shared/schemas/application';
import * as B from '../../../../src-shared/schemas/client';
import { useCase, type Uses } from '../endpoint';
import { clientProfileOf, profileOf } from './users';

/** A8: a chat or a video call with a vet, for a registered user and one of its pets. */
export const talkToVet = useCase(A.talkToVetBody, async (c: Uses<'tokens' | 'consultations' | 'identities' | 'pets'>, input) => {
  await c.services.tokens.ready();
  const { consultation, vet, profile } = c.ctx.uow.run((tx) => {
    const opened = c.services.consultations.talkToVet(tx, c.app, {
      email: input.email, pet_id: input.pet_id, type: input.conversation_request, family: 'application',
      doctor_email: input.doctor_email, dev_type: input.dev_type, device_token: input.device_token, location_email: input.location_email,
      vet_id: c.chosenVet,
    });
    return { consultation: opened.consultation, vet: opened.vet, profile: profileOf(c, tx, opened.user, opened.pet) };
  });
  return { ...profile, consultation, vet, rtcToken: c.services.identities.rtcToken(c.app, profile.user, grantsOf(consultation), parseTimestamp(consultation.created_at)) };
});

/** B10: a chat, registering the user (and paying) first if needed. */
export const clientTalkToVet = useCase(B.clientTalkToVetBody, async (c: Uses<'tokens' | 'clientUsers' | 'identities' | 'pets'>, input) => {
  await c.services.tokens.ready();
  const { consultation, profile } = c.ctx.uow.run((tx) => {
    const opened = c.services.clientUsers.talkToVet(tx, c.app, input, c.chosenVet);
    return { consultation: opened.consultation, profile: clientProfileOf(c, tx, opened.user) };
  });
  return { ...profile, consultation, ...c.services.identities.sessionTokens(c.app, profile.user, grantsOf(consultation), parseTimestamp(consultation.created_at)) };
});

/** A9: a fresh real-time token for a known identity. */
export const refreshToken = useCase(A.refreshBody, async (c: Uses<'tokens' | 'consultations' | 'identities'>, input) => {
  await c.services.tokens.ready();
  const { user, grants } = c.ctx.uow.run((tx) => c.services.consultations.refresh(tx, c.app, input.identity));
  return { rtcToken: c.services.identities.rtcToken(c.app, user, grants), grants };
});

/** A10. */
export const endChat = useCase(A.endChatBody, (c: Uses<'consultations'>, input) => c.ctx.uow.run((tx) => c.services.consultations.endChat(tx, input.channel_sid, c.app.id)));

/** A14. */
export const recordVideoOutcome = useCase(A.videoCallActionBody, (c: Uses<'consultations'>, input) =>
  c.ctx.uow.run((tx) => c.services.consultations.recordOutcome(tx, input.room_sid, input.status, c.app.id)),
);

/** A11 names a chat by channel_sid and a call by room_sid, as its `type` says (either, before validation, when the type is missing). */
export const feedbackSid = (i: { type?: unknown; channel_sid?: unknown; room_sid?: unknown }): unknown =>
  i.type === 'video' ? i.room_sid : i.type === 'chat' ? i.channel_sid : (i.channel_sid ?? i.room_sid);

/** A11: the vet's feedback on one chat (channel_sid) or video call (room_sid). */
export const consultationFeedback = useCase(A.feedbackBody, (c: Uses<'feedback'>, input) =>
  c.ctx.uow.run((tx) => c.services.feedback.forPartner(tx, c.app.id, input.type, feedbackSid(input) as string)),
);
