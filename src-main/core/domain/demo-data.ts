// The demo (behaviour §20): a scenario file, resources/scenarios/demo.yaml, that whoever demos can read and edit.
// Its users, pets and payments are rows; its consultations were opened through the partner API and driven by the
// vet console (its `calls`), so the request log and every timeline show partner requests, and at load every vet
// is free. Loaded only into a simulator without users: it replaces the whole world.
import { readFileSync } from 'node:fs';
import { resourcePath } from '../resources';
import type { LoadSummary } from './scenario';
import type { Services } from './services';

export const demoScenarioFile = () => resourcePath('scenarios/demo.yaml');

export async function loadDemoData(s: Services, load: (text: string, file: string) => Promise<LoadSummary>) {
  const existing = s.reads.get<{ email: string }>('SELECT email FROM users WHERE deleted_at IS NULL LIMIT 1');
  if (existing) return { loaded: false, users: 0, consultations: 0, message: `The demo needs a simulator without users (${existing.email} exists): reset first, or load resources/scenarios/demo.yaml as a scenario.` };
  const file = demoScenarioFile();
  const summary = await load(readFileSync(file, 'utf8'), 'demo.yaml');
  return { ...summary, message: `Demo data loaded: ${summary.users} users, ${summary.consultations} consultations.` };
}
