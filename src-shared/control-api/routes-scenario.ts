// Control routes of scenarios and bundles (behaviour §20): the whole world as one reviewable file (GET), a world
// loaded from one (PUT: everything replaced in one unit of work; a refused file changes nothing), its JSON Schema,
// and the bug-report bundle — the scenario with the request journal and the clock — written and opened.
import { z } from 'zod';
import { scenarioSchema } from '../schemas/scenario.js';
import { defineControlRoute as route } from './define.js';
import { switchParam } from './query.js';

const secrets = switchParam('include: app tokens, API keys and password hashes too (omitted by default; a load draws new ones from the seed)');
const invalidScenario = {
  status: 422, code: 'invalid_scenario',
  sentence: 'Every problem of the file, each with its path (and line) in details; nothing was changed',
} as const;
const callFailed = {
  status: 422, code: 'scenario_call_failed',
  sentence: "A call of the scenario's history did not answer as expected: the world is loaded, the history stops at that call",
} as const;

/** What a load answers: what is there now. */
const loadSummary = z.looseObject({
  loaded: z.literal(true), title: z.string().nullable(), apps: z.int(), users: z.int(), pets: z.int(), consultations: z.int(),
  calls: z.int().describe('Partner calls and vet actions of the history, replayed'), requests: z.int().describe('Journal entries a bundle brought'),
  message: z.string(),
});
const bundleDocument = scenarioSchema.describe('A scenario with `journal` (the request journal, oldest first) and `clock_now`');

export const scenarioRoutes = {
  getScenario: route({
    id: 'getScenario', method: 'GET', path: '/scenario', tag: 'Scenarios', readOnly: true, asIs: true,
    query: z.object({ secrets }), answer: scenarioSchema,
    summary: 'The whole world as a scenario (apps, vets, users, pets, consultations with threads and feedback, payments, clock, autopilot, faults, holds): stable order and keys, the same bytes for the same state',
  }),
  putScenario: route({
    id: 'putScenario', method: 'PUT', path: '/scenario', tag: 'Scenarios', secretBody: true, body: z.unknown(), documentedBody: scenarioSchema, answer: loadSummary,
    refusals: [invalidScenario, callFailed], destructive: true,
    summary: "Replace the whole world with a scenario — the document, or a file's text as `{text, file}` (YAML or JSON; problems then name their lines): one unit of work, the journal emptied, then the scenario's calls replayed through the partner API",
  }),
  getScenarioSchema: route({
    id: 'getScenarioSchema', method: 'GET', path: '/scenario.schema.json', tag: 'Scenarios', readOnly: true, asIs: true,
    answer: z.record(z.string(), z.unknown()), summary: 'The JSON Schema of a scenario file (for editors and generated types)',
  }),
  getBundle: route({
    id: 'getBundle', method: 'GET', path: '/bundle', tag: 'Scenarios', readOnly: true, asIs: true, query: z.object({ secrets }), answer: bundleDocument,
    summary: 'A bug report in one file: the scenario, the request journal (bearer tokens masked unless secrets=include) and the clock reading',
  }),
  putBundle: route({
    id: 'putBundle', method: 'PUT', path: '/bundle', tag: 'Scenarios', secretBody: true, body: z.unknown(), documentedBody: bundleDocument, answer: loadSummary,
    refusals: [invalidScenario], destructive: true,
    summary: 'Open a bundle: its world, its request journal with the same ids and its clock, so the same request list and timelines show',
  }),
};
