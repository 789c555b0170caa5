// Users of a partner app. One table serves both families; serializers differ.
import type { AppRecord } from '../../../src-shared/control';
import type { RegisterUserBody, UserActionBody } from '../../../src-shared/schemas/application';
import { usersRepo } from '../db/repositories/users';
import type { UserRow } from '../db/repositories/types';
import { conflict, notFound, validation } from '../errors';
import { type DomainContext, nowStamp } from './context';
import { identityService } from './identity';
import { petService } from './pets';

export type UserPatch = Partial<Pick<UserRow, 'first_name' | 'last_name' | 'phone_no' | 'your_registration_date' | 'role' | 'type' | 'emergency_fund' | 'status'>>;

export function userService(ctx: DomainContext) {
  const repo = usersRepo(ctx.db);
  const pets = petService(ctx);
  const identity = identityService(ctx);
  const svc = {
    repo,
    findLive(app: AppRecord, email: string): UserRow {
      const u = repo.liveByEmail(app.id, email);
      if (!u) throw notFound('User');
      return u;
    },
    assertEmailFree(app: AppRecord, email: string): void {
      if (repo.liveByEmail(app.id, email)) throw validation('The email has already been taken.');
    },
    /** Inserts a user with its first status record; the caller validated the input. */
    insert(app: AppRecord, fields: Partial<UserRow> & Pick<UserRow, 'email' | 'first_name' | 'role' | 'status' | 'family'>): UserRow {
      const now = nowStamp(ctx);
      const id = repo.insert({
        app_id: app.id, family: fields.family, email: fields.email, first_name: fields.first_name, last_name: fields.last_name ?? null,
        phone_no: fields.phone_no ?? null, dev_type: fields.dev_type ?? null, role: fields.role, status: fields.status,
        type: fields.type ?? 'monthly', emergency_fund: fields.emergency_fund ?? 0, trial_period: 14,
        your_registration_date: now, last_emergency_activation_date: null, next_emergency_activation_date: null,
        rtc_user_sid: null, default_pet_id: null, password_hash: fields.password_hash ?? null, gender: fields.gender ?? null,
        profile: fields.profile ?? null, other: fields.other ?? null, zip_code: fields.zip_code ?? null, country: fields.country ?? null,
        city: fields.city ?? null, dob: fields.dob ?? null, device_token: fields.device_token ?? null,
        pet_tracking_code: fields.pet_tracking_code ?? null, extra: fields.extra ?? null, package_id: fields.package_id ?? null,
        code: fields.code ?? null, created_at: now, updated_at: now, deleted_at: null,
      });
      repo.addStatus({ user_id: id, app_id: app.id, status: fields.status, type: fields.type ?? 'monthly', date_time: now, created_at: now, updated_at: now });
      ctx.events.state('user', id, 'created');
      return repo.byId(id)!;
    },
    /**
     * The writes of A7, in one transaction: the user, its first status record, the pet sent with
     * it (which becomes the default pet) and its identity, together or not at all.
     */
    registerApplicationUser(app: AppRecord, body: RegisterUserBody): UserRow {
      return ctx.db.tx(() => {
        svc.assertEmailFree(app, body.email);
        const created = svc.insert(app, {
          family: 'application', email: body.email, first_name: body.first_name, last_name: body.last_name ?? null,
          phone_no: body.phone_no ?? null, dev_type: body.dev_type, role: body.role, status: 'subscribed', type: 'monthly',
          emergency_fund: body.role === 'protect_users' ? (body.emergency_fund ?? 0) : 0,
        });
        // The schema requires name, age and sex together, so a name means a complete pet.
        if (body.name !== undefined && body.name !== null) {
          pets.add(app, created, {
            name: body.name, age: body.age!, sex: body.sex!, species: body.species, breed: body.breed, color: body.color,
            weight: body.weight, sex_type: body.sex_type, dob: body.dob,
          });
        }
        identity.issue(app, created);
        return repo.byId(created.id)!;
      });
    },
    /** A7: the registration, then the token signed for the committed user. */
    async register(app: AppRecord, body: RegisterUserBody): Promise<{ user: UserRow; rtcToken: string }> {
      const user = svc.registerApplicationUser(app, body);
      return { user, rtcToken: await identity.rtcToken(app, user) };
    },
    /** A12 and B11: append a status record, apply the optional fields, enforce the role rule. */
    applyAction(app: AppRecord, body: Pick<UserActionBody, 'email'> & { status: string } & UserPatch & { type?: string }): UserRow {
      return ctx.db.tx(() => {
        const user = svc.findLive(app, body.email);
        if (body.role === 'users' && user.role === 'protect_users' && body.status !== 'cancelled')
          throw conflict('The role can only change from protect_users to users when the status is cancelled.');
        const now = nowStamp(ctx);
        const patch: Partial<UserRow> = { status: body.status, updated_at: now };
        for (const k of ['first_name', 'last_name', 'phone_no', 'your_registration_date', 'role', 'type', 'emergency_fund'] as const)
          if (body[k] !== undefined) (patch as Record<string, unknown>)[k] = body[k];
        repo.update(user.id, patch);
        repo.addStatus({ user_id: user.id, app_id: app.id, status: body.status, type: body.type ?? user.type, date_time: now, created_at: now, updated_at: now });
        ctx.events.state('user', user.id, 'status');
        return repo.byId(user.id)!;
      });
    },
    /** A13: soft delete; `app_id` must be the path app's id. */
    delete(app: AppRecord, email: string, appId: number): UserRow {
      return ctx.db.tx(() => {
        if (appId !== app.id) throw notFound('User');
        const user = svc.findLive(app, email);
        const now = nowStamp(ctx);
        repo.update(user.id, { deleted_at: now, updated_at: now });
        ctx.events.state('user', user.id, 'deleted');
        return repo.byId(user.id)!;
      });
    },
  };
  return svc;
}
