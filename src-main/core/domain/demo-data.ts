// The demo data set (resources/demo-data.json): both families' users with pets, consultations in
// every state, feedback, and succeeded and failed payments — a partner demo in one click.
import { readFileSync } from 'node:fs';
import { DAY_MS, formatTimestamp, type SimClock } from '../clock';
import type { UnitOfWork } from '../db/unit-of-work';
import { resourcePath } from '../resources';
import type { Services } from './services';

interface DemoPet { name: string; age: string; sex: string; species: string; breed: string; color: string; weight?: number }
interface DemoData {
  application_users: { first_name: string; last_name: string; email: string; role: 'users' | 'protect_users'; emergency_fund?: number; dev_type: string; registered_days_ago: number; status?: string; pets: DemoPet[] }[];
  client_users: { first_name: string; last_name: string; email: string; card: string; package_id: string; price: string; addon: boolean; status: 'subscribed' | 'cancelled' | 'upgrade'; type: 'monthly' | 'yearly'; pet: DemoPet }[];
  failed_payments: { email: string; first_name: string; last_name: string; amount: string; package_id: string; reason: string }[];
  consultations: { email: string; pet: number; type: 'chat' | 'video'; state: string; vet?: string; feedback?: { recommendation: string; reason: string } }[];
}

/** Loads the demo data set into the demo app, unless one of its users exists already. */
export async function loadDemoData(s: Services, { uow, clock }: { uow: UnitOfWork; clock: SimClock }) {
  const demo = JSON.parse(readFileSync(resourcePath('demo-data.json'), 'utf8')) as DemoData;
  const app = s.apps.byId(1);
  if (!app) return { loaded: false, users: 0, consultations: 0, message: 'The demo app (id 1) is missing; reset the simulator first.' };
  const loaded = uow.run((tx) => [...demo.application_users, ...demo.client_users].find((u) => tx.users.liveByEmail(app.id, u.email)));
  if (loaded) return { loaded: false, users: 0, consultations: 0, message: `Demo data is already loaded (${loaded.email} exists).` };
  const now = clock.nowMs();
  uow.run((tx) => {
    for (const u of demo.application_users) {
      const user = s.users.register(tx, app, { ...u, emergency_fund: u.emergency_fund });
      const registered = formatTimestamp(now - u.registered_days_ago * DAY_MS);
      tx.users.update(user.id, { your_registration_date: registered, created_at: registered, status: u.status ?? 'subscribed' });
      tx.events.state('user', user.id, 'updated');
      for (const p of u.pets) s.pets.add(tx, app, tx.users.byId(user.id)!, p);
    }
    for (const u of demo.client_users) {
      s.clientUsers.register(tx, app, {
        ...u, password: 'demo-password', device_token: `demo-device-${u.first_name.toLowerCase()}`, api_key: app.api_key, dev_type: 'ios',
        other: '{}', profile: '', gender: 'unspecified', number: u.card, exp_month: '12', exp_year: String(new Date(now).getUTCFullYear() + 3),
        cvc: '123', is_addOn: u.addon, addOn_package_id: '10', addOn_price: '4.99', ...u.pet, breed: u.pet.breed,
      } as never);
    }
    for (const f of demo.failed_payments) {
      const pkg = tx.payments.packageById(f.package_id);
      tx.payments.insert({
        app_id: app.id, user_id: null, email: f.email, first_name: f.first_name, last_name: f.last_name, amount: f.amount, status: 'failed',
        package_id: f.package_id, package_name: pkg?.name ?? null, package_type: pkg?.type ?? null, role: 'users', card_brand: 'visa',
        card_last4: f.reason.includes('insufficient') ? '9995' : '0002', failure_reason: f.reason, initiated_at: formatTimestamp(now - DAY_MS),
      });
    }
  });
  // Consultations go through the same state machine a partner and a vet would drive, a unit of work per step.
  const online = s.vets.list().filter((v) => v.online).map((v) => v.id);
  for (const v of s.vets.list()) if (!v.online) s.vets.setOnline(v.id, true);
  const { consultations, feedback } = s;
  for (const c of demo.consultations) {
    const sid = uow.run((tx) => {
      const user = tx.users.liveByEmail(app.id, c.email)!;
      const pet = tx.pets.liveOfUser(user.id)[c.pet];
      const vetEmail = c.vet ? s.vets.require(c.vet).email : undefined;
      return consultations.open(tx, app, user, pet, { type: c.type, family: user.family, doctor_email: vetEmail }).consultation.sid;
    });
    if (c.state === 'active' || (c.type === 'chat' && c.state === 'ended')) uow.run((tx) => consultations.accept(tx, sid));
    if (c.type === 'chat' && c.state === 'ended') uow.run((tx) => consultations.endChat(tx, sid));
    if (c.type === 'video' && c.state !== 'ringing') uow.run((tx) => consultations.recordOutcome(tx, sid, c.state === 'completed' ? 'accepted' : (c.state as 'accepted')));
    if (c.state === 'completed') uow.run((tx) => consultations.endChat(tx, sid));
    if (c.feedback) uow.run((tx) => feedback.write(tx, sid, c.feedback!));
  }
  for (const v of s.vets.list()) if (!online.includes(v.id)) s.vets.setOnline(v.id, false);
  const users = demo.application_users.length + demo.client_users.length;
  return { loaded: true, users, consultations: demo.consultations.length, message: `Demo data loaded: ${users} users, ${demo.consultations.length} consultations.` };
}
