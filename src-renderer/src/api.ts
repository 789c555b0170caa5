// The UI's only transport: the control API over HTTP (architecture principle 2), through the typed client generated
// from the one table of control routes (src-shared/control-api): `control.acceptConsultation({ params: { sid } })`.
import { ControlApiError, createControlClient } from '../../src-shared/control-api/client';

/** A refusal: its status, code, sentence and details by path (screens/settings/refusals.ts puts them by their fields). */
export { ControlApiError as ApiError };

/** Says the tester decided in the UI (behaviour §18: a held request's journal entry records who decided). */
export const control = createControlClient({ origin: '', headers: { 'x-sim-actor': 'ui' } });

/** The request log's view as query parameters (Export HAR names the rows the log shows). */
export const qs = (params: Record<string, string | number | undefined | null>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
};
