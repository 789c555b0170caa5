// Loading a scenario: checked whole first (read.ts: a refused file changes nothing), then the clock and the seed
// it names set, then the whole data replaced in one unit of work and one op-log record (simulator-state.ts
// replace), then its history replayed through the partner API (calls.ts). A failure of the write puts the clock
// back as it was and leaves the data as it was (the unit of work rolls back).
import type { RequestListener } from 'node:http';
import type { Scenario } from '../../../../src-shared/schemas/scenario';
import type { JournalEntry } from '../../../../src-shared/control';
import { durationMs } from '../../../../src-shared/schemas/duration';
import type { SimClock } from '../../clock';
import { DomainError } from '../../errors';
import type { DomainContext } from '../context';
import type { Services } from '../services';
import { replayHistory, type ScenarioActor } from './calls';
import { readScenarioText, validScenario } from './read';
import { canReseed } from './reseedable';
import { timeMs } from './times';
import { writeWorld } from './write';

export interface LoadSummary {
  loaded: true;
  title: string | null;
  apps: number;
  users: number;
  pets: number;
  consultations: number;
  /** Partner calls and vet actions replayed after the load. */
  calls: number;
  /** Journal entries a bundle brought. */
  requests: number;
  message: string;
}

export interface LoadDeps {
  s: Services;
  ctx: DomainContext;
  /** The partner API's own handler (the simulator sets it once built); needed only by a scenario with calls. */
  partner: () => RequestListener | undefined;
  act: ScenarioActor;
}

/** Sets the clock a scenario names (absent: real time); relative times count from real now. */
function setClock(clock: SimClock, c: Scenario['clock']): void {
  clock.backToRealTime();
  const real = clock.nowMs();
  if (c?.offset) clock.set(real + (c.offset[0] === '-' ? -1 : 1) * (durationMs(c.offset.slice(1)) ?? 0));
  if (c?.frozen_at) {
    clock.freeze(true);
    clock.set(timeMs(c.frozen_at, clock.nowMs()));
  }
}

/** A scenario from a parsed value or a file's text (YAML or JSON); InvalidScenario names every problem. */
export const scenarioOf = (input: unknown, file?: string): Scenario => (typeof input === 'string' ? readScenarioText(input, file) : validScenario(input));

export async function loadScenario(d: LoadDeps, scenario: Scenario, journal: (JournalEntry & { consultation?: string | null })[] = []): Promise<LoadSummary> {
  const { s, ctx } = d;
  const clockBefore = ctx.clock.serialize();
  setClock(ctx.clock, scenario.clock);
  if (scenario.seed !== undefined && canReseed(ctx.random)) ctx.random.reseed(scenario.seed);
  try {
    await s.simulator.replace((tx) => {
      writeWorld(tx, scenario, { nowMs: ctx.clock.nowMs(), random: ctx.random! });
      s.defaults.seed(); // joins this unit: what a restart would add (the demo app, vet_1 … vet_3, the catalogue) is there already
      s.clock.keep(tx);
    });
  } catch (err) {
    ctx.clock.restore(clockBefore);
    if (err instanceof DomainError) throw err;
    throw new DomainError(422, [`The scenario could not be written, and nothing was changed: ${(err as Error).message}`], {}, 'invalid_scenario');
  }
  for (const e of journal) {
    const { id, consultation, ...rest } = e;
    s.journal.record(rest, null, consultation ?? null, id);
  }
  s.journal.flush();
  let calls = 0;
  if (scenario.calls?.length) {
    const partner = d.partner();
    if (!partner) throw new DomainError(409, ['The scenario was loaded, but its calls cannot run before the partner API is up.'], {}, 'scenario_call_failed');
    calls = await replayHistory(scenario, partner, s.apps.list(), d.act, new URL(ctx.baseUrl()).host);
  }
  const count = (table: string) => Number(s.reads.get<{ n: number }>(`SELECT count(*) AS n FROM ${table}`)?.n ?? 0);
  const summary = {
    loaded: true as const, title: scenario.title ?? null, apps: count('apps'), users: count('users'), pets: count('pets'),
    consultations: count('consultations'), calls, requests: journal.length,
  };
  return {
    ...summary,
    message: `Scenario ${scenario.title ? `"${scenario.title}" ` : ''}loaded: ${summary.users} users, ${summary.pets} pets, ${summary.consultations} consultations${calls ? `, ${calls} calls replayed` : ''}${journal.length ? `, ${journal.length} requests` : ''}.`,
  };
}
