// Client-family registration (B9) and talk-to-vet (B10): a user, a pet, a payment (and for B10 a
// chat), each request one unit of work. Everything that can refuse the request (e-mail taken, card
// rules, a declined card, no vet online) is decided before the first write; the transaction still
// takes back whatever a later failure would leave half done.
import { scryptSync } from 'node:crypto';
import type { AppRecord } from '../../../src-shared/control';
import type { ClientRegisterBody, ClientTalkToVetBody } from '../../../src-shared/schemas/client';
import { formatTimestamp, type SimClock } from '../clock';
import type { ConsultationRow, UserRow } from '../db/repositories/types';
import type { ConsultationService } from './consultations';
import type { Tx } from './context';
import { UNSEEDED, type Randomness } from './randomness';
import type { IdentityService } from './identity';
import type { Charge, PaymentService } from './payments';
import type { PetService } from './pets';
import type { UserService } from './users';

export function hashPassword(password: string, random: Randomness = UNSEEDED): string {
  const salt = random.bytes(16);
  return `scrypt$${salt.toString('base64')}$${scryptSync(password, salt, 32).toString('base64')}`;
}

type Registration = ClientRegisterBody | (ClientTalkToVetBody & { first_name?: string });

const petOf = (body: Registration) => ({
  name: body.name, age: body.age, sex: body.sex, species: body.species, color: body.color, breed: body.breed,
  weight: body.weight, sex_type: body.sex_type, dob: body.dob,
});

export interface ClientUserDeps {
  clock: SimClock; users: UserService; pets: PetService; payments: PaymentService; identities: IdentityService; consultations: ConsultationService;
  /** Where password salts come from (seeded: reproducible). */
  random?: Randomness;
}

export function clientUserService({ clock, users, pets, payments, identities, consultations, random = UNSEEDED }: ClientUserDeps) {
  const svc = {
    /** The writes of B9 (and of B10 for a new e-mail); a refused card writes nothing. Tokens are signed after the commit. */
    register(tx: Tx, app: AppRecord, body: Registration, charged?: Charge): UserRow {
      users.assertEmailFree(tx, app, body.email);
      const charge = charged ?? payments.charge(tx, body);
      const now = formatTimestamp(clock.now());
      const user = users.add(tx, app, {
        family: 'client', email: body.email, first_name: body.first_name ?? body.email.split('@')[0], last_name: body.last_name ?? null,
        phone_no: body.phone_no ?? null, dev_type: body.dev_type, role: 'users', status: body.status, type: body.type,
        password_hash: hashPassword(body.password, random), gender: body.gender, profile: body.profile,
        other: body.other, zip_code: body.zip_code ?? null, country: body.country ?? null, city: body.city ?? null,
        dob: body.dob ?? null, device_token: body.device_token, package_id: charge.package.id, code: body.code ?? null,
        pet_tracking_code: 'pet_tracking_code' in body ? (body.pet_tracking_code ?? null) : null,
      });
      tx.users.addDevice({
        user_id: user.id, device_token: body.device_token, udid: null, dev_type: body.dev_type, app_version: null,
        created_at: now, updated_at: now, deleted_at: null,
      });
      pets.add(tx, app, user, petOf(body));
      payments.record(tx, app, user, charge, now);
      identities.issue(tx, app, user);
      return tx.users.byId(user.id)!;
    },
    /**
     * B10: finds the user by e-mail (registering it as B9 would when absent), gives it the pet sent
     * when it has no default pet, and opens a chat for the default pet. Tokens are signed after the commit.
     */
    talkToVet(tx: Tx, app: AppRecord, body: ClientTalkToVetBody, chosenVet?: string): { consultation: ConsultationRow; user: UserRow } {
      const known = tx.users.liveByEmail(app.id, body.email);
      // A refused card is answered before a vet is looked for, as B9 would answer it.
      const charge = known ? undefined : payments.charge(tx, body);
      const vet = consultations.pickVet(tx, undefined, chosenVet);
      const owner = known ?? svc.register(tx, app, body, charge);
      const pet = pets.defaultPet(tx, owner) ?? pets.add(tx, app, owner, petOf(body)).pet;
      const opened = consultations.open(tx, app, owner, pet, {
        type: 'chat', family: 'client', device_token: body.device_token, dev_type: body.dev_type, location_email: body.location_email,
      }, vet);
      return { consultation: opened.consultation, user: tx.users.byId(owner.id)! };
    },
  };
  return svc;
}
