// How a scenario's parts name each other — an owner by e-mail (or ref) within its app, a pet by name (or ref)
// within its owner, a vet by id — and what only the whole world can refuse: a name that names nothing, or two
// things under one name. The loader (write.ts) resolves names with the same index, so what the check passed
// is what gets written.
import type { Scenario, ScenarioUser } from '../../../../src-shared/schemas/scenario';
import { CHAT_STATES, VIDEO_STATES } from '../../../../src-shared/schemas/scenario';
import { DEFAULT_APP } from '../apps';
import { SEED_VETS } from '../vets';
import type { ScenarioProblem } from './read';

const key = (app: string, name: string) => `${app}\u0000${name.toLowerCase()}`;

export interface WorldIndex {
  /** The app slugs in order (the demo app's when none are listed). */
  apps: string[];
  /** The app of user `u` (its own, else the first app). */
  appOf(u: ScenarioUser): string;
  /** The index of the user `name` names (ref or e-mail) in `app` (any app when absent); undefined when none. */
  user(name: string, app?: string): number | undefined;
  /** The index of pet `name` (ref or name) of user number `u`. */
  pet(u: number, name: string): number | undefined;
  /** The pets of user number `u`, by index, in order. */
  petsOf(u: number): number[];
  vets: Set<string>;
}

export const petKey = (p: { ref?: string; name: string }) => (p.ref ?? p.name).toLowerCase();
export const userKey = (u: ScenarioUser) => u.ref ?? u.email;

export function indexWorld(s: Scenario, problems: ScenarioProblem[] = []): WorldIndex {
  const apps = s.apps?.length ? s.apps.map((a) => a.slug) : [DEFAULT_APP.name];
  const appOf = (u: ScenarioUser) => u.app ?? apps[0];
  const users = new Map<string, number>();
  const anyApp = new Map<string, number>();
  (s.users ?? []).forEach((u, i) => {
    const k = key(appOf(u), userKey(u));
    if (users.has(k)) problems.push({ path: `users[${i}]${u.ref ? '.ref' : '.email'}`, message: `users[${users.get(k)}] of app ${appOf(u)} has this ${u.ref ? 'ref' : 'e-mail'} too; give one of them a ref of its own` });
    else users.set(k, i);
    if (!anyApp.has(userKey(u).toLowerCase())) anyApp.set(userKey(u).toLowerCase(), i);
  });
  const user = (name: string, app?: string) => (app ? users.get(key(app, name)) : anyApp.get(name.toLowerCase()));
  const pets = new Map<number, number[]>();
  (s.pets ?? []).forEach((p, i) => {
    const owner = user(p.owner, p.app);
    if (owner === undefined) problems.push({ path: `pets[${i}].owner`, message: `no user ${p.owner} is listed${p.app ? ` for app ${p.app}` : ''}` });
    else pets.set(owner, [...(pets.get(owner) ?? []), i]);
  });
  return {
    apps, appOf, user, vets: new Set([...SEED_VETS.map((v) => v.id), ...(s.vets ?? []).map((v) => v.id)]),
    petsOf: (u) => pets.get(u) ?? [],
    pet: (u, name) => (pets.get(u) ?? []).find((i) => petKey(s.pets![i]) === name.toLowerCase()),
  };
}

function duplicates<T>(items: readonly T[] | undefined, of: (t: T) => string, say: (i: number, first: number) => ScenarioProblem, out: ScenarioProblem[]) {
  const seen = new Map<string, number>();
  (items ?? []).forEach((t, i) => {
    const k = of(t).toLowerCase();
    if (seen.has(k)) out.push(say(i, seen.get(k)!));
    else seen.set(k, i);
  });
}

