// The application family's user (spec: User), its status records and emergency stats, the A6 row.
import { z } from 'zod';
import { component, id, nullableText, role, timestamp } from './common.js';
import { applicationPet } from './pets.js';

export const statusRecord = component(
  'UserStatus',
  z.strictObject({ id, user_id: id, app_id: id, status: z.string(), type: z.string(), created_at: timestamp, updated_at: timestamp, date_time: timestamp }),
);

export const emergencyStats = component(
  'EmergencyStats',
  z.strictObject({
    user_type: role,
    trial_period_count: z.int(),
    trial_period_start_date: timestamp,
    trial_period_end_date: timestamp,
    remaining_trial_period_days: z.int(),
    last_emergency_activation_date: timestamp.nullable(),
    next_emergency_activation_date: timestamp.nullable(),
    emergency_fund: z.number(),
    can_activate_Emergency: z.boolean(),
  }),
);

const applicationUserFields = {
  id,
  app_id: id,
  email: z.string(),
  dev_type: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone_no: nullableText,
  your_registration_date: timestamp,
  emergency_fund: z.number(),
  role,
  status: z.string(),
  trial_period: z.int(),
  can_use_emergency_funds: z.boolean(),
  app: z.array(z.string()),
  activedays: z.int(),
  pets: applicationPet.nullable().describe('The default pet, or null'),
  user_status: z.array(statusRecord),
  rtc_user_sid: nullableText,
  next_emergency_activation_date: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  deleted_at: timestamp.nullable(),
};

export const applicationUser = component('ApplicationUser', z.strictObject(applicationUserFields), 'A user as the application family serializes it.');

export const deletedUser = component(
  'DeletedApplicationUser',
  z.strictObject({ ...applicationUserFields, user_status_latest: statusRecord.nullable() }),
  'A13: the deleted user with its latest status record.',
);

export const emergencyLatestProtect = component(
  'EmergencyLatestProtect',
  z.strictObject({
    id, user_id: z.string().describe('The consultation identity'), vet_id: z.string(), type: z.enum(['chat', 'video']),
    protected: z.union([z.literal(0), z.literal(1)]), db_user_id: id, created_at: timestamp, updated_at: timestamp,
  }),
);

export const webUserRow = component(
  'WebUserRow',
  z.strictObject({
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone_no: nullableText,
    your_registration_date: timestamp,
    emergency_fund: z.number(),
    next_emergency_activation_date: timestamp.nullable(),
    activedays: z.int(),
    protect_type: role,
    package_type: z.string(),
    subscription_status: z.string(),
  }),
  'A6: one row of the web user report.',
);

/** A8's user inside `stringify_response`: the application user plus the consultation that was opened. */
export const talkToVetUser = component(
  'TalkToVetUser',
  z.strictObject({ ...applicationUserFields, emergency_lastest_protect: emergencyLatestProtect }),
);
