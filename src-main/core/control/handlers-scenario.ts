// Scenario and bundle routes (src-shared/control-api/routes-scenario.ts).
import type { scenarioRoutes } from '../../../src-shared/control-api/routes-scenario';
import { InvalidScenario } from '../domain/control-port';
import { redactBearerTokens } from './bearer-redaction';
import type { ControlHandlers } from './handler';
import { ControlError, includeOrOmit } from './helpers';

/** A refused scenario changes nothing; every problem is named with its path (and line), for a script or an editor to point at. */
async function refusedAsDetails<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof InvalidScenario)) throw err;
    throw new ControlError(422, 'invalid_scenario', err.messages.join(' '), err.problems);
  }
}

/**
 * A file's own text (`{ text, file? }`: YAML as written, or JSON), read on the server so that each problem names its
 * line and the file (the UI sends a picked file so); anything else is the scenario document itself.
 */
function fileOrDocument(body: unknown): [unknown, string | undefined] {
  const b = body as { text?: unknown; file?: unknown } | null;
  const keys = b && typeof b === 'object' ? Object.keys(b) : [];
  if (typeof b?.text === 'string' && keys.every((k) => k === 'text' || k === 'file')) return [b.text, typeof b.file === 'string' ? b.file.slice(0, 200) : undefined];
  return [body, undefined];
}

export const scenarioHandlers: ControlHandlers<typeof scenarioRoutes> = {
  getScenario: (port, { query }) => port.queries.scenario({ secrets: includeOrOmit(query.secrets, 'secrets') }),
  putScenario: (port, { body }) => refusedAsDetails(() => port.commands.loadScenario(...fileOrDocument(body))),
  getScenarioSchema: (port) => port.queries.scenarioSchema(),
  getBundle: async (port, { query }) => {
    const secrets = includeOrOmit(query.secrets, 'secrets');
    const bundle = await port.queries.bundle({ secrets });
    if (secrets) return bundle;
    // An export leaves the machine: bearer tokens in the journal's bodies are masked unless secrets are asked for.
    return { ...bundle, journal: bundle.journal.map((e) => ({ ...e, response_body: e.response_body && redactBearerTokens(e.response_body), request_body: e.request_body && redactBearerTokens(e.request_body) })) };
  },
  putBundle: (port, { body }) => refusedAsDetails(() => port.commands.openBundle(...fileOrDocument(body))),
};
