// Writes a checked scenario into an emptied database, inside the load's one unit of work (load.ts). Rows are
// written in the scenario's order, so row ids — which partner answers show — come out as in the world that was
// saved. What the scenario leaves out gets the defaults a new simulator has (the demo app, vet_1 … vet_3, the
// package catalogue); secrets it leaves out are drawn from the simulator's randomness (seeded: reproducible).
import { USER_TEXT_FIELDS, type Scenario } from '../../../../src-shared/schemas/scenario';
import type { Param } from '../../db/oplog';
import { DEFAULT_APP } from '../apps';
import type { Tx } from '../context';
import { identityOf } from '../identity';
import { sidFor } from '../consultations';
import type { Randomness } from '../randomness';
import { SECRET_BYTES } from '../tokens';
import { SEED_VETS, vetDisplayName } from '../vets';
import { indexWorld } from './references';
import { timeReader } from './times';

/** `INSERT INTO table (keys) VALUES (…)`: its new row id. */
function insert(tx: Tx, table: string, row: Record<string, Param>): number {
  const keys = Object.keys(row);
  return tx.run(`INSERT INTO ${table} (${keys.join(', ')}) VALUES (${keys.map(() => '?').join(', ')})`, keys.map((k) => row[k])).lastId;
}

/**
 * Rows of one table written many to a statement (at most ~900 values each): a 10,000-user world in a few hundred
 * statements instead of tens of thousands (each a trip into sql.js and an entry of the op-log record).
 */
class Rows {
  private readonly rows: Param[][] = [];
  private keys?: string[];
  constructor(private readonly tx: Tx, private readonly table: string) {}
  add(row: Record<string, Param>): void {
    this.keys ??= Object.keys(row);
    this.rows.push(this.keys.map((k) => row[k]));
  }
  /** Writes the rows added; their ids in order (AUTOINCREMENT gives one statement's rows consecutive ids). */
  flush(): number[] {
    const ids: number[] = [];
    if (!this.keys) return ids;
    const per = Math.max(1, Math.floor(900 / this.keys.length));
    const one = `(${this.keys.map(() => '?').join(', ')})`;
    for (let i = 0; i < this.rows.length; i += per) {
      const chunk = this.rows.slice(i, i + per);
      const { lastId } = this.tx.run(`INSERT INTO ${this.table} (${this.keys.join(', ')}) VALUES ${Array(chunk.length).fill(one).join(', ')}`, chunk.flat());
      for (let k = chunk.length - 1; k >= 0; k--) ids.push(lastId - k);
    }
    return ids;
  }
}

const orNull = <T>(v: T | undefined): T | null => (v === undefined ? null : v);

export interface WriteOptions {
  /** The simulator clock's time once the scenario's clock is set: what `now` and `-15m` are relative to. */
  nowMs: number;
  random: Randomness;
}

