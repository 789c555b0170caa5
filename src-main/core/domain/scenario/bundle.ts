// A bug report in one file (behaviour §20): the current scenario with the request journal and the clock's reading.
// Opened elsewhere, it loads the world as the scenario does and puts the journal back with its ids, so a colleague
// sees the same request list and the same consultation timelines (each entry keeps the consultation it touched).
import { z } from 'zod';
import type { JournalEntry } from '../../../../src-shared/control';
import type { Scenario } from '../../../../src-shared/schemas/scenario';
import { type LoadDeps, type LoadSummary, loadScenario } from './load';
import { InvalidScenario, pathText } from './read';
import { saveWorld, type SaveOptions } from './save';

const nullableText = z.string().max(10_000_000).nullable();
/** One journal entry as GET /bundle writes it; checked before anything is opened. */
export const bundleEntry = z.object({
  id: z.int().min(1),
  time: z.string().max(40),
  app: nullableText,
  family: z.enum(['application', 'client']).nullable(),
  endpoint: nullableText,
  method: z.string().max(20),
  path: z.string().max(10_000),
  status: z.int().min(100).max(999),
  duration_ms: z.number().min(0),
  injected: z.enum(['fault', 'delay', 'decided', 'held']).nullable().optional(),
  agent: z.string().max(200).nullable().optional(),
  query: z.string().max(100_000),
  request_headers: z.record(z.string(), z.string()),
  request_body: nullableText,
  request_params: z.array(z.any()).nullable(),
  request_bytes: z.number().min(0),
  response_bytes: z.number().min(0),
  response_headers: z.record(z.string(), z.string()),
  response_body: nullableText,
  error: nullableText,
  truncated: z.boolean(),
  hold: z.any().optional(),
  why: z.any().optional(),
  consultation: z.string().max(40).nullable().optional(),
});
export type BundleEntry = JournalEntry & { consultation?: string | null };
export type Bundle = Omit<Scenario, 'journal'> & { journal: BundleEntry[]; clock_now: string };

/** The world, its journal (oldest first, each with the consultation it touched) and the clock's reading. */
export function writeBundle(d: LoadDeps, journalCap: number, opts: SaveOptions = {}): Bundle {
  const { s, ctx } = d;
  const scenario = saveWorld(s.reads, ctx.clock, ctx.random, opts);
  s.journal.flush();
  const touched = new Map<number, string>();
  for (const c of scenario.consultations ?? []) for (const e of s.journal.ofConsultation(c.sid!, '', 1_000_000)) touched.set(e.id, c.sid!);
  const journal = s.journal.entries({}, journalCap).map((e) => ({ ...e, consultation: touched.get(e.id) ?? null }));
  return { ...scenario, clock_now: ctx.clock.iso(), journal };
}

/** Opens a bundle: its world, its journal with the same ids, the clock where it stood (still running, unless it was frozen). */
export async function openBundle(d: LoadDeps, scenario: Scenario): Promise<LoadSummary> {
  const problems: { path: string; message: string }[] = [];
  const entries: BundleEntry[] = [];
  let last = 0;
  (scenario.journal ?? []).forEach((raw, i) => {
    const e = bundleEntry.safeParse(raw);
    if (!e.success) return problems.push(...e.error.issues.slice(0, 20).map((x) => ({ path: pathText(['journal', i, ...x.path]), message: x.message })));
    if (e.data.id <= last) problems.push({ path: `journal[${i}].id`, message: `ids go up: ${e.data.id} follows ${last}` });
    last = e.data.id;
    entries.push(e.data as BundleEntry);
  });
  if (problems.length) throw new InvalidScenario(problems.slice(0, 1000));
  let clock = scenario.clock;
  if (!clock?.frozen_at && scenario.clock_now && !Number.isNaN(Date.parse(scenario.clock_now))) {
    const offset = Date.parse(scenario.clock_now) - Date.parse(d.ctx.clock.state().real);
    clock = { offset: `${offset < 0 ? '-' : '+'}${Math.abs(offset)}ms` };
  }
  // A bundle's history is its journal: nothing is replayed.
  return loadScenario(d, { ...scenario, clock, calls: undefined, journal: undefined }, entries);
}
