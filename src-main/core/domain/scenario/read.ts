// A scenario as people write it (YAML; JSON is YAML too) or as a script sends it (a parsed value), checked whole:
// the schema first, then what only the whole world can say (an owner that is not listed, a second app of one slug).
// Every problem is reported at once, each with its path and, for text, its line — as the autopilot's rules file
// does (src-shared/autopilot-yaml.ts reads the text and finds the lines).
import type { AutopilotProblem } from '../../../../src-shared/control';
import { readAutopilotText } from '../../../../src-shared/autopilot-yaml';
import { scenarioSchema, type Scenario } from '../../../../src-shared/schemas/scenario';
import { InvalidScenario, pathText, type ScenarioProblem } from './invalid';
import { worldProblems } from './references';

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
  // JSON (what GET /scenario writes) is read by JSON.parse: the YAML reader takes seconds on a 10,000-user file,
  // and is asked only for the lines of the problems there are.
  if (/^\s*\{/.test(text)) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined; // not JSON after all: the YAML reader says where
    }
    if (value !== undefined) {
      const checked = checkScenario(value);
      if (checked.ok) return checked.scenario;
      const lines = readAutopilotText(text);
      throw new InvalidScenario(checked.problems.map((p) => (file ? { ...p, file } : p)).map((p) => ({ ...p, line: lines.lineOf(p.path) })));
    }
  }
  const read = readAutopilotText(text);
  const withFile = (p: AutopilotProblem): ScenarioProblem => (file ? { ...p, file } : p);
  if (read.problems.length) throw new InvalidScenario(read.problems.map(withFile));
  const checked = checkScenario(read.value);
  if (checked.ok) return checked.scenario;
  throw new InvalidScenario(checked.problems.map((p) => withFile({ ...p, line: read.lineOf(p.path) })));
}


export { InvalidScenario, pathText, problemLines, type ScenarioProblem } from './invalid';