/** Every reference that names nothing, and every name given twice. */
export function worldProblems(s: Scenario): ScenarioProblem[] {
  const out: ScenarioProblem[] = [];
  duplicates(s.apps, (a) => a.slug, (i, f) => ({ path: `apps[${i}].slug`, message: `apps[${f}] has this slug already` }), out);
  duplicates(s.vets, (v) => v.id, (i, f) => ({ path: `vets[${i}].id`, message: `vets[${f}] has this id already` }), out);
  duplicates(s.vets, (v) => v.email, (i, f) => ({ path: `vets[${i}].email`, message: `vets[${f}] has this e-mail already` }), out);
  duplicates(s.packages, (p) => p.id, (i, f) => ({ path: `packages[${i}].id`, message: `packages[${f}] has this id already` }), out);
  const w = indexWorld(s, out);
  const appKnown = (slug: string | undefined, path: string) => {
    if (slug !== undefined && !w.apps.includes(slug)) out.push({ path, message: `no app ${slug} is listed under apps (${w.apps.join(', ')})` });
  };
  (s.users ?? []).forEach((u, i) => {
    appKnown(u.app, `users[${i}].app`);
    const seen = new Map<string, number>();
    for (const j of w.petsOf(i)) {
      const k = petKey(s.pets![j]);
      if (seen.has(k)) out.push({ path: `pets[${j}].name`, message: `pets[${seen.get(k)}] of the same owner has this name too; give one of them a ref` });
      else seen.set(k, j);
    }
    if (u.default_pet && w.pet(i, u.default_pet) === undefined) out.push({ path: `users[${i}].default_pet`, message: `${u.default_pet} is none of this user's pets` });
  });
  (s.pets ?? []).forEach((p, i) => appKnown(p.app, `pets[${i}].app`));
  const live = new Map<string, number>();
  (s.users ?? []).forEach((u, i) => {
    if (u.deleted_at) return;
    const k = key(w.appOf(u), u.email);
    if (live.has(k)) out.push({ path: `users[${i}].email`, message: `users[${live.get(k)}] of app ${w.appOf(u)} has this e-mail (e-mail is unique among an app's users)` });
    else live.set(k, i);
  });
  const sids = new Map<string, number>();
  (s.consultations ?? []).forEach((c, i) => {
    const at = `consultations[${i}]`;
    appKnown(c.app, `${at}.app`);
    const ui = w.user(c.user, c.app);
    if (ui === undefined) out.push({ path: `${at}.user`, message: `no user ${c.user} is listed${c.app ? ` for app ${c.app}` : ''}` });
    const u = ui === undefined ? undefined : s.users![ui];
    if (u && c.pet && w.pet(ui!, c.pet) === undefined) out.push({ path: `${at}.pet`, message: `${c.pet} is none of ${u.email}'s pets` });
    if (!w.vets.has(c.vet)) out.push({ path: `${at}.vet`, message: `no vet ${c.vet} (listed vets and vet_1 … vet_3)` });
    if (c.feedback?.vet && !w.vets.has(c.feedback.vet)) out.push({ path: `${at}.feedback.vet`, message: `no vet ${c.feedback.vet}` });
    const states: readonly string[] = c.type === 'chat' ? CHAT_STATES : VIDEO_STATES;
    if (!states.includes(c.status)) out.push({ path: `${at}.status`, message: `a ${c.type} is ${states.join(', ')}; not ${c.status}` });
    if (c.sid) {
      if ((c.type === 'chat') !== c.sid.startsWith('CH')) out.push({ path: `${at}.sid`, message: `a ${c.type}'s sid starts with ${c.type === 'chat' ? 'CH' : 'RM'}` });
      if (sids.has(c.sid)) out.push({ path: `${at}.sid`, message: `consultations[${sids.get(c.sid)}] has this sid already` });
      else sids.set(c.sid, i);
    }
  });
  (s.payments ?? []).forEach((p, i) => {
    appKnown(p.app, `payments[${i}].app`);
    if (p.user && w.user(p.user, p.app) === undefined) out.push({ path: `payments[${i}].user`, message: `no user ${p.user} is listed` });
  });
  const named = new Set<string>();
  (s.calls ?? []).forEach((c, i) => {
    if ('do' in c) {
      const ref = /^\{\{([a-z][a-z0-9_-]*)\}\}$/.exec(c.consultation);
      if (ref && !named.has(ref[1])) out.push({ path: `calls[${i}].consultation`, message: `{{${ref[1]}}} is not the name of an earlier call` });
      if (c.do === 'outcome' && !c.outcome) out.push({ path: `calls[${i}].outcome`, message: 'an outcome action names its outcome (accepted, declined or notanswered)' });
      if ((c.do === 'vet_says' || c.do === 'owner_says') && !c.text) out.push({ path: `calls[${i}].text`, message: 'a message action needs its text' });
      if (c.do === 'feedback' && (!c.recommendation || !c.reason)) out.push({ path: `calls[${i}]`, message: 'a feedback action needs recommendation and reason' });
      return;
    }
    for (const ref of JSON.stringify(c.body ?? {}).matchAll(/\{\{([a-z][a-z0-9_-]*)\}\}/g))
      if (!named.has(ref[1])) out.push({ path: `calls[${i}].body`, message: `{{${ref[1]}}} is not the name of an earlier call` });
    if (c.name) named.add(c.name);
  });
  return out;
}
