// The MCP server's tools (behaviour §21): at most 20, each derived from the control route table — the routes it runs
// by id, its description from their summaries, its input from their params/query/body schemas, its output from
// their answers, its annotations from readOnly/destructive. The 25 partner endpoints are not tools: the agent's
// own code calls them, as the partner's will.
import { hasRoute, routeAddress } from './derive';
import { tenantTool } from './tenant';
import { consultationTool, statusTool } from './tools-read';
import { actionTool, type McpTool } from './tool';
import { verifyTool } from './verify';
import { waitForTool } from './wait-for';

const routeTools = (): McpTool[] => [
  actionTool({
    name: 'journal', title: 'Request journal',
    intro: 'The request journal, newest first: filter by endpoint (A8), status (4xx), app, method, text; page with before/after an id and limit. Bodies are not in the list: explain one entry for them.',
    actions: { list: { route: 'listRequests' } },
  }),
  actionTool({
    name: 'explain', title: 'Explain one request',
    intro: "One journal entry by id: its headers and bodies (long bodies paged, secrets masked unless secrets: true), and for a refused call its `why`: the rule of the real service that refused it and the form it expects.",
    actions: { explain: { route: 'getRequest' } },
  }),
  actionTool({
    name: 'vet', title: 'Act as the vet',
    intro: 'Act as the vet on a consultation (sid: the chat channel CH… or video room RM…). Each action answers the card with its timeline; write answers the message as stored.',
    actions: {
      accept: { route: 'acceptConsultation' },
      end: { route: 'endConsultation' },
      outcome: { route: 'recordOutcome' },
      feedback: { route: 'writeFeedback' },
      write: { route: 'postMessage', fixed: { author: 'vet' }, note: '(written by the vet)' },
    },
    omit: ['author', 'after', 'limit'],
  }),
  actionTool({
    name: 'owner', title: 'Write as the pet owner',
    intro: "Write in an open chat as the pet owner (what the owner's page sends).",
    actions: { write: { route: 'postMessage', fixed: { author: 'owner' }, note: '(written by the pet owner)' } },
    omit: ['author'],
  }),
  actionTool({
    name: 'autopilot', title: 'Vet autopilot',
    intro: `The vet autopilot: scripted vets that accept, write, end and give feedback on the simulator clock. set takes the document's \`rules\` (its JSON Schema: ${routeAddress('getAutopilotSchema')}).`,
    actions: { get: { route: 'getAutopilot' }, set: { route: 'putAutopilot' }, clear: { route: 'clearAutopilot' }, pending: { route: 'listPendingSteps' } },
  }),
  actionTool({
    name: 'clock', title: 'Simulator clock',
    intro: 'The simulator clock. advance takes advance_seconds, advance ("5m") or advance_to: "next_step"; set takes set (ISO 8601); freeze and real_time need nothing.',
    actions: {
      get: { route: 'getClock' },
      advance: { route: 'setClock' },
      set: { route: 'setClock' },
      freeze: { route: 'setClock', fixed: { frozen: true } },
      unfreeze: { route: 'setClock', fixed: { frozen: false } },
      real_time: { route: 'setClock', fixed: { real_time: true } },
    },
    omit: ['frozen', 'real_time'],
  }),
  actionTool({
    name: 'faults', title: 'Fault rules',
    intro: 'Fault rules on partner calls (delays, failures). replace takes the whole list as items ([] disarms every rule).',
    actions: { get: { route: 'getFaults' }, replace: { route: 'putFaults' } },
  }),
  actionTool({
    name: 'holds', title: 'Holds (breakpoints on partner calls)',
    intro: 'Holds: arm a breakpoint on partner calls, list holds and the requests they hold (wait_ms waits for the first), remove one, and decide a held request (id: held_<n>) — release, fail, respond or close.',
    actions: {
      arm: { route: 'armHold' }, list: { route: 'listHolds' }, remove: { route: 'removeHold' }, held: { route: 'listHeld' },
      release: { route: 'releaseHeld' }, fail: { route: 'failHeld' }, respond: { route: 'respondHeld' }, close: { route: 'closeHeld' },
    },
  }),
  actionTool({
    name: 'reset', title: 'Reset the simulator',
    intro: "Back to a new data folder's state: every app, user, consultation and journal entry the agent made is gone.",
    actions: { reset: { route: 'reset' } },
  }),
];

/** Scenario save and load: only once the table has the routes (they came with the scenarios issue). */
const scenarioTools = (): McpTool[] =>
  hasRoute('getScenario') && hasRoute('putScenario')
    ? [actionTool({
      name: 'scenario', title: 'Scenarios',
      intro: 'Save the whole world as a scenario (a reviewable JSON document), or load one (`document`): everything is replaced, the journal emptied.',
      actions: { save: { route: 'getScenario' }, load: { route: 'putScenario' } },
      schemaRoute: 'getScenarioSchema',
    })]
    : [];

/** Every tool, in the order tools/list shows them. */
export function mcpTools(): McpTool[] {
  const [journal, explain, ...acting] = routeTools();
  return [statusTool(), tenantTool(), journal, explain, consultationTool(), ...acting, waitForTool(), verifyTool(), ...scenarioTools()];
}
