// Control routes of the vet autopilot (behaviour §17): its rules, their JSON Schema, and the steps waiting for
// the simulator clock. The clock itself moves through POST /clock, which runs what falls due.
import { z } from 'zod';
import { autopilotDocument } from '../schemas/autopilot.js';
import * as A from './answers.js';
import { defineControlRoute as route } from './define.js';
import { limitParam, textParam } from './query.js';

export const autopilotRoutes = {
  getAutopilot: route({ id: 'getAutopilot', method: 'GET', path: '/autopilot', tag: 'Autopilot', readOnly: true, answer: A.autopilotRules,
    summary: "The autopilot's rules in force: scripted vets that accept, write, end and give feedback on the simulator clock" }),
  putAutopilot: route({
    id: 'putAutopilot', method: 'PUT', path: '/autopilot', tag: 'Autopilot', body: z.unknown(), documentedBody: autopilotDocument, answer: A.autopilotRules,
    refusals: [{ status: 422, code: 'invalid_autopilot', sentence: 'Each problem of the document, with its path (and line) in details; nothing changes' }],
    summary: 'Replace the autopilot rules (they apply to consultations created from now on)',
  }),
  clearAutopilot: route({ id: 'clearAutopilot', method: 'DELETE', path: '/autopilot', tag: 'Autopilot', answer: A.autopilotRules,
    summary: 'No autopilot rules; every pending step is dropped' }),
  listPendingSteps: route({
    id: 'listPendingSteps', method: 'GET', path: '/autopilot/pending', tag: 'Autopilot', readOnly: true,
    query: z.object({ sid: textParam(), limit: limitParam(500, 1, 5000) }), answer: A.pendingSteps,
    summary: "Autopilot steps waiting for the simulator clock, in due order (one consultation's with sid)",
  }),
  getAutopilotSchema: route({ id: 'getAutopilotSchema', method: 'GET', path: '/autopilot.schema.json', tag: 'Autopilot', readOnly: true, asIs: true,
    answer: z.record(z.string(), z.unknown()), summary: 'The JSON Schema of an autopilot rules document' }),
};
