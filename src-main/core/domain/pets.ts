// Pets: default pet, soft delete, search and paging, profile images.
import type { AppRecord } from '../../../src-shared/control';
import { AGE_PATTERN, WEIGHT_PATTERN } from '../../../src-shared/schemas/fields';
import { petsRepo } from '../db/repositories/pets';
import { usersRepo } from '../db/repositories/users';
import type { PetRow, UserRow } from '../db/repositories/types';
import { notFound, validation } from '../errors';
import { type DomainContext, nowStamp, randomHex } from './context';

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

export function petService(ctx: DomainContext) {
  const repo = petsRepo(ctx.db);
  const users = usersRepo(ctx.db);
  const svc = {
    repo,
    find(user: UserRow, petId: number): PetRow {
      const p = repo.liveById(user.id, petId);
      if (!p) throw notFound('Pet');
      return p;
    },
    add(app: AppRecord, user: UserRow, input: PetInput & { name: string; age: string; sex: string }): PetRow {
      return ctx.db.tx(() => {
        const now = nowStamp(ctx);
        const row: Omit<PetRow, 'id'> = {
          user_id: user.id, app_id: app.id, name: input.name, species: null, age: input.age, breed: null, color: null,
          weight: null, sex: input.sex, sex_type: null, dob: null, profile: null, is_dead: '0',
          created_at: now, updated_at: now, deleted_at: null, ...petColumns(input),
        };
        const id = repo.insert(row);
        if (!user.default_pet_id) {
          users.update(user.id, { default_pet_id: id });
          user.default_pet_id = id;
        }
        ctx.events.state('pet', id, 'created');
        return storedPet(id, row) ?? repo.byId(id)!;
      });
    },
    /** `baseUrl`: as the client called the simulator, so the photo's URL works from where the client sits. */
    update(app: AppRecord, user: UserRow, petId: number, input: PetInput, image?: PetImage, baseUrl = ctx.baseUrl()): PetRow {
      return ctx.db.tx(() => {
        const pet = svc.find(user, petId);
        const now = nowStamp(ctx);
        const fields: Partial<PetRow> = { ...petColumns(input), updated_at: now };
        if (image) {
          if (!Object.hasOwn(IMAGE_TYPES, image.mime)) throw validation('The profile must be a file of type: png, jpeg, gif, webp.');
          const fileName = `${randomHex(8)}.${IMAGE_TYPES[image.mime]}`;
          // Replacing the photo drops the old one in the same transaction: repeated uploads must not grow the database.
          repo.deleteMediaOfPet(app.id, pet.id);
          repo.saveMedia({ app_id: app.id, pet_id: pet.id, file_name: fileName, mime: image.mime, data: image.data, created_at: now });
          fields.profile = `${baseUrl}/media/${app.name}/pets/${pet.id}/${fileName}`;
        }
        repo.update(pet.id, fields);
        ctx.events.state('pet', pet.id, 'updated');
        return repo.byId(pet.id)!;
      });
    },
    /**
     * Soft delete; a removed default pet hands the role to the most recently added remaining pet. The photo
     * stays with the soft-deleted row (as the real service's media library keeps it), still served at its URL.
     */
    remove(user: UserRow, petId: number): void {
      ctx.db.tx(() => {
        const pet = svc.find(user, petId);
        const now = nowStamp(ctx);
        repo.update(pet.id, { deleted_at: now, updated_at: now });
        if (user.default_pet_id === pet.id) {
          const rest = repo.liveOfUser(user.id);
          const next = rest.length ? rest[rest.length - 1].id : null;
          users.update(user.id, { default_pet_id: next });
          user.default_pet_id = next;
        }
        ctx.events.state('pet', pet.id, 'removed');
      });
    },
    list(user: UserRow, q: { search_value?: string; search_by?: string; pagination?: boolean; page?: number; perPage?: number }): PetRow[] {
      let pets = repo.liveOfUser(user.id);
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
    switchDefault(user: UserRow, petId: number): { attached: number[]; detached: number[]; updated: number[] } {
      return ctx.db.tx(() => {
        const pet = svc.find(user, petId);
        const old = user.default_pet_id;
        if (old === pet.id) return { attached: [], detached: [], updated: [] };
        users.update(user.id, { default_pet_id: pet.id });
        user.default_pet_id = pet.id;
        ctx.events.state('pet', pet.id, 'default');
        return { attached: [pet.id], detached: old ? [old] : [], updated: [] };
      });
    },
    defaultPet(user: UserRow): PetRow | undefined {
      return user.default_pet_id ? repo.liveById(user.id, user.default_pet_id) : undefined;
    },
  };
  return svc;
}