export function writeWorld(tx: Tx, s: Scenario, { nowMs, random }: WriteOptions): void {
  const t = timeReader(nowMs);
  const now = t('now');
  const w = indexWorld(s);
  const apps = s.apps?.length ? s.apps : [{ slug: DEFAULT_APP.name, display_name: DEFAULT_APP.display_name, username: DEFAULT_APP.api_username, token: DEFAULT_APP.api_token, api_key: DEFAULT_APP.api_key }];
  const appIds = new Map<string, number>();
  for (const a of apps) {
    const created = t(a.created_at ?? 'now');
    appIds.set(a.slug, insert(tx, 'apps', {
      name: a.slug, display_name: a.display_name ?? a.slug, api_username: a.username ?? a.slug, api_token: a.token ?? random.secret(),
      api_key: a.api_key ?? random.secret(), rate_limit_per_minute: a.rate_limit_per_minute ?? 200, created_at: created,
      updated_at: t(a.updated_at ?? created), cors_allowed_origins: JSON.stringify(a.cors_allowed_origins ?? ['*']),
    }));
  }
  const vets = new Map<string, { first_name: string; last_name: string }>();
  for (const v of s.vets ?? []) {
    insert(tx, 'vets', { id: v.id, username: v.username, first_name: v.first_name, last_name: v.last_name, email: v.email, profile_image: orNull(v.photo), online: v.online === false ? 0 : 1 });
    vets.set(v.id, v);
  }
  for (const p of s.packages ?? []) insert(tx, 'packages', { id: p.id, name: p.name, type: p.type, price: p.price });

  const users = new Rows(tx, 'users');
  for (const u of s.users ?? []) {
    const created = t(u.created_at ?? u.registered_at ?? 'now');
    const row: Record<string, Param> = {
      app_id: appIds.get(w.appOf(u))!, family: u.family ?? 'application', email: u.email, first_name: u.first_name, last_name: orNull(u.last_name),
      role: u.role ?? 'users', status: u.status ?? 'subscribed', type: u.type ?? 'monthly', emergency_fund: u.emergency_fund ?? 0,
      trial_period: u.trial_period ?? 14, your_registration_date: t(u.registered_at ?? created),
      last_emergency_activation_date: t(u.last_emergency_activation_date), next_emergency_activation_date: t(u.next_emergency_activation_date),
      password_hash: orNull(u.password_hash), created_at: created, updated_at: t(u.updated_at ?? created), deleted_at: t(u.deleted_at),
    };
    for (const k of USER_TEXT_FIELDS) row[k] = orNull(u[k]);
    users.add(row);
  }
  const userIds = users.flush();
  const statuses = new Rows(tx, 'user_statuses');
  const devices = new Rows(tx, 'devices');
  (s.users ?? []).forEach((u, i) => {
    for (const st of u.status_history ?? []) {
      const at = t(st.at);
      statuses.add({ user_id: userIds[i], app_id: appIds.get(w.appOf(u))!, status: st.status, type: st.type, date_time: at, created_at: t(st.created_at ?? at), updated_at: t(st.updated_at ?? st.created_at ?? at) });
    }
    for (const d of u.devices ?? []) {
      const at = t(d.created_at ?? 'now');
      devices.add({
        user_id: userIds[i], device_token: orNull(d.device_token), udid: orNull(d.udid), dev_type: orNull(d.dev_type), app_version: orNull(d.app_version),
        created_at: at, updated_at: t(d.updated_at ?? at), deleted_at: t(d.deleted_at),
      });
    }
  });
  statuses.flush();
  devices.flush();
  const pets = new Rows(tx, 'pets');
  for (const p of s.pets ?? []) {
    const owner = w.user(p.owner, p.app)!;
    const created = t(p.created_at ?? 'now');
    pets.add({
      user_id: userIds[owner], app_id: appIds.get(w.appOf(s.users![owner]))!, name: p.name, species: orNull(p.species), age: p.age ?? '',
      breed: orNull(p.breed), color: orNull(p.color), weight: orNull(p.weight), sex: p.sex ?? '', sex_type: orNull(p.sex_type), dob: orNull(p.dob),
      profile: orNull(p.profile), is_dead: p.is_dead ?? '0', created_at: created, updated_at: t(p.updated_at ?? created), deleted_at: t(p.deleted_at),
    });
  }
  const petIds = pets.flush();
  // The default pet: the first live pet (as a user's first pet becomes it), in one statement; the named ones (or none) after.
  tx.run('UPDATE users SET default_pet_id = (SELECT min(p.id) FROM pets p WHERE p.user_id = users.id AND p.deleted_at IS NULL)');
  (s.users ?? []).forEach((u, ui) => {
    if (u.default_pet === undefined) return;
    const i = u.default_pet === null ? undefined : w.pet(ui, u.default_pet);
    tx.run('UPDATE users SET default_pet_id = ? WHERE id = ?', [i === undefined ? null : petIds[i], userIds[ui]]);
  });
  const defaultPet = (ui: number): number | null => {
    const u = s.users![ui];
    if (u.default_pet === null) return null;
    const i = u.default_pet !== undefined ? w.pet(ui, u.default_pet) : w.petsOf(ui).find((j) => !s.pets![j].deleted_at);
    return i === undefined ? null : petIds[i];
  };

  const vetName = (id: string) => vetDisplayName(vets.get(id) ?? SEED_NAMES[id] ?? { first_name: 'Vet', last_name: '' });
  let sidsTaken = new Set((s.consultations ?? []).flatMap((c) => (c.sid ? [c.sid] : [])));
  const consultations = new Rows(tx, 'consultations');
  const firstNumber = Number(tx.get<{ n: number }>("SELECT seq AS n FROM sqlite_sequence WHERE name = 'consultations'")?.n ?? 0) + 1;
  (s.consultations ?? []).forEach((c, i) => {
    const ui = w.user(c.user, c.app)!;
    const u = s.users![ui];
    const app = w.appOf(u);
    const created = t(c.created_at ?? 'now');
    const pet = c.pet === null ? null : c.pet ? petIds[w.pet(ui, c.pet)!] : defaultPet(ui);
    // A sid left out follows from the consultation's number, as a partner call's would.
    const sid = c.sid ?? sidFor(c.type, firstNumber + i, (x) => sidsTaken.has(x), random);
    sidsTaken = sidsTaken.add(sid);
    const accepted = c.accepted_at !== undefined ? t(c.accepted_at) : ['active', 'accepted', 'completed'].includes(c.status) ? created : null;
    const ended = c.ended_at !== undefined ? t(c.ended_at) : ['ended', 'declined', 'notanswered', 'completed'].includes(c.status) ? now : null;
    consultations.add({
      sid, type: c.type, status: c.status, outcome: c.type === 'video' && c.status !== 'ringing' ? (c.status === 'completed' ? 'accepted' : c.status) : null,
      app_id: appIds.get(app)!, user_id: userIds[ui], pet_id: pet, vet_id: c.vet, identity: identityOf({ name: app }, { id: userIds[ui] }),
      family: c.family ?? u.family ?? 'application', requested_vet_email: orNull(c.requested_vet_email), dev_type: orNull(c.dev_type),
      device_token: orNull(c.device_token), location_email: orNull(c.location_email), created_at: created, accepted_at: accepted, ended_at: ended,
      updated_at: t(c.updated_at ?? created),
    });
  });
  const consultationIds = consultations.flush();
  const messages = new Rows(tx, 'messages');
  const activity = new Rows(tx, 'consultation_activity');
  const feedback = new Rows(tx, 'feedback');
  (s.consultations ?? []).forEach((c, i) => {
    const id = consultationIds[i];
    const ui = w.user(c.user, c.app)!;
    const u = s.users![ui];
    const owner = [u.first_name, u.last_name].filter(Boolean).join(' ') || u.email;
    (c.thread ?? []).forEach((m, n) => {
      const name = m.name ?? (m.author === 'vet' ? vetName(c.vet) : m.author === 'owner' ? owner : 'Vet Consult');
      messages.add({ consultation_id: id, idx: n + 1, author: m.author, author_name: name, body: m.text, created_at: t(m.at, 'iso') });
    });
    for (const a of c.activity ?? []) activity.add({ consultation_id: id, at: t(a.at, 'iso'), actor: a.actor, action: a.action, cause: orNull(a.cause) });
    const f = c.feedback;
    if (f) {
      const at = t(f.at ?? 'now');
      feedback.add({
        consultation_id: id, app_id: appIds.get(w.appOf(u))!, user_id: userIds[ui], vet_id: f.vet ?? c.vet, type: c.type,
        recommendation: f.recommendation.toLowerCase().replace(/[\s-]+/g, '_'), reason: f.reason, feedback_date: at,
        emergency_activated: f.emergency_activated ? 1 : 0, emergency_note: orNull(f.emergency_note), created_at: t(f.created_at ?? at), updated_at: t(f.updated_at ?? at),
      });
    }
  });
  messages.flush();
  activity.flush();
  feedback.flush();
  const payments = new Rows(tx, 'payments');
  for (const p of s.payments ?? []) {
    const ui = p.user ? w.user(p.user, p.app) : undefined;
    payments.add({
      app_id: appIds.get(p.app ?? w.apps[0])!, user_id: ui === undefined ? null : userIds[ui], email: p.email, first_name: orNull(p.first_name),
      last_name: orNull(p.last_name), amount: p.amount, status: p.status, package_id: orNull(p.package), package_name: orNull(p.package_name),
      package_type: orNull(p.package_type), role: orNull(p.role), card_brand: orNull(p.card_brand), card_last4: orNull(p.card_last4),
      failure_reason: orNull(p.failure_reason), initiated_at: t(p.at),
    });
  }
  payments.flush();
  writeSettings(tx, s, random);
}

