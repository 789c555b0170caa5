// Scenarios (behaviour §20): a world saved as a file and loaded from one; bundles (a scenario with its journal).
// What the control port offers of them; each use case lives in its own file here.
import { stringify } from 'yaml';
import { scenarioJsonSchema } from '../../../../src-shared/schemas/scenario';
import { openBundle, writeBundle } from './bundle';
import { type LoadDeps, loadScenario, scenarioOf } from './load';
import { saveWorld, type SaveOptions } from './save';

export { InvalidScenario, problemLines, readScenarioText, type ScenarioProblem } from './read';
export type { LoadSummary, LoadDeps } from './load';
export type { ScenarioActor } from './calls';
export { reseedable } from './reseedable';

/** A scenario as text: JSON (two-space indent, a final newline) or YAML; the same world, the same bytes. */
export function scenarioText(doc: unknown, format: 'json' | 'yaml' = 'yaml'): string {
  return format === 'json' ? `${JSON.stringify(doc, null, 2)}\n` : stringify(doc, { lineWidth: 0, aliasDuplicateObjects: false });
}

export function scenarioUseCases(d: LoadDeps, journalCap: number) {
  return {
    /** The current world as a scenario (secrets only when asked). */
    save: (opts: SaveOptions = {}) => saveWorld(d.s.reads, d.ctx.clock, d.ctx.random, opts),
    /** Replaces the whole world with a scenario (a parsed value, or a file's YAML or JSON text); a bundle is opened as one. */
    load: (input: unknown, file?: string) => {
      const scenario = scenarioOf(input, file);
      return scenario.journal !== undefined || scenario.clock_now !== undefined ? openBundle(d, scenario) : loadScenario(d, scenario);
    },
    bundle: (opts: SaveOptions = {}) => writeBundle(d, journalCap, opts),
    openBundle: (input: unknown, file?: string) => openBundle(d, scenarioOf(input, file)),
    schema: () => scenarioJsonSchema(),
  };
}
