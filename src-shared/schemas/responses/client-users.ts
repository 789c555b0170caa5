// The client family's user (inside stringify_response), its report rows, pagination and payments.
import { z } from 'zod';
import { component, id, nullableText, role, timestamp, unmodelledRelation } from './common';
import { clientPet } from './pets';
import { statusRecord } from './users';

const contact = component('ClientUserContact', z.strictObject({ zip_code: nullableText, phone_no: nullableText }));

export const device = component(
  'Device',
  z.strictObject({
    id, user_id: id, device_token: nullableText, udid: nullableText, dev_type: nullableText, app_version: nullableText,
    created_at: timestamp, updated_at: timestamp, deleted_at: timestamp.nullable(), rec_id: id, model_id: id, model_type: z.string(),
  }),
);

const rolePivot = z.strictObject({ model_id: id, role_id: id, model_type: z.string() });

export const clientUser = component(
  'ClientUser',
  z.strictObject({
    id,
    email: z.string(),
    email_verified_at: timestamp.nullable(),
    app_id: id,
    first_name: z.string(),
    last_name: z.string().describe('`""` when the user gave none, as the application family shows it'),
    is_online: z.int(),
    status: z.string(),
    extra: nullableText,
    is_senior_program_user: z.int(),
    next_emergency_activation_date: timestamp.nullable(),
    pet_tracking_code: nullableText,
    payment_customer_id: nullableText,
    payment_method_id: nullableText,
    created_at: timestamp,
    updated_at: timestamp,
    deleted_at: timestamp.nullable(),
    is_deleted_by: z.union([id, z.string()]).nullable(),
    role_names: z.array(role),
    app: z.array(z.string()),
    notesEmergency: unmodelledRelation,
    emergency: unmodelledRelation,
    default_pet: z.array(clientPet).describe('The default pet as a one-element list, or empty'),
    devices: z.array(device),
    user_details: z.strictObject({
      id, vet_care_user_id: id, profile: nullableText, other: contact, phone_no: nullableText, created_at: timestamp, updated_at: timestamp,
    }),
    user_app_statuses: z.array(statusRecord),
    roles: z.array(z.strictObject({ id, name: role, guard_name: z.string(), created_at: timestamp, updated_at: timestamp, pivot: rolePivot })),
  }),
  'A user as the client family serializes it; it travels inside `stringify_response` (B9, B10).',
);

export const clientUserRow = component(
  'ClientUserRow',
  z.strictObject({
    user_id: id,
    email: z.string(),
    first_name: z.string(),
    last_name: z.string().describe('`""` when the user gave none'),
    user_details: contact,
    extra: nullableText,
    package_name: nullableText,
    package_type: z.string(),
    role,
    default_pet: clientPet.nullable(),
    all_pets: z.array(clientPet),
    usage_subscription: z.array(z.strictObject({ type: z.string(), total: z.int() })),
    user_subscription_status: z.string(),
    joining_date: z.string().describe('`YYYY-MM-DDTHH:MM:SS.ffffffZ`'),
  }),
  'B5: one row of the client user report.',
);

export const pagination = component(
  'Pagination',
  z.strictObject({
    total: z.int(), current: z.int(), first: z.int(), last: z.int(), previous: z.int(), next: z.int(),
    pages: z.array(z.int()).describe('At most 10 page numbers around `current`'),
    from: z.int().describe('1-based position of the first record; 0 when empty'),
    to: z.int().describe('1-based position of the last record; 0 when empty'),
  }),
);

export const paymentRow = component(
  'PaymentRow',
  z.strictObject({
    payment_id: id,
    amount: z.string().describe('Decimal, e.g. `14.98`'),
    user_id: id.nullable(),
    status: z.string(),
    email: z.string(),
    first_name: nullableText,
    last_name: nullableText,
    next_emergency_activation_date: timestamp.nullable(),
    payment_initiated_time: z.string().describe('`YYYY-MM-DDTHH:MM:SS.ffffffZ`'),
    role: nullableText,
    package_name: nullableText,
    package_type: nullableText,
  }),
  'B6: one payment (the same columns as the CSV export).',
);

export const clientAction = component(
  'ClientActionResult',
  z.strictObject({ email: z.string(), registration: z.string().describe('`YYYY-MM-DDTHH:MM:SS.ffffffZ`'), status: z.string(), role }),
);
