// Users of a partner app. One table serves both families; serializers differ.
import type { AppRecord } from '../../../src-shared/control';
import type { RegisterUserBody, UserActionBody } from '../../../src-shared/schemas/application';
import { formatTimestamp, type SimClock } from '../clock';
import type { UserRow } from '../db/repositories/types';
import type { UnitOfWork } from '../db/unit-of-work';
import { conflict, notFound, validation } from '../errors';
import type { Tx } from './context';
import type { IdentityService } from './identity';
import type { PetService } from './pets';

export type UserPatch = Partial<Pick<UserRow, 'first_name' | 'last_name' | 'phone_no' | 'your_registration_date' | 'role' | 'type' | 'emergency_fund' | 'status'>>;

type NewUserFields = Partial<UserRow> & Pick<UserRow, 'email' | 'first_name' | 'role' | 'status' | 'family'>;

export interface UserDeps { clock: SimClock; uow: UnitOfWork; pets: PetService; identities: IdentityService }

export function userService({ clock, uow, pets, identities }: UserDeps) {
  const svc = {
    findLive(tx: Tx, app: AppRecord, email: string): UserRow {
      const u = tx.users.liveByEmail(app.id, email);
      if (!u) throw notFound('User');
      return u;
    },
    assertEmailFree(tx: Tx, app: AppRecord, email: string): void {
      if (tx.users.liveByEmail(app.id, email)) throw validation('The email has already been taken.');
    },
    /** A user with its first status record; the caller validated the input. */
    add(tx: Tx, app: AppRecord, fields: NewUserFields): UserRow {
      const now = formatTimestamp(clock.now());
      const id = tx.users.insert({
        app_id: app.id, family: fields.family, email: fields.email, first_name: fields.first_name, last_name: fields.last_name ?? null,
        phone_no: fields.phone_no ?? null, dev_type: fields.dev_type ?? null, role: fields.role, status: fields.status,
        type: fields.type ?? 'monthly', emergency_fund: fields.emergency_fund ?? 0, trial_period: 14,
        your_registration_date: now, last_emergency_activation_date: null, next_emergency_activation_date: null,
        rtc_user_sid: fields.rtc_user_sid ?? null, default_pet_id: null, password_hash: fields.password_hash ?? null, gender: fields.gender ?? null,
        profile: fields.profile ?? null, other: fields.other ?? null, zip_code: fields.zip_code ?? null, country: fields.country ?? null,
        city: fields.city ?? null, dob: fields.dob ?? null, device_token: fields.device_token ?? null,
        pet_tracking_code: fields.pet_tracking_code ?? null, extra: fields.extra ?? null, package_id: fields.package_id ?? null,
        code: fields.code ?? null, created_at: now, updated_at: now, deleted_at: null,
      });
      tx.users.addStatus({ user_id: id, app_id: app.id, status: fields.status, type: fields.type ?? 'monthly', date_time: now, created_at: now, updated_at: now });
      tx.events.state('user', id, 'created');
      return tx.users.byId(id)!;
    },
    /**
     * The writes of A7: the user, its first status record, the pet sent with it (which becomes the
     * default pet) and its identity, together or not at all. The token is signed after the commit.
     */
    register(tx: Tx, app: AppRecord, body: RegisterUserBody): UserRow {
      svc.assertEmailFree(tx, app, body.email);
      const created = svc.add(tx, app, {
        family: 'application', email: body.email, first_name: body.first_name, last_name: body.last_name ?? null,
        phone_no: body.phone_no ?? null, dev_type: body.dev_type, role: body.role, status: 'subscribed', type: 'monthly',
        emergency_fund: body.role === 'protect_users' ? (body.emergency_fund ?? 0) : 0,
        // A7 always issues a token: the sid goes in with the row, not in an UPDATE of it by issue() below.
        rtc_user_sid: identities.newSid(),
      });
      // The schema requires name, age and sex together, so a name means a complete pet.
      if (body.name !== undefined && body.name !== null) {
        pets.add(tx, app, created, {
          name: body.name, age: body.age!, sex: body.sex!, species: body.species, breed: body.breed, color: body.color,
          weight: body.weight, sex_type: body.sex_type, dob: body.dob,
        });
      }
      identities.issue(tx, app, created);
      return tx.users.byId(created.id)!;
    },
    /** A12 and B11: append a status record, apply the optional fields, enforce the role rule. */
    applyAction(tx: Tx, app: AppRecord, body: Pick<UserActionBody, 'email'> & { status: string } & UserPatch & { type?: string }): UserRow {
      const user = svc.findLive(tx, app, body.email);
      if (body.role === 'users' && user.role === 'protect_users' && body.status !== 'cancelled')
        throw conflict('The role can only change from protect_users to users when the status is cancelled.');
      const now = formatTimestamp(clock.now());
      const patch: Partial<UserRow> = { status: body.status, updated_at: now };
      for (const k of ['first_name', 'last_name', 'phone_no', 'your_registration_date', 'role', 'type', 'emergency_fund'] as const)
        if (body[k] !== undefined) (patch as Record<string, unknown>)[k] = body[k];
      tx.users.update(user.id, patch);
      tx.users.addStatus({ user_id: user.id, app_id: app.id, status: body.status, type: body.type ?? user.type, date_time: now, created_at: now, updated_at: now });
      tx.events.state('user', user.id, 'status');
      return tx.users.byId(user.id)!;
    },
    /** A13: soft delete; `app_id` must be the path app's id. */
    delete(tx: Tx, app: AppRecord, email: string, appId: number): UserRow {
      if (appId !== app.id) throw notFound('User');
      const user = svc.findLive(tx, app, email);
      const now = formatTimestamp(clock.now());
      tx.users.update(user.id, { deleted_at: now, updated_at: now });
      tx.events.state('user', user.id, 'deleted');
      return tx.users.byId(user.id)!;
    },
    /** `add` as a unit of work of its own (users set up by a script or a test). */
    insert: (app: AppRecord, fields: NewUserFields): UserRow => uow.run((tx) => svc.add(tx, app, fields)),
    /** A7's writes as a unit of work of its own (the demo data set, scripts and tests). */
    registerApplicationUser: (app: AppRecord, body: RegisterUserBody): UserRow => uow.run((tx) => svc.register(tx, app, body)),
  };
  return svc;
}

export type UserService = ReturnType<typeof userService>;
