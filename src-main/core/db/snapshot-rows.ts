// A snapshot's rows, table by table, for the values the simulator reads without checking them again: the
// thread (messages), the timeline (consultation_activity), the autopilot's pending steps, and the stored times
// the partner views and the vet console's list reformat. The schema check
// (snapshot-check.ts) proves the columns exist; SQLite's column types are only affinities, so a snapshot edited by
// hand can hold a step whose body is not JSON or whose due_at is text or 1e300. Such a step once made
// GET /autopilot/pending and every clock advance reaching it answer 500, and stopped the real-time autopilot for
// every chat across restarts (issue 35 item 7). A row that does not read is refused here, naming the table and row.
import type { Database as SqlJsDatabase } from 'sql.js';
import { autopilotStep, pathText } from '../../../src-shared/schemas/autopilot';
import { MESSAGE_MAX_CHARS } from '../../../src-shared/schemas/control';
import { CLOCK_MAX_MS, CLOCK_MIN_MS } from '../clock';

/** `2026-11-28T04:45:15.406Z`, as clock.iso() stamps threads and timelines. */
const ISO_GLOB = "'[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9]*Z'";
const NO_CONSULTATION = 'consultation_id NOT IN (SELECT id FROM consultations)';
/**
 * A `YYYY-MM-DD HH:MM:SS` time the partner views turn into ISO 8601 (B5's joining_date, B6's payment time, B11,
 * the feedback lists): text that SQLite reads back as the very same time. Any other value once made those
 * answers 500 (Invalid time value) on every call until a reset (found by test/reliability/snapshot-property).
 */
const notSpecTime = (column: string): [string, string] => [
  `typeof(${column}) <> 'text' OR strftime('%Y-%m-%d %H:%M:%S', ${column}) IS NOT ${column}`,
  `its ${column} is not a time (YYYY-MM-DD HH:MM:SS)`,
];

/** Per table: a condition true of a row that does not read, and what is wrong with it. */
const RULES: Record<string, [string, string][]> = {
  users: [notSpecTime('created_at'), notSpecTime('your_registration_date')],
  payments: [notSpecTime('initiated_at')],
  feedback: [notSpecTime('feedback_date')],
  consultations: [notSpecTime('created_at')], // the vet console's list reads it for every card
  autopilot_steps: [
    // The clock's own range (years 1970–9999): a step due beyond it could never be reached (advance_to refuses the move).
    [`typeof(due_at) <> 'integer' OR due_at < ${CLOCK_MIN_MS} OR due_at > ${CLOCK_MAX_MS}`, 'its due_at is not a time the clock can reach (epoch milliseconds, years 1970–9999)'],
    ["typeof(rule) <> 'integer' OR rule < 0 OR typeof(step) <> 'integer' OR step < 0", 'its rule and step are not whole numbers'],
    ["draw IS NOT NULL AND (typeof(draw) NOT IN ('real', 'integer') OR draw < 0 OR draw >= 1)", 'its draw is not a number from 0 to 1'],
    ["typeof(body) <> 'text'", 'its body is not text'],
    [NO_CONSULTATION, 'it belongs to no consultation'],
  ],
  messages: [
    ["author NOT IN ('vet', 'owner', 'system')", 'its author is not vet, owner or system'],
    ["typeof(idx) <> 'integer' OR idx < 1", 'its index is not a whole number from 1'],
    [`typeof(body) <> 'text' OR length(trim(body)) < 1 OR length(body) > ${MESSAGE_MAX_CHARS}`, `its body is not text of 1 to ${MESSAGE_MAX_CHARS} characters`],
    ["typeof(author_name) <> 'text'", 'its author_name is not text'],
    [`typeof(created_at) <> 'text' OR created_at NOT GLOB ${ISO_GLOB}`, 'its created_at is not an ISO 8601 time'],
    [NO_CONSULTATION, 'it belongs to no consultation'],
  ],
  consultation_activity: [
    [`typeof(at) <> 'text' OR at NOT GLOB ${ISO_GLOB}`, 'its at is not an ISO 8601 time'],
    ["typeof(actor) <> 'text' OR typeof(action) <> 'text' OR (cause IS NOT NULL AND typeof(cause) <> 'text')", 'its actor, action or cause is not text'],
    [NO_CONSULTATION, 'it belongs to no consultation'],
  ],
};

const tablesOf = (db: SqlJsDatabase): Set<string> =>
  new Set((db.exec("SELECT name FROM sqlite_master WHERE type = 'table'")[0]?.values ?? []).map((r) => String(r[0])));

/** Why the step stored as `body` cannot run, or undefined when it is a step the rules' schema accepts. */
function stepProblem(body: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return 'its body is not JSON';
  }
  const checked = autopilotStep.safeParse(value);
  if (checked.success) return undefined;
  const first = checked.error.issues[0];
  return `its body is not a step (${first.path.length ? `${pathText(first.path)}: ` : ''}${first.message})`;
}

/** The first row that does not read, as the sentence a refusal says; undefined when every row reads. */
export function badRowOf(db: SqlJsDatabase): string | undefined {
  const tables = tablesOf(db);
  for (const [table, rules] of Object.entries(RULES)) {
    if (!tables.has(table)) continue;
    for (const [condition, what] of rules) {
      const id = db.exec(`SELECT id FROM ${table} WHERE ${condition} ORDER BY id LIMIT 1`)[0]?.values[0]?.[0];
      if (id !== undefined) return `The snapshot's ${table} row ${String(id)} cannot be used: ${what}.`;
    }
  }
  if (!tables.has('autopilot_steps')) return undefined;
  // Bodies one at a time: a scenario-sized snapshot holds many, and none is kept.
  const stmt = db.prepare('SELECT id, body FROM autopilot_steps ORDER BY id');
  try {
    while (stmt.step()) {
      const [id, body] = stmt.get();
      const problem = stepProblem(String(body));
      if (problem) return `The snapshot's autopilot_steps row ${String(id)} cannot be used: ${problem}.`;
    }
  } finally {
    stmt.free();
  }
  return undefined;
}
