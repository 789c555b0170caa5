// Partner apps (tenants): credentials, API key, rate limit.
import { timingSafeEqual, createHash } from 'node:crypto';
import type { AppRecord } from '../../../src-shared/control';
import { formatTimestamp, type SimClock } from '../clock';
import type { UnitOfWork } from '../db/unit-of-work';
import { DomainError, notFound } from '../errors';
import type { SimulatorEventBus } from '../events';
import type { Reads, Tx } from './context';
import { UNSEEDED, type Randomness } from './randomness';

export const DEFAULT_APP = {
  id: 1, name: 'demo', display_name: 'Demo Partner', api_username: 'demo', api_token: 'demo-secret',
  api_key: 'demo-api-key', rate_limit_per_minute: 200,
};

const MAX_CACHED_HEADERS = 256;

export function parseBasic(header: string | undefined): { username: string; password: string } | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header ?? '');
  if (!m) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i < 0) return undefined;
  return { username: decoded.slice(0, i), password: decoded.slice(i + 1) };
}

/** Constant-time comparison of two secrets of any length (hash first so lengths match). */
export function sameSecret(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
}

export interface AppDeps {
  clock: SimClock;
  uow: UnitOfWork;
  reads: Reads;
  /** Apps change through this service, a reset or a restore; their events clear the caches. */
  events: SimulatorEventBus;
  /** Where new API tokens and keys come from (seeded: reproducible). */
  random?: Randomness;
}

type AppPatch = Partial<Pick<AppRecord, 'display_name' | 'api_username' | 'rate_limit_per_minute' | 'api_key' | 'cors_allowed_origins'>>;

export function appService({ clock, uow, reads, events, random = UNSEEDED }: AppDeps) {
  const randomSecret = () => random.secret();
  // Every partner request looks its app up; apps change only through this service (or a reset or
  // restore, which emit a `simulator` state event), so a small cache is safe.
  let byNameCache: Map<string, AppRecord> | undefined;
  let byIdCache: Map<number, AppRecord> | undefined;
  const cached = () => {
    if (!byNameCache || !byIdCache) {
      const all = reads.apps.list();
      byNameCache = new Map(all.map((a) => [a.name, a]));
      byIdCache = new Map(all.map((a) => [a.id, a]));
    }
    return { byName: byNameCache, byId: byIdCache };
  };
  // The constant-time check costs four sha256 per request; its answer for one Authorization value of one
  // app record is kept. Records are replaced whenever apps change, so credentials that change (new token,
  // new username, an edit, reset or restore) are checked afresh on the very next request.
  let authCache = new WeakMap<AppRecord, Map<string, boolean>>();
  const invalidate = () => {
    byNameCache = undefined;
    byIdCache = undefined;
    authCache = new WeakMap();
  };
  events.on('state', (e) => (e.entity === 'app' || e.entity === 'simulator') && invalidate());
  const require = (tx: Tx, id: number): AppRecord => {
    const app = tx.apps.byId(id);
    if (!app) throw notFound('App');
    return app;
  };
  /** Writes `patch` and announces it; the caches are cleared at once, not only when the event is published after the commit. */
  const change = (tx: Tx, id: number, patch: Partial<AppRecord>, action: string): AppRecord => {
    require(tx, id);
    tx.apps.update(id, patch, formatTimestamp(clock.now()));
    invalidate();
    tx.events.state('app', id, action);
    return tx.apps.byId(id)!;
  };
  return {
    invalidate,
    list: () => reads.apps.list(),
    byName: (name: string) => cached().byName.get(name),
    byId: (id: number) => cached().byId.get(id),
    /** Adds the demo app if it is missing (a new or reset database). */
    seedDefault(tx: Tx): void {
      const now = formatTimestamp(clock.now());
      if (!tx.apps.byId(1)) tx.apps.insert({ ...DEFAULT_APP, created_at: now, updated_at: now });
      invalidate();
    },
    /** The default app's timestamps set to now (a reset reuses a seeded image made earlier). */
    stampDefault(tx: Tx): void {
      tx.apps.stamp(DEFAULT_APP.id, formatTimestamp(clock.now()));
      invalidate();
    },
    create: (input: { name: string; display_name?: string; rate_limit_per_minute?: number }): AppRecord =>
      uow.run((tx) => {
        if (tx.apps.byName(input.name)) throw new DomainError(409, [`An app named ${input.name} already exists.`]);
        const now = formatTimestamp(clock.now());
        const id = tx.apps.insert({
          name: input.name, display_name: input.display_name ?? input.name, api_username: input.name,
          api_token: randomSecret(), api_key: randomSecret(), rate_limit_per_minute: input.rate_limit_per_minute ?? 200,
          created_at: now, updated_at: now,
        });
        invalidate();
        tx.events.state('app', id, 'created');
        return tx.apps.byId(id)!;
      }),
    update: (id: number, patch: AppPatch): AppRecord => uow.run((tx) => change(tx, id, patch, 'updated')),
    /** "Generate API token": the old token stops working at once. */
    newToken: (id: number): AppRecord => uow.run((tx) => change(tx, id, { api_token: randomSecret() }, 'token')),
    /** Basic credentials: `<name or id>:<token>` of this very app. */
    checkBasic(app: AppRecord, username: string, password: string): boolean {
      const userOk = sameSecret(username, app.api_username) || sameSecret(username, String(app.id));
      const passOk = sameSecret(password, app.api_token);
      return userOk && passOk;
    },
    /** `Authorization: Basic …` names this app's credentials; the answer is cached per record and header value. */
    basicAllows(app: AppRecord, header: string | undefined): boolean {
      if (header === undefined) return false;
      let answers = authCache.get(app);
      if (!answers) authCache.set(app, (answers = new Map()));
      const known = answers.get(header);
      if (known !== undefined) return known;
      const creds = parseBasic(header);
      const ok = !!creds && this.checkBasic(app, creds.username, creds.password);
      // Bounded: a client sending ever new wrong headers must not grow the process.
      if (answers.size >= MAX_CACHED_HEADERS) answers.clear();
      answers.set(header, ok);
      return ok;
    },
  };
}

export type AppService = ReturnType<typeof appService>;
