// Field shapes both families print the same way.
import type { PetRow, StatusRow } from '../db/repositories/types';

export const weightOut = (w: string | null) => (w === null ? null : `${w} lbs`);

/**
 * An absent last name is stored as null (ConvertEmptyStringsToNull makes `""` absent too) and shown as `""` by
 * every partner view, both families: the spec types the user's `last_name` as a string, beside a `phone_no` it
 * types "string or null", and A7/A6 have always shown `""` (issue 29 item 10).
 */
export const shownLastName = (lastName: string | null): string => lastName ?? '';

/** The pet fields common to both families; each family adds its own. */
export function petBase(p: PetRow, isDefault: boolean) {
  return {
    id: p.id,
    user_id: p.user_id,
    pet_id: p.id,
    name: p.name,
    species: p.species,
    age: p.age,
    breed: p.breed,
    color: p.color,
    weight: weightOut(p.weight),
    sex: p.sex,
    sex_type: p.sex_type,
    dob: p.dob,
    profile: p.profile,
    created_at: p.created_at,
    updated_at: p.updated_at,
    deleted_at: p.deleted_at,
    veterians: null,
    medicals: null,
    insurnaces: null,
    pet_veterians: [],
    pet_medicals: [],
    pet_insurnaces: [],
    ...(isDefault ? { pivot: { vet_care_user_id: p.user_id, pet_id: p.id } } : {}),
  };
}

export const statusRecord = (s: StatusRow) => ({
  id: s.id, user_id: s.user_id, app_id: s.app_id, status: s.status, type: s.type,
  created_at: s.created_at, updated_at: s.updated_at, date_time: s.date_time,
});
