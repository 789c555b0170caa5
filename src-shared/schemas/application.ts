// Request schemas of the application family (A1–A14), one per endpoint.
import { z } from 'zod';
import {
  booleanLike, dateDay, dateTime, email, fields, integer, nested, oneOf, page, personName, petAge, petWeight,
  requiredIf, requiredWith, species, text, withRules,
} from './fields';

export const ROLES = ['users', 'protect_users'] as const;
export const USER_ACTION_STATUSES = ['subscribed', 'cancelled'] as const;
export const CONVERSATION_TYPES = ['chat', 'video'] as const;
export const VIDEO_OUTCOMES = ['notanswered', 'declined', 'accepted'] as const;
/** Package / status type: the spec states them for the client family; A12 takes the same (one user table). */
export const PACKAGE_TYPES = ['monthly', 'yearly'] as const;

/** The optional details of a pet (A2 and, with name/age/sex optional too, A7). */
const petDetailFields = {
  species: species(),
  breed: text(),
  color: text(),
  weight: petWeight(),
  sex_type: text(),
  dob: text(),
};

export const petFields = {
  name: text({ required: true }),
  age: petAge({ required: true }),
  sex: text({ required: true }),
  ...petDetailFields,
};

export const petAddBody = fields({ email: email({ required: true }), ...petFields });

export const petUpdateBody = fields({
  email: email({ required: true }),
  pet_id: integer({ required: true }),
  pet: nested({
    name: text(),
    color: text(),
    sex: text(),
    sex_type: text(),
    // The spec: "weight (integer, optional)", "update accepts an integer": Laravel's `integer`, so 12.5 is 422.
    weight: integer({ min: 0, max: 9999 }),
    species: species(),
    breed: text(),
    age: petAge(),
    dob: text(),
  }),
});

/**
 * A3/B2's `profile` (Laravel's `image`/`mimes` rules): only an uploaded file passes them, and a file never reaches
 * the input (it comes beside it, http/multipart.ts). So a `profile` in the input, a JSON string or a form's text
 * field, is refused with the rule's message; openapi.json states it as the multipart body's binary part only.
 */
export const PROFILE_UPLOAD = { field: 'profile', message: 'The profile must be a file of type: png, jpeg, gif, webp.' } as const;

export const petRemoveBody = fields({ email: email({ required: true }), pet_id: integer({ required: true }) });

export const petListQuery = fields({
  email: email({ required: true }),
  search_value: text(),
  search_by: oneOf(['name', 'species', 'breed', 'color']),
  page: page(),
  pagination: booleanLike(),
  perPage: integer({ min: 1, max: 100 }),
});

export const webUserReportBody = withRules(
  fields({
    // The spec types date_from `date` (Laravel's rule: what strtotime reads) and date_to a plain string that only
    // works with date_from; the report needs a day from both, so date_to is read the same way.
    date_from: dateDay(),
    date_to: dateDay(),
    search_value: text(),
    pagination: integer({ min: 1, max: 100 }),
    page: page(),
    perPage: integer({ min: 1, max: 100 }),
    status: oneOf(['upgrade', 'subscribed', 'cancelled']),
    selectedProtect: oneOf(ROLES),
  }),
  [requiredWith('date_to', 'date_from'), requiredWith('date_from', 'date_to')],
);

// A7: the spec types the names as plain strings (the name character set is stated for A12, B9 and
// B10 only). Pet details are optional at registration; once any is sent, the pet must be complete
// enough to add (A2's required fields), in Laravel's `required_with` wording.
const A7_PET_FIELDS = ['name', 'age', 'sex', 'species', 'breed', 'color', 'weight', 'sex_type', 'dob'] as const;
const a7PetRequiredWith = (field: (typeof A7_PET_FIELDS)[number], others: readonly string[]) => ({
  check: (data: Record<string, unknown>) =>
    !others.some((o) => data[o] !== undefined && data[o] !== null && data[o] !== '') || (data[field] !== undefined && data[field] !== null && data[field] !== ''),
  error: `The ${field} field is required when ${others.map((o) => o.replace(/_/g, ' ')).join(' / ')} is present.`,
  path: [field],
});

export const registerUserBody = withRules(
  // The spec table's order (its messages come in it), then the pet's fields in A2's order.
  fields({
    first_name: text({ required: true }),
    email: email({ required: true }),
    role: oneOf(ROLES, { required: true }),
    dev_type: text({ required: true }),
    emergency_fund: integer({ min: 0 }),
    last_name: text(),
    phone_no: text({ max: 32 }),
    name: text(),
    age: petAge(),
    sex: text(),
    ...petDetailFields,
  }),
  [
    requiredIf('emergency_fund', 'role', 'protect_users'),
    a7PetRequiredWith('name', A7_PET_FIELDS.filter((f) => f !== 'name')),
    a7PetRequiredWith('age', ['name']),
    a7PetRequiredWith('sex', ['name']),
  ],
);

export const talkToVetBody = fields({
  email: email({ required: true }),
  conversation_request: oneOf(CONVERSATION_TYPES, { required: true }),
  pet_id: integer({ required: true }),
  dev_type: text(),
  device_token: text(),
  location_email: text(),
  doctor_email: email(),
});

export const refreshBody = fields({ identity: text({ required: true }), dev_type: text({ required: true }) });

export const endChatBody = fields({ channel_sid: text({ required: true }) });

export const feedbackBody = withRules(
  fields({ type: oneOf(CONVERSATION_TYPES, { required: true }), channel_sid: text(), room_sid: text() }),
  [requiredIf('channel_sid', 'type', 'chat'), requiredIf('room_sid', 'type', 'video')],
);

export const userActionBody = fields({
  email: email({ required: true }),
  status: oneOf(USER_ACTION_STATUSES, { required: true }),
  first_name: personName(),
  last_name: personName(),
  your_registration_date: dateTime(),
  phone_no: text({ max: 32 }),
  role: oneOf(ROLES),
  // The values B11 takes (the spec states monthly/yearly for the client family; one user table serves both).
  type: oneOf(PACKAGE_TYPES),
  emergency_fund: integer({ min: 0 }),
});

export const deleteUserBody = fields({ email: email({ required: true }), app_id: integer({ required: true }) });

export const videoCallActionBody = fields({
  status: oneOf(VIDEO_OUTCOMES, { required: true }),
  room_sid: text({ required: true }),
});

/** The domain's inputs (domain/users.ts): what these schemas produce. */
export type RegisterUserBody = z.output<typeof registerUserBody>;
export type UserActionBody = z.output<typeof userActionBody>;