const SEED_NAMES: Record<string, { first_name: string; last_name: string }> = Object.fromEntries(SEED_VETS.map((v) => [v.id, v]));

/** The configuration a scenario carries (stored as the services store it: meta keys read back by simulator.load()). */
function writeSettings(tx: Tx, s: Scenario, random: Randomness): void {
  if (s.autopilot && (s.autopilot.rules.length || s.autopilot.seed !== undefined)) tx.meta.set('autopilot', JSON.stringify(s.autopilot));
  if (s.faults?.length) tx.meta.set('faults', JSON.stringify(s.faults.map((r, i) => ({ ...r, id: r.id ?? `fault_${i + 1}`, count: r.count ?? null }))));
  if (s.holds?.length) {
    tx.meta.set('holds', JSON.stringify(s.holds));
    tx.meta.set('holds_seq', String(Math.max(...s.holds.map((h) => Number(h.id.slice(5))))));
  }
  // What the world is called, written back by a save.
  if (s.title !== undefined) tx.meta.set('scenario_title', s.title);
  if (s.description !== undefined) tx.meta.set('scenario_description', s.description);
  // The token signing secret comes with the world, from the seed when there is one: the same scenario signs the same tokens.
  tx.meta.set('jwt_secret', random.bytes(SECRET_BYTES).toString('base64'));
}
