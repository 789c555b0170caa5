// Partner apps (tenants): credentials, API key, rate limit.
import type { AppRecord } from '../../../src-shared/control';
import { formatTimestamp, type SimClock } from '../clock';
import type { UnitOfWork } from '../db/unit-of-work';
import { DomainError, notFound } from '../errors';
import type { SimulatorEventBus } from '../events';
import type { Reads, Tx } from './context';
import { basicAuthCache } from './authentication';
import { UNSEEDED, type Randomness } from './randomness';

// Kept here for the control API's token check (control/token-access.ts); authentication.ts is their home.
export { parseBasic, sameSecret } from './authentication';

export const DEFAULT_APP = {
  id: 1, name: 'demo', display_name: 'Demo Partner', api_username: 'demo', api_token: 'demo-secret',
  api_key: 'demo-api-key', rate_limit_per_minute: 200,
};

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
  // Basic answers are cached (authentication.ts): cleared with the app caches, so credentials that change
  // (new token, new username, an edit, reset or restore) are checked afresh on the very next request.
  const basic = basicAuthCache();
  const invalidate = () => {
    byNameCache = undefined;
    byIdCache = undefined;
    basic.forget();
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
    /** `Authorization: Basic …` names this app's credentials; the answer is cached per record and header value. */
    basicAllows: (app: AppRecord, header: string | undefined): boolean => basic.allows(app, header),
  };
}

export type AppService = ReturnType<typeof appService>;
