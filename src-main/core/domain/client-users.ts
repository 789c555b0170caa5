// Client-family registration (B9) and talk-to-vet (B10): a user, a pet and a payment, all or nothing.
import { randomBytes, scryptSync } from 'node:crypto';
import type { AppRecord } from '../../../src-shared/control';
import type { ClientRegisterBody, ClientTalkToVetBody } from '../../../src-shared/schemas/client';
import type { UserRow } from '../db/repositories/types';
import { type DomainContext, nowStamp } from './context';
import { paymentService } from './payments';
import { petService } from './pets';
import { userService } from './users';

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64')}$${scryptSync(password, salt, 32).toString('base64')}`;
}

type Registration = ClientRegisterBody | (ClientTalkToVetBody & { first_name?: string });

export function clientUserService(ctx: DomainContext) {
  const users = userService(ctx);
  const pets = petService(ctx);
  const payments = paymentService(ctx);
  return {
    /** B9 (and B10 for a new e-mail). A declined card throws before anything is written. */
    register(app: AppRecord, body: Registration): UserRow {
      users.assertEmailFree(app, body.email);
      const charge = payments.charge(body);
      return ctx.db.tx(() => {
        const now = nowStamp(ctx);
        const user = users.insert(app, {
          family: 'client', email: body.email, first_name: body.first_name ?? body.email.split('@')[0], last_name: body.last_name ?? null,
          phone_no: body.phone_no ?? null, dev_type: body.dev_type, role: 'users', status: body.status, type: body.type,
          password_hash: hashPassword(body.password), gender: body.gender, profile: body.profile,
          other: body.other, zip_code: body.zip_code ?? null, country: body.country ?? null, city: body.city ?? null,
          dob: body.dob ?? null, device_token: body.device_token, package_id: charge.package.id, code: body.code ?? null,
          pet_tracking_code: 'pet_tracking_code' in body ? (body.pet_tracking_code ?? null) : null,
        });
        users.repo.addDevice({
          user_id: user.id, device_token: body.device_token, udid: null, dev_type: body.dev_type, app_version: null,
          created_at: now, updated_at: now, deleted_at: null,
        });
        pets.add(app, user, {
          name: body.name, age: body.age, sex: body.sex, species: body.species, color: body.color, breed: body.breed,
          weight: body.weight, sex_type: body.sex_type, dob: body.dob,
        });
        payments.record(app, user, charge, now);
        return users.repo.byId(user.id)!;
      });
    },
  };
}
