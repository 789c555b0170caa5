// The demo (behaviour §20): a scenario file, resources/scenarios/demo.yaml, that whoever demos can read and edit.
// Its users, pets and payments are rows; its consultations were opened through the partner API and driven by the
// vet console (its `calls`), so the request log and every timeline show partner requests, and at load every vet
// is free. It replaces the whole world, as any scenario does; a world that is the demo already is left as it is.
import { readFileSync } from 'node:fs';
import { resourcePath } from '../resources';
import type { LoadSummary } from './scenario';
import type { Services } from './services';

export const demoScenarioFile = () => resourcePath('scenarios/demo.yaml');

export async function loadDemoData(s: Services, load: (text: string, file: string) => Promise<LoadSummary>) {
  // A loaded scenario's title is kept with the world (scenario/write.ts); a reset clears it.
  if (s.reads.meta.get('scenario_title') === 'Demo')
    return { loaded: false, users: 0, consultations: 0, message: 'The demo data set is loaded already: reset the simulator to load it again.' };
  const summary = await load(readFileSync(demoScenarioFile(), 'utf8'), 'demo.yaml');
  return { ...summary, message: `Demo data loaded: ${summary.users} users, ${summary.consultations} consultations.` };
}
