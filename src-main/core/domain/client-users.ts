// Client-family registration (B9) and talk-to-vet (B10): a user, a pet, a payment (and for B10 a
// chat), each request one unit of work. Everything that can refuse the request (e-mail taken, card
// rules, a declined card, no vet online) is decided before the first write; the transaction still
// takes back whatever a later failure would leave half done.
import { randomBytes, scryptSync } from 'node:crypto';
import type { AppRecord } from '../../../src-shared/control';
import type { ClientRegisterBody, ClientTalkToVetBody } from '../../../src-shared/schemas/client';
import type { UserRow } from '../db/repositories/types';
import { consultationService, grantsOf } from './consultations';
import { type DomainContext, nowStamp } from './context';
import { identityService } from './identity';
import { type Charge, paymentService } from './payments';
import { petService } from './pets';
import { userService } from './users';

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64')}$${scryptSync(password, salt, 32).toString('base64')}`;
}

type Registration = ClientRegisterBody | (ClientTalkToVetBody & { first_name?: string });

const petOf = (body: Registration) => ({
  name: body.name, age: body.age, sex: body.sex, species: body.species, color: body.color, breed: body.breed,
  weight: body.weight, sex_type: body.sex_type, dob: body.dob,
});

export function clientUserService(ctx: DomainContext, random?: () => number) {
  const users = userService(ctx);
  const pets = petService(ctx);
  const payments = paymentService(ctx);
  const identities = identityService(ctx);
  const consultations = consultationService(ctx, random);

  const svc = {
    /** The writes of B9 (and of B10 for a new e-mail), in one transaction; a refused card writes nothing. */
    register(app: AppRecord, body: Registration, charged?: Charge): UserRow {
      return ctx.db.tx(() => {
        users.assertEmailFree(app, body.email);
        const charge = charged ?? payments.charge(body);
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
        pets.add(app, user, petOf(body));
        payments.record(app, user, charge, now);
        identities.issue(app, user);
        return users.repo.byId(user.id)!;
      });
    },
    /** B9: the registration, then its session tokens signed for the committed user. */
    async registerWithTokens(app: AppRecord, body: ClientRegisterBody) {
      const user = svc.register(app, body);
      return { user, ...(await identities.sessionTokens(app, user)) };
    },
    /**
     * B10: finds the user by e-mail (registering it as B9 would when absent), gives it the pet sent
     * when it has no default pet, and opens a chat for the default pet.
     */
    async talkToVet(app: AppRecord, body: ClientTalkToVetBody) {
      const { consultation, user } = ctx.db.tx(() => {
        const known = users.repo.liveByEmail(app.id, body.email);
        // A refused card is answered before a vet is looked for, as B9 would answer it.
        const charge = known ? undefined : payments.charge(body);
        const vet = consultations.pickVet();
        const owner = known ?? svc.register(app, body, charge);
        const pet = pets.defaultPet(owner) ?? pets.add(app, owner, petOf(body));
        const opened = consultations.open(app, owner, pet, {
          type: 'chat', family: 'client', device_token: body.device_token, dev_type: body.dev_type, location_email: body.location_email,
        }, vet);
        return { consultation: opened.consultation, user: users.repo.byId(owner.id)! };
      });
      return { consultation, user, ...(await identities.sessionTokens(app, user, grantsOf(consultation))) };
    },
  };
  return svc;
}
