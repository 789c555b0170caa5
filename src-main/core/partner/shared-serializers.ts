// Field shapes both families print the same way.
import type { PetRow, StatusRow } from '../db/repositories/types';

export const weightOut = (w: string | null) => (w === null ? null : `${w} lbs`);

/**
 * An absent last name is stored as null (ConvertEmptyStringsToNull makes `""` absent too) and shown as `""` by
 * every partner view, both families: the spec types the user's `last_name` as a string, beside a `phone_no` it
 * types "string or null", and A7/A6 have always shown `""` (issue 29 item 10).
 */
export const shownLastName = (lastName: string | null): string => lastName ?? '';

/** The pet fields common to both families, and the pivot a default pet carries. */
export interface CommonPet {
  id: number; user_id: number; pet_id: number; name: string; species: string | null; age: string; breed: string | null; color: string | null;
  weight: string | null; sex: string; sex_type: string | null; dob: string | null; profile: string | null; created_at: string; updated_at: string;
  deleted_at: string | null; veterians: null; medicals: null; insurnaces: null; pet_veterians: never[]; pet_medicals: never[]; pet_insurnaces: never[];
  pivot?: { vet_care_user_id: number; pet_id: number };
}

/**
 * The pet fields common to both families. Each family then assigns its own fields, which the JSON shows after
 * these: `Extra` types them. Built by assignment, not spread: `{ ...petBase(…), app_id }` with a spread `pivot`
 * cost a pet 2.8–3.6 µs serialized against 1.3 µs (issue 30, from A2's profile at 50 connections).
 */
export function petBase<Extra extends object = object>(p: PetRow, isDefault: boolean): CommonPet & Extra {
  const pet: CommonPet = {
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
  };
  if (isDefault) pet.pivot = { vet_care_user_id: p.user_id, pet_id: p.id };
  return pet as CommonPet & Extra;
}

export const statusRecord = (s: StatusRow) => ({
  id: s.id, user_id: s.user_id, app_id: s.app_id, status: s.status, type: s.type,
  created_at: s.created_at, updated_at: s.updated_at, date_time: s.date_time,
});
