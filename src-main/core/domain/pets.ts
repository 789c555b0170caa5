// Pets: default pet, soft delete, search and paging, profile images.
import type { AppRecord } from '../../../src-shared/control';
import { AGE_PATTERN, WEIGHT_PATTERN } from '../../../src-shared/schemas/fields';
import { formatTimestamp, type SimClock } from '../clock';
import type { PetRow, UserRow } from '../db/repositories/types';
import { notFound, validation } from '../errors';
import type { Reads, Tx } from './context';
import { UNSEEDED, type Randomness } from './randomness';

export interface PetInput {
  name?: string; age?: string; sex?: string; species?: string; breed?: string; color?: string;
  weight?: number | string; sex_type?: string; dob?: string;
}
export interface PetImage { mime: string; data: Uint8Array; originalName: string }
export const IMAGE_TYPES: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };

/** `2 year 3 months` → `2 years 3 months`: the one spelling the spec shows. */
export function normalizeAge(age: string): string {
  const m = AGE_PATTERN.exec(age.trim());
  if (!m) return age;
  return m[2] ? `${Number(m[1])} years ${Number(m[2])} months` : `${Number(m[1])} years`;
}
export function normalizeWeight(w: number | string): string {
  if (typeof w === 'number') return String(w);
  return WEIGHT_PATTERN.exec(w.trim())?.[1] ?? w;
}

function petColumns(input: PetInput): Partial<PetRow> {
  const out: Partial<PetRow> = {};
  for (const k of ['name', 'sex', 'breed', 'color', 'sex_type', 'dob'] as const) if (input[k] !== undefined) out[k] = input[k]!;
  if (input.species !== undefined) out.species = input.species.toLowerCase();
  if (input.age !== undefined) out.age = normalizeAge(input.age);
  if (input.weight !== undefined) out.weight = normalizeWeight(input.weight);
  return out;
}

/**
 * The row just inserted, as a read would return it, without the read: every column but the ids is
 * TEXT, so strings and nulls come back unchanged (anything else is left to the database to convert).
 * The keys are in the table's column order, as `SELECT *` gives them.
 */
function storedPet(id: number, row: Omit<PetRow, 'id'>): PetRow | undefined {
  for (const [k, v] of Object.entries(row)) if (v !== null && typeof v !== 'string' && k !== 'user_id' && k !== 'app_id') return undefined;
  return { id, ...row };
}

/** A pet just added, and its owner's default pet after the add (the first pet becomes the default). */
export interface PetAdded { pet: PetRow; defaultPetId: number }

export function petService({ clock, reads, baseUrl, random = UNSEEDED }: { clock: SimClock; reads: Reads; baseUrl: () => string; random?: Randomness }) {
  const now = () => formatTimestamp(clock.now());
  const svc = {
    find(tx: Tx, user: UserRow, petId: number): PetRow {
      const p = tx.pets.liveById(user.id, petId);
      if (!p) throw notFound('Pet');
      return p;
    },
    /** `owner` as stored in this unit of work: whether it has a default pet decides whether this one becomes it. */
    add(tx: Tx, app: AppRecord, owner: UserRow, input: PetInput & { name: string; age: string; sex: string }): PetAdded {
      const at = now();
      const row: Omit<PetRow, 'id'> = {
        user_id: owner.id, app_id: app.id, name: input.name, species: null, age: input.age, breed: null, color: null,
        weight: null, sex: input.sex, sex_type: null, dob: null, profile: null, is_dead: '0',
        created_at: at, updated_at: at, deleted_at: null, ...petColumns(input),
      };
      const id = tx.pets.insert(row);
      if (!owner.default_pet_id) tx.users.update(owner.id, { default_pet_id: id });
      tx.events.state('pet', id, 'created');
      return { pet: storedPet(id, row) ?? tx.pets.byId(id)!, defaultPetId: owner.default_pet_id || id };
    },
    /** `callerBaseUrl`: as the client called the simulator, so the photo's URL works from where the client sits. */
    update(tx: Tx, app: AppRecord, user: UserRow, petId: number, input: PetInput, image?: PetImage, callerBaseUrl = baseUrl()): PetRow {
      const pet = svc.find(tx, user, petId);
      const at = now();
      const fields: Partial<PetRow> = { ...petColumns(input), updated_at: at };
      if (image) {
        if (!Object.hasOwn(IMAGE_TYPES, image.mime)) throw validation('The profile must be a file of type: png, jpeg, gif, webp.');
        const fileName = `${random.hex(8)}.${IMAGE_TYPES[image.mime]}`;
        // Replacing the photo drops the old one in the same transaction: repeated uploads must not grow the database.
        tx.pets.deleteMediaOfPet(app.id, pet.id);
        tx.pets.saveMedia({ app_id: app.id, pet_id: pet.id, file_name: fileName, mime: image.mime, data: image.data, created_at: at });
        fields.profile = `${callerBaseUrl}/media/${app.name}/pets/${pet.id}/${fileName}`;
      }
      tx.pets.update(pet.id, fields);
      tx.events.state('pet', pet.id, 'updated');
      return tx.pets.byId(pet.id)!;
    },
    /**
     * Soft delete; a removed default pet hands the role to the most recently added remaining pet. The photo
     * stays with the soft-deleted row (as the real service's media library keeps it), still served at its URL.
     */
    remove(tx: Tx, user: UserRow, petId: number): void {
      const pet = svc.find(tx, user, petId);
      const at = now();
      tx.pets.update(pet.id, { deleted_at: at, updated_at: at });
      if (user.default_pet_id === pet.id) {
        const rest = tx.pets.liveOfUser(user.id);
        tx.users.update(user.id, { default_pet_id: rest.length ? rest[rest.length - 1].id : null });
      }
      tx.events.state('pet', pet.id, 'removed');
    },
    list(tx: Tx, user: UserRow, q: { search_value?: string; search_by?: string; pagination?: boolean; page?: number; perPage?: number }): PetRow[] {
      let pets = tx.pets.liveOfUser(user.id);
      if (q.search_value) {
        const needle = q.search_value.toLowerCase();
        const cols = (q.search_by ? [q.search_by] : ['name', 'species', 'breed', 'color']) as (keyof PetRow)[];
        pets = pets.filter((p) => cols.some((c) => String(p[c] ?? '').toLowerCase().includes(needle)));
      }
      if (q.pagination) {
        const per = q.perPage ?? 10;
        const page = q.page ?? 1;
        pets = pets.slice((page - 1) * per, page * per);
      }
      return pets;
    },
    /** B8, with Laravel `sync` semantics. */
    switchDefault(tx: Tx, user: UserRow, petId: number): { attached: number[]; detached: number[]; updated: number[] } {
      const pet = svc.find(tx, user, petId);
      const old = user.default_pet_id;
      if (old === pet.id) return { attached: [], detached: [], updated: [] };
      tx.users.update(user.id, { default_pet_id: pet.id });
      tx.events.state('pet', pet.id, 'default');
      return { attached: [pet.id], detached: old ? [old] : [], updated: [] };
    },
    defaultPet(tx: Tx, user: UserRow): PetRow | undefined {
      return user.default_pet_id ? tx.pets.liveById(user.id, user.default_pet_id) : undefined;
    },
    /** A stored photo (GET /media/…), whatever its type: the caller serves image types only. */
    media: (appId: number, petId: number, fileName: string) => reads.pets.media(appId, petId, fileName),
  };
  return svc;
}

export type PetService = ReturnType<typeof petService>;
