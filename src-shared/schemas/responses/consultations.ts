// Consultations: the vet, the sessions inside stringify_response, tokens and feedback.
import { z } from 'zod';
import { component, id, nullableText, partnerComponents } from './common';
import { clientUser } from './client-users';
import { emergencyStats, talkToVetUser } from './users';

const jwt = z.string().describe('A JWT (HS256)');

export const vetSummary = component('Vet', z.strictObject({ id: z.string(), username: z.string(), profile_image: nullableText }));

export const applicationSession = component(
  'TalkToVetSession',
  z.strictObject({ rtcToken: jwt, user: talkToVetUser, emergency_stats: emergencyStats }),
  'A8: the JSON text carried by `stringify_response`.',
);

export const clientRegistrationSession = component(
  'ClientRegistrationSession',
  z.strictObject({ token: jwt, rtcToken: jwt, user: clientUser }),
  'B9: the JSON text carried by `stringify_response`.',
);

export const clientChatSession = component(
  'ClientChatSession',
  z.strictObject({ token: jwt, rtcToken: jwt, channel: z.string(), user: clientUser }),
  'B10: the JSON text carried by `stringify_response`.',
);

/** A JSON document sent as a string, as the real service does; contentSchema says what it holds. */
export function stringified(session: z.ZodType) {
  const name = partnerComponents.get(session)!.id;
  return z.string().meta({ contentMediaType: 'application/json', contentSchema: { $ref: `#/components/schemas/${name}` }, description: `JSON text of a ${name}` });
}

export const feedbackDetail = component(
  'Feedback',
  z.strictObject({
    type: z.string(), vet_first_name: z.string(), vet_last_name: z.string(), recommendation: z.string(), reason: z.string(), feedback_date: z.string(),
  }),
  "A11: the vet's feedback on one consultation.",
);

export const feedbackListItem = component(
  'FeedbackListItem',
  z.strictObject({
    id, app_id: id, app_name: z.string(), type: z.string(), recommendation: z.string(), reason: z.string(), feedback_date: z.string(),
    vet_id: z.string(), vet_first_name: z.string(), vet_last_name: z.string(), vet_email: z.string(), user_id: id,
    user_first_name: z.string(), user_last_name: z.string(), user_email: z.string(), user_role: z.string(),
  }),
  'B7: one feedback of the list.',
);
