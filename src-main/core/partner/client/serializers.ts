// The client family's view of the domain (spec: client-family user, pet, report rows).
import type { AppRecord } from '../../../../src-shared/control';
import type { DeviceRow, FeedbackRow, PaymentRow, PetRow, StatusRow, UserRow } from '../../db/repositories/types';
import { formatIsoMicros, parseTimestamp } from '../../clock';
import { petBase, shownLastName, statusRecord } from '../shared-serializers';

export const OWNER_MODEL_TYPE = 'App\\Models\\VetCareUser';
export const ROLE_IDS: Record<string, number> = { users: 1, protect_users: 2 };
/**
 * A role is one record of the service's `roles` table (Spatie), seeded once before any user and shared by all
 * of them; only the pivot is the user's. The spec does not show when it was seeded: one fixed time, the same
 * for every user, in every answer and every run.
 */
export const ROLES_SEEDED_AT = '2020-01-01 00:00:00';

export const clientPet = (p: PetRow, defaultPetId: number | null) => {
  const pet = petBase<{ is_dead: string; model_id: number; model_type: string }>(p, p.id === defaultPetId);
  pet.is_dead = p.is_dead;
  pet.model_id = p.user_id;
  pet.model_type = OWNER_MODEL_TYPE;
  return pet;
};

const other = (u: UserRow) => ({ zip_code: u.zip_code, phone_no: u.phone_no });


export function clientUser(app: AppRecord, u: UserRow, x: { defaultPet?: PetRow; devices: DeviceRow[]; statuses: StatusRow[] }) {
  const roleId = ROLE_IDS[u.role];
  return {
    id: u.id,
    email: u.email,
    email_verified_at: null,
    app_id: u.app_id,
    first_name: u.first_name,
    last_name: shownLastName(u.last_name),
    is_online: 0,
    status: u.status,
    extra: u.extra,
    is_senior_program_user: 0,
    next_emergency_activation_date: u.next_emergency_activation_date,
    pet_tracking_code: u.pet_tracking_code,
    payment_customer_id: null,
    payment_method_id: null,
    created_at: u.created_at,
    updated_at: u.updated_at,
    deleted_at: u.deleted_at,
    is_deleted_by: null,
    role_names: [u.role],
    app: [app.display_name],
    notesEmergency: null,
    emergency: null,
    default_pet: x.defaultPet ? [clientPet(x.defaultPet, u.default_pet_id)] : [],
    devices: x.devices.map((d) => ({ ...d, rec_id: d.id, model_id: u.id, model_type: OWNER_MODEL_TYPE })),
    user_details: {
      id: u.id, vet_care_user_id: u.id, profile: u.profile, other: other(u), phone_no: u.phone_no,
      created_at: u.created_at, updated_at: u.updated_at,
    },
    user_app_statuses: x.statuses.map(statusRecord),
    roles: [{
      id: roleId, name: u.role, guard_name: 'web', created_at: ROLES_SEEDED_AT, updated_at: ROLES_SEEDED_AT,
      pivot: { model_id: u.id, role_id: roleId, model_type: OWNER_MODEL_TYPE },
    }],
  };
}

export function clientUserRow(u: UserRow, x: { pets: PetRow[]; packageName: string | null; usage: { type: string; total: number }[] }) {
  const def = x.pets.find((p) => p.id === u.default_pet_id);
  return {
    user_id: u.id,
    email: u.email,
    first_name: u.first_name,
    last_name: shownLastName(u.last_name),
    user_details: other(u),
    extra: u.extra,
    package_name: x.packageName,
    package_type: u.type,
    role: u.role,
    default_pet: def ? clientPet(def, u.default_pet_id) : null,
    all_pets: x.pets.map((p) => clientPet(p, u.default_pet_id)),
    usage_subscription: x.usage,
    user_subscription_status: u.status,
    joining_date: formatIsoMicros(parseTimestamp(u.created_at)),
  };
}

export const paymentRow = (p: PaymentRow & { next_emergency_activation_date: string | null }) => ({
  payment_id: p.id,
  amount: p.amount,
  user_id: p.user_id,
  status: p.status,
  email: p.email,
  first_name: p.first_name,
  last_name: p.first_name === null ? p.last_name : shownLastName(p.last_name), // a payer's name as the user's (none at all stays null)
  next_emergency_activation_date: p.next_emergency_activation_date,
  payment_initiated_time: formatIsoMicros(parseTimestamp(p.initiated_at)),
  role: p.role,
  package_name: p.package_name,
  package_type: p.package_type,
});

type FeedbackListRow = FeedbackRow & {
  app_name: string; vet_first_name: string; vet_last_name: string; vet_email: string;
  user_first_name: string; user_last_name: string | null; user_email: string; user_role: string;
};

/** B7's row. `feedback_date` is the spec's timestamp as stored (`YYYY-MM-DD HH:MM:SS`); the ISO form is A11's only. */
export const vetFeedbackRow = (f: FeedbackListRow) => ({
  id: f.id, app_id: f.app_id, app_name: f.app_name, type: f.type, recommendation: f.recommendation, reason: f.reason,
  feedback_date: f.feedback_date, vet_id: f.vet_id, vet_first_name: f.vet_first_name,
  vet_last_name: f.vet_last_name, vet_email: f.vet_email, user_id: f.user_id, user_first_name: f.user_first_name,
  user_last_name: shownLastName(f.user_last_name), user_email: f.user_email, user_role: f.user_role,
});
