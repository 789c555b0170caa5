// A scenario as people write it (YAML; JSON is YAML too) or as a script sends it (a parsed value), checked whole:
// the schema first, then what only the whole world can say (an owner that is not listed, a second app of one slug).
// Every problem is reported at once, each with its path and, for text, its line — as the autopilot's rules file
// does (src-shared/autopilot-yaml.ts reads the text and finds the lines).
import type { AutopilotProblem } from '../../../../src-shared/control';
import { readAutopilotText } from '../../../../src-shared/autopilot-yaml';
import { scenarioSchema, type Scenario } from '../../../../src-shared/schemas/scenario';
import { DomainError } from '../../errors';
import { worldProblems } from './references';

export type ScenarioProblem = AutopilotProblem & { file?: string };

/** A refused scenario: nothing was changed; every problem with its path (and line). The control API answers 422. */
export class InvalidScenario extends DomainError {
  constructor(readonly problems: ScenarioProblem[]) {
    const first = problems[0];
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
    super(422, [`The scenario was not loaded, and nothing was changed: ${first.path ? `${first.path}: ` : ''}${first.message}${more}.`], {}, 'invalid_scenario');
  }
}

/** `['users', 3, 'email']` → `users[3].email`. */
export const pathText = (path: readonly PropertyKey[]): string =>
  path.reduce<string>((out, k) => (typeof k === 'number' ? `${out}[${k}]` : out ? `${out}.${String(k)}` : String(k)), '');

/** Caps what a file with thousands of mistakes sends back: the first ones say what to fix. */
const MAX_PROBLEMS = 1000;

/** The scenario a value holds, or every problem with it (no lines: see `readScenarioText`). */
export function checkScenario(value: unknown): { ok: true; scenario: Scenario } | { ok: false; problems: ScenarioProblem[] } {
  const parsed = scenarioSchema.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, MAX_PROBLEMS).map((i) => ({ path: pathText(i.path), message: i.message }));
    return { ok: false, problems };
  }
  const problems = worldProblems(parsed.data).slice(0, MAX_PROBLEMS);
  return problems.length ? { ok: false, problems } : { ok: true, scenario: parsed.data };
}

/** The scenario, or InvalidScenario naming every problem. */
export function validScenario(value: unknown): Scenario {
  const checked = checkScenario(value);
  if (!checked.ok) throw new InvalidScenario(checked.problems);
  return checked.scenario;
}

/** A scenario file's text (YAML or JSON): the scenario, or InvalidScenario with each problem's line and `file`. */
export function readScenarioText(text: string, file?: string): Scenario {
  const read = readAutopilotText(text);
  const withFile = (p: AutopilotProblem): ScenarioProblem => (file ? { ...p, file } : p);
  if (read.problems.length) throw new InvalidScenario(read.problems.map(withFile));
  const checked = checkScenario(read.value);
  if (checked.ok) return checked.scenario;
  throw new InvalidScenario(checked.problems.map((p) => withFile({ ...p, line: read.lineOf(p.path) })));
}

/** One line per problem, as a terminal shows them: `demo.yaml:12: users[3].email: not an e-mail address`. */
export function problemLines(problems: ScenarioProblem[]): string[] {
  return problems.map((p) => `${p.file ?? 'scenario'}${p.line ? `:${p.line}` : ''}: ${p.path ? `${p.path}: ` : ''}${p.message}`);
}
