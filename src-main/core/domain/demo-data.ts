// The demo data set (resources/demo-data.json): both families' users with pets, consultations in
// every state, feedback, and succeeded and failed payments — a partner demo in one click.
import { readFileSync } from 'node:fs';
import { DAY_MS, formatTimestamp } from '../clock';
import { resourcePath } from '../resources';
import type { DomainContext } from './context';
import type { Services } from './services';

interface DemoPet { name: string; age: string; sex: string; species: string; breed: string; color: string; weight?: number }
interface DemoData {
  application_users: { first_name: string; last_name: string; email: string; role: 'users' | 'protect_users'; emergency_fund?: number; dev_type: string; registered_days_ago: number; status?: string; pets: DemoPet[] }[];
  client_users: { first_name: string; last_name: string; email: string; card: string; package_id: string; price: string; addon: boolean; status: 'subscribed' | 'cancelled' | 'upgrade'; type: 'monthly' | 'yearly'; pet: DemoPet }[];
  failed_payments: { email: string; first_name: string; last_name: string; amount: string; package_id: string; reason: string }[];
  consultations: { email: string; pet: number; type: 'chat' | 'video'; state: string; vet?: string; feedback?: { recommendation: string; reason: string } }[];
}

export async function loadDemoData(ctx: DomainContext, s: Services) {
  const demo = JSON.parse(readFileSync(resourcePath('demo-data.json'), 'utf8')) as DemoData;
  const app = s.apps.byId(1);
  if (!app) return { loaded: false, users: 0, consultations: 0, message: 'The demo app (id 1) is missing; reset the simulator first.' };
  const already = [...demo.application_users, ...demo.client_users].filter((u) => s.users.repo.liveByEmail(app.id, u.email));
  if (already.length) return { loaded: false, users: 0, consultations: 0, message: `Demo data is already loaded (${already[0].email} exists).` };
  const now = ctx.clock.nowMs();
  ctx.db.tx(() => {
    for (const u of demo.application_users) {
      const user = s.users.registerApplicationUser(app, { ...u, emergency_fund: u.emergency_fund });
      const registered = formatTimestamp(now - u.registered_days_ago * DAY_MS);
      s.users.repo.update(user.id, { your_registration_date: registered, created_at: registered, status: u.status ?? 'subscribed' });
      ctx.events.state('user', user.id, 'updated');
      for (const p of u.pets) s.pets.add(app, s.users.repo.byId(user.id)!, p);
    }
    for (const u of demo.client_users) {
      s.clientUsers.register(app, {
        ...u, password: 'demo-password', device_token: `demo-device-${u.first_name.toLowerCase()}`, api_key: app.api_key, dev_type: 'ios',
        other: '{}', profile: '', gender: 'unspecified', number: u.card, exp_month: '12', exp_year: String(new Date(now).getUTCFullYear() + 3),
        cvc: '123', is_addOn: u.addon ? '1' : '0', addOn_package_id: '10', addOn_price: '4.99', ...u.pet, breed: u.pet.breed,
      } as never);
    }
    for (const f of demo.failed_payments) {
      const pkg = s.payments.repo.packageById(f.package_id);
      s.payments.repo.insert({
        app_id: app.id, user_id: null, email: f.email, first_name: f.first_name, last_name: f.last_name, amount: f.amount, status: 'failed',
        package_id: f.package_id, package_name: pkg?.name ?? null, package_type: pkg?.type ?? null, role: 'users', card_brand: 'visa',
        card_last4: f.reason.includes('insufficient') ? '9995' : '0002', failure_reason: f.reason, initiated_at: formatTimestamp(now - DAY_MS),
      });
    }
  });
  // Consultations go through the same state machine a partner and a vet would drive.
  const online = s.vets.list().filter((v) => v.online).map((v) => v.id);
  for (const v of s.vets.list()) if (!v.online) s.vets.setOnline(v.id, true);
  for (const c of demo.consultations) {
    const user = s.users.repo.liveByEmail(app.id, c.email)!;
    const pet = s.pets.repo.liveOfUser(user.id)[c.pet];
    const vetEmail = c.vet ? s.vets.require(c.vet).email : undefined;
    const { consultation } = await s.consultations.start(app, user, pet, { type: c.type, family: user.family, doctor_email: vetEmail });
    const sid = consultation.sid;
    if (c.state === 'active' || (c.type === 'chat' && c.state === 'ended')) s.consultations.accept(sid);
    if (c.type === 'chat' && c.state === 'ended') s.consultations.endChat(sid);
    if (c.type === 'video' && c.state !== 'ringing') s.consultations.recordOutcome(sid, c.state === 'completed' ? 'accepted' : (c.state as 'accepted'));
    if (c.state === 'completed') s.consultations.endChat(sid);
    if (c.feedback) s.feedback.write(sid, c.feedback);
  }
  for (const v of s.vets.list()) if (!online.includes(v.id)) s.vets.setOnline(v.id, false);
  const users = demo.application_users.length + demo.client_users.length;
  return { loaded: true, users, consultations: demo.consultations.length, message: `Demo data loaded: ${users} users, ${demo.consultations.length} consultations.` };
}
