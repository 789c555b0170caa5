// The current world as a scenario: rows in id order, keys in one fixed order, nothing volatile (busy vets, counts,
// caches), and only what a load would not put back by itself — a default left out, a time kept as stored. Secrets
// (app tokens and keys, password hashes) only when asked. So a saved world loaded and saved again is the same bytes.
import { scenarioSchema, type Scenario } from '../../../../src-shared/schemas/scenario';
import type { SimClock } from '../../clock';
import type { Reads } from '../context';
import type { Randomness } from '../randomness';
import { vetDisplayName } from '../vets';

type R = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** `obj` without its null, undefined and defaulted keys (`dflt[k] === obj[k]`), keys in the order written. */
function lean(obj: R, dflt: R = {}): R {
  const out: R = {};
  for (const [k, v] of Object.entries(obj)) if (v !== undefined && v !== null && !(k in dflt && dflt[k] === v)) out[k] = v;
  return out;
}

/** Numbered names for the second and later of a name within a group: `a@x.test#2`. */
function refsFor<T>(rows: T[], group: (r: T) => string): Map<T, string> {
  const seen = new Map<string, number>();
  const refs = new Map<T, string>();
  for (const r of rows) {
    const k = group(r).toLowerCase();
    const n = (seen.get(k) ?? 0) + 1;
    seen.set(k, n);
    if (n > 1) refs.set(r, `${k.split('\u0000')[1]}#${n}`);
  }
  return refs;
}

const IMPLIES_ACCEPTED = new Set(['active', 'accepted', 'completed']);
const IMPLIES_ENDED = new Set(['ended', 'declined', 'notanswered', 'completed']);

export interface SaveOptions { secrets?: boolean }

