// The domain of one simulator without HTTP: a database, a clock the test holds, the services built by
// the composition root. Rules are driven through `uow.run(tx => …)` as a use case drives them.
import { SimClock } from '../../src-main/core/clock';
import { Database, type DatabaseOptions } from '../../src-main/core/db/database';
import { JOURNAL_MIGRATIONS } from '../../src-main/core/db/migrations';
import type { DomainContext } from '../../src-main/core/domain/context';
import { buildServices, type ServiceOptions } from '../../src-main/core/domain/services';
import { SimulatorEventBus } from '../../src-main/core/events';

export async function openDomain(opts: { db?: DatabaseOptions; now?: () => number; services?: Partial<ServiceOptions> } = {}) {
  const db = await Database.open(opts.db);
  const clock = new SimClock(opts.now ?? (() => Date.parse('2030-01-02T03:04:05Z')));
  const ctx: DomainContext = { db, uow: db.uow, clock, events: new SimulatorEventBus(), baseUrl: () => 'http://127.0.0.1:1' };
  const services = buildServices(ctx, { journalDb: await Database.open({ migrations: JOURNAL_MIGRATIONS }), journalCap: 100, ...opts.services });
  services.defaults.seed();
  return { db, ctx, services, clock, uow: db.uow };
}
