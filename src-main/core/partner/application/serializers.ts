// The application family's view of the domain (spec: Pet, User, web user row).
import type { AppRecord } from '../../../../src-shared/control';
import type { PetRow, StatusRow, UserRow } from '../../db/repositories/types';
import { activeDays, activationBlockers, emergencyStats } from '../../domain/emergency';
import { petBase, shownLastName, statusRecord } from '../shared-serializers';

export const appPet = (p: PetRow, defaultPetId: number | null) => {
  const pet = petBase<{ app_id: number }>(p, p.id === defaultPetId);
  pet.app_id = p.app_id;
  return pet;
};

export function appUser(app: AppRecord, u: UserRow, opts: { defaultPet?: PetRow; statuses: StatusRow[]; nowMs: number }) {
  return {
    id: u.id,
    app_id: u.app_id,
    email: u.email,
    dev_type: u.dev_type ?? '',
    first_name: u.first_name,
    last_name: shownLastName(u.last_name),
    phone_no: u.phone_no,
    your_registration_date: u.your_registration_date,
    emergency_fund: u.emergency_fund,
    role: u.role,
    status: u.status,
    trial_period: u.trial_period,
    can_use_emergency_funds: activationBlockers(u, opts.nowMs).length === 0,
    app: [app.display_name],
    activedays: activeDays(u, opts.nowMs),
    pets: opts.defaultPet ? appPet(opts.defaultPet, u.default_pet_id) : null,
    user_status: opts.statuses.map(statusRecord),
    rtc_user_sid: u.rtc_user_sid,
    next_emergency_activation_date: u.next_emergency_activation_date,
    created_at: u.created_at,
    updated_at: u.updated_at,
    deleted_at: u.deleted_at,
  };
}

export const webUserRow = (u: UserRow, nowMs: number) => ({
  first_name: u.first_name,
  last_name: shownLastName(u.last_name),
  email: u.email,
  phone_no: u.phone_no,
  your_registration_date: u.your_registration_date,
  emergency_fund: u.emergency_fund,
  next_emergency_activation_date: u.next_emergency_activation_date,
  activedays: activeDays(u, nowMs),
  protect_type: u.role,
  package_type: u.type,
  subscription_status: u.status,
});

/** The emergency stats (A7, A8) as the response states them: `user_type` is the user's role (emergencyStats puts it first). */
export const appEmergencyStats = (u: UserRow, nowMs: number) => emergencyStats(u, nowMs);