export function saveWorld(reads: Reads, clock: SimClock, random: Randomness | undefined, opts: SaveOptions = {}): Scenario {
  const all = (sql: string): R[] => reads.all<R>(sql, []);
  const apps = all('SELECT * FROM apps ORDER BY id');
  const multiApp = apps.length > 1;
  const slugOf = new Map(apps.map((a) => [a.id, a.name as string]));
  const appField = (id: number) => (multiApp ? slugOf.get(id) : undefined);
  const vets = all('SELECT * FROM vets ORDER BY rowid');
  const vetById = new Map(vets.map((v) => [v.id, v]));
  const users = all('SELECT * FROM users ORDER BY id');
  const userRefs = refsFor(users, (u) => `${u.app_id}\u0000${u.email}`);
  const userById = new Map(users.map((u) => [u.id, u]));
  const userName = (id: number | null) => (id === null ? null : (userRefs.get(userById.get(id)!) ?? userById.get(id)!.email));
  const pets = all('SELECT * FROM pets ORDER BY id');
  const petRefs = refsFor(pets, (p) => `${p.user_id}\u0000${p.name}`);
  const petById = new Map(pets.map((p) => [p.id, p]));
  const petName = (id: number) => petRefs.get(petById.get(id)!) ?? petById.get(id)!.name;
  const firstLivePet = new Map<number, number>();
  for (const p of pets) if (!p.deleted_at && !firstLivePet.has(p.user_id)) firstLivePet.set(p.user_id, p.id);
  const byUser = (sql: string) => {
    const m = new Map<number, R[]>();
    for (const r of all(sql)) m.set(r.user_id, [...(m.get(r.user_id) ?? []), r]);
    return m;
  };
  const statuses = byUser('SELECT * FROM user_statuses ORDER BY id');
  const devices = byUser('SELECT * FROM devices ORDER BY id');
  const byConsultation = (sql: string) => {
    const m = new Map<number, R[]>();
    for (const r of all(sql)) m.set(r.consultation_id, [...(m.get(r.consultation_id) ?? []), r]);
    return m;
  };
  const threads = byConsultation('SELECT * FROM messages ORDER BY consultation_id, idx');
  const activity = byConsultation('SELECT * FROM consultation_activity ORDER BY id');
  const feedback = new Map(all('SELECT * FROM feedback').map((f) => [f.consultation_id, f]));
  const secret = <T>(v: T) => (opts.secrets ? v : undefined);

  const doc: R = { scenario: 1, title: reads.meta.get('scenario_title'), description: reads.meta.get('scenario_description') };
  if (random?.seed !== undefined) doc.seed = random.seed;
  const state = clock.state();
  if (state.frozen) doc.clock = { frozen_at: state.now };
  else if (!state.is_real_time) doc.clock = { offset: `${state.offset_ms < 0 ? '-' : '+'}${Math.abs(state.offset_ms)}ms` };
  doc.apps = apps.map((a) => lean({
    slug: a.name, display_name: a.display_name, username: a.api_username, token: secret(a.api_token), api_key: secret(a.api_key),
    rate_limit_per_minute: a.rate_limit_per_minute, cors_allowed_origins: a.cors_allowed_origins === '["*"]' ? undefined : JSON.parse(a.cors_allowed_origins),
    created_at: a.created_at, updated_at: a.updated_at === a.created_at ? undefined : a.updated_at,
  }, { display_name: a.name, username: a.name, rate_limit_per_minute: 200 }));
  doc.vets = vets.map((v) => lean({ id: v.id, username: v.username, first_name: v.first_name, last_name: v.last_name, email: v.email, photo: v.profile_image, online: v.online === 1 }, { online: true }));
  doc.packages = all('SELECT * FROM packages ORDER BY rowid').map((p) => ({ id: p.id, name: p.name, type: p.type, price: p.price }));
  doc.users = users.map((u) => {
    const created = u.created_at;
    const dflt = firstLivePet.get(u.id) ?? null;
    const out = lean({
      ref: userRefs.get(u), app: appField(u.app_id), email: u.email, family: u.family, first_name: u.first_name, last_name: u.last_name,
      role: u.role, status: u.status, type: u.type, emergency_fund: u.emergency_fund, trial_period: u.trial_period,
      registered_at: u.your_registration_date, last_emergency_activation_date: u.last_emergency_activation_date,
      next_emergency_activation_date: u.next_emergency_activation_date, password_hash: secret(u.password_hash),
      phone_no: u.phone_no, dev_type: u.dev_type, rtc_user_sid: u.rtc_user_sid, gender: u.gender, profile: u.profile, other: u.other,
      zip_code: u.zip_code, country: u.country, city: u.city, dob: u.dob, device_token: u.device_token, pet_tracking_code: u.pet_tracking_code,
      extra: u.extra, package_id: u.package_id, code: u.code,
      created_at: created === u.your_registration_date ? undefined : created, updated_at: u.updated_at === created ? undefined : u.updated_at,
      deleted_at: u.deleted_at,
      status_history: statuses.get(u.id)?.map((st) => lean({
        status: st.status, type: st.type, at: st.date_time, created_at: st.created_at === st.date_time ? undefined : st.created_at,
        updated_at: st.updated_at === st.created_at ? undefined : st.updated_at,
      })),
      devices: devices.get(u.id)?.map((d) => lean({
        device_token: d.device_token, udid: d.udid, dev_type: d.dev_type, app_version: d.app_version, created_at: d.created_at,
        updated_at: d.updated_at === d.created_at ? undefined : d.updated_at, deleted_at: d.deleted_at,
      })),
    }, { family: 'application', role: 'users', status: 'subscribed', type: 'monthly', emergency_fund: 0, trial_period: 14 });
    // The default pet only when it is not the one a load picks by itself (the first live pet).
    return u.default_pet_id === dflt ? out : { ...out, default_pet: u.default_pet_id === null ? null : petName(u.default_pet_id) };
  });
  doc.pets = pets.map((p) => lean({
    owner: userName(p.user_id), app: appField(p.app_id), ref: petRefs.get(p), name: p.name, age: p.age, sex: p.sex, species: p.species, breed: p.breed,
    color: p.color, weight: p.weight, sex_type: p.sex_type, dob: p.dob, profile: p.profile, is_dead: p.is_dead, created_at: p.created_at,
    updated_at: p.updated_at === p.created_at ? undefined : p.updated_at, deleted_at: p.deleted_at,
  }, { age: '', sex: '', is_dead: '0' }));
  doc.consultations = all('SELECT * FROM consultations ORDER BY id').map((c) => {
    const owner = userById.get(c.user_id);
    const ownerName = owner ? [owner.first_name, owner.last_name].filter(Boolean).join(' ') || owner.email : '';
    const vet = vetById.get(c.vet_id);
    const f = feedback.get(c.id);
    const out = lean({
      sid: c.sid, user: userName(c.user_id), app: appField(c.app_id), pet: c.pet_id === null ? undefined : petName(c.pet_id), type: c.type, status: c.status,
      vet: c.vet_id, family: c.family === owner?.family ? undefined : c.family, requested_vet_email: c.requested_vet_email, dev_type: c.dev_type,
      device_token: c.device_token, location_email: c.location_email, created_at: c.created_at,
      accepted_at: c.accepted_at, ended_at: c.ended_at, updated_at: c.updated_at === c.created_at ? undefined : c.updated_at,
      thread: threads.get(c.id)?.map((m) => lean({
        author: m.author, name: m.author_name === (m.author === 'vet' ? (vet ? vetDisplayName(vet as { first_name: string; last_name: string }) : '') : m.author === 'owner' ? ownerName : 'Vet Consult') ? undefined : m.author_name,
        text: m.body, at: m.created_at,
      })),
      activity: activity.get(c.id)?.map((a) => lean({ at: a.at, actor: a.actor, action: a.action, cause: a.cause })),
      feedback: f && lean({
        recommendation: f.recommendation, reason: f.reason, vet: f.vet_id === c.vet_id ? undefined : f.vet_id, at: f.feedback_date,
        emergency_activated: f.emergency_activated === 1 ? true : undefined, emergency_note: f.emergency_note,
        created_at: f.created_at === f.feedback_date ? undefined : f.created_at, updated_at: f.updated_at === f.feedback_date ? undefined : f.updated_at,
      }),
    });
    // What a load would fill in by itself is left out; what it would fill in wrongly is said (null).
    if (c.pet_id === null && owner && owner.default_pet_id !== null) out.pet = null;
    if (c.accepted_at === null && IMPLIES_ACCEPTED.has(c.status)) out.accepted_at = null;
    if (c.ended_at === null && IMPLIES_ENDED.has(c.status)) out.ended_at = null;
    return out;
  });
  doc.payments = all('SELECT * FROM payments ORDER BY id').map((p) => lean({
    app: appField(p.app_id), email: p.email, user: userName(p.user_id), first_name: p.first_name, last_name: p.last_name, amount: p.amount,
    status: p.status, package: p.package_id, package_name: p.package_name, package_type: p.package_type, role: p.role, card_brand: p.card_brand,
    card_last4: p.card_last4, failure_reason: p.failure_reason, at: p.initiated_at,
  }));
  const setting = (key: string) => {
    const v = reads.meta.get(key);
    return v ? JSON.parse(v) : undefined;
  };
  // Through their schemas, as a load reads them: keys in the schema's order either way.
  const shape = scenarioSchema.shape;
  const settingAs = <T>(key: string, schema: { safeParse(v: unknown): { success: boolean; data?: T } }) => {
    const v = setting(key);
    const parsed = v === undefined ? undefined : schema.safeParse(v);
    return parsed?.success ? parsed.data : undefined;
  };
  doc.autopilot = settingAs('autopilot', shape.autopilot);
  doc.faults = settingAs('faults', shape.faults);
  doc.holds = settingAs('holds', shape.holds);
  return lean(Object.fromEntries(Object.entries(doc).map(([k, v]) => [k, Array.isArray(v) && !v.length ? undefined : v]))) as Scenario;
}
