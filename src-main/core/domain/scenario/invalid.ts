// A refused scenario and its problems, kept apart from the reader so that the routes and the CLI can name the
// refusal without loading the YAML reader and the schema (they load on the first scenario that is read).
import type { AutopilotProblem } from '../../../../src-shared/control';
import { DomainError } from '../../errors';

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

/** One line per problem, as a terminal shows them: `demo.yaml:12: users[3].email: not an e-mail address`. */
export function problemLines(problems: ScenarioProblem[]): string[] {
  return problems.map((p) => `${p.file ?? 'scenario'}${p.line ? `:${p.line}` : ''}: ${p.path ? `${p.path}: ` : ''}${p.message}`);
}
