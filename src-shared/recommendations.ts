// The vet's recommendation, one vocabulary everywhere (issue 35 item 25): the control API's feedback, the
// autopilot's feedback steps and the domain read it through this one function. People write the label the UI
// shows ("Non-urgent", "Urgent"), the stored word (`non_urgent`) or anything between; it is stored lower-case
// with `_`. No zod here: the UI's bundles use it too.
import { RECOMMENDATIONS, type Recommendation } from './control.js';

/** "Non-urgent", "non urgent", "NON_URGENT" → `non_urgent`; undefined for a word that is none of the four. */
export function normalizeRecommendation(input: string): Recommendation | undefined {
  const r = input.trim().toLowerCase().replace(/[\s-]+/g, '_');
  return (RECOMMENDATIONS as readonly string[]).includes(r) ? (r as Recommendation) : undefined;
}

/** Whether `input` is a recommendation in any of the spellings normalizeRecommendation reads. */
export const isRecommendation = (input: unknown): input is string => typeof input === 'string' && normalizeRecommendation(input) !== undefined;
