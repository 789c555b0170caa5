// The vet autopilot's rules document (behaviour §17). This one zod schema checks a document on every way in
// (PUT /__sim/v1/autopilot, startSimulator({ autopilot }), a rules file, the stored copy at start) and is the
// source of the JSON Schema served at /__sim/v1/autopilot.schema.json, so editors and the simulator agree.
import { z } from 'zod';
import { RECOMMENDATION_LABELS, RECOMMENDATIONS, type AutopilotDocument, type AutopilotProblem } from '../control.js';
import { isRecommendation } from '../recommendations.js';
import { MESSAGE_MAX_CHARS } from './control.js';
import { duration } from './duration.js';

export { durationMs } from './duration.js';

/** The placeholders `say` fills in, by object. */
export const PLACEHOLDERS = {
  vet: ['id', 'first_name', 'last_name', 'username', 'email'],
  pet: ['name', 'species', 'breed', 'age', 'sex', 'color', 'weight'],
  user: ['first_name', 'last_name', 'email'],
} as const;
export const PLACEHOLDER = /\{(vet|pet|user)\.([a-z_]+)\}/g;

const unknownPlaceholder = (text: string) =>
  [...text.matchAll(PLACEHOLDER)].find(([, of, field]) => !(PLACEHOLDERS[of as keyof typeof PLACEHOLDERS] as readonly string[]).includes(field));

const said = z
  .string({ error: 'say is the text the vet writes' })
  .trim()
  .min(1, 'say must not be empty')
  .refine((b) => [...b].length <= MESSAGE_MAX_CHARS, `say must be at most ${MESSAGE_MAX_CHARS} characters`)
  .superRefine((text, ctx) => {
    const bad = unknownPlaceholder(text);
    if (bad) ctx.addIssue({ code: 'custom', message: `${bad[0]} is not a placeholder (${bad[1]} has ${PLACEHOLDERS[bad[1] as keyof typeof PLACEHOLDERS].map((f) => `{${bad[1]}.${f}}`).join(', ')})` });
  })
  .describe('The vet writes this in the chat; {vet.first_name}, {pet.name}, {user.first_name}, … are filled in');

/** A strict object's messages: for a key it does not know, naming the keys it does; for a value that is no object. */
const onlyKeys = (what: string, keys: readonly string[]) => ({
  error: (iss: { code?: string; keys?: string[] }) =>
    iss.code === 'unrecognized_keys' ? `${(iss.keys ?? []).map((k) => `"${k}"`).join(', ')} is not a key of ${what} (use ${keys.join(', ')})`
    : iss.code === 'invalid_type' ? `${what} is an object with ${keys.join(', ')}` : undefined,
});

const OUTCOMES = ['accepted', 'declined', 'notanswered'] as const;
const MATCH_KEYS = ['type', 'app', 'vet', 'species', 'email'] as const;
export const STEP_ACTIONS = ['do', 'say', 'feedback', 'outcome', 'vet_online'] as const;

const weight = z.number({ error: (iss) => `a weight is a number, not ${JSON.stringify(iss.input)}` }).min(0, 'a weight cannot be negative');
const weights = z
  .strictObject({ accepted: weight.optional(), declined: weight.optional(), notanswered: weight.optional() }, onlyKeys('the outcome weights', OUTCOMES))
  .refine((w) => Object.values(w).reduce((a, b) => a + (b ?? 0), 0) > 0, 'the weights must add up to more than 0')
  .describe('Relative weights: the outcome is drawn from the consultation\'s generator');

const match = z
  .strictObject({
    type: z.enum(['chat', 'video'], { error: 'type is chat or video' }).optional(),
    app: z.string().min(1).optional().describe('The app\'s name (slug)'),
    vet: z.string().min(1).optional().describe('The vet\'s id, e.g. vet_2'),
    species: z.enum(['dog', 'cat'], { error: 'species is dog or cat' }).optional(),
    email: z.string().min(1).optional().describe('The owner\'s e-mail; * and ? are wildcards, letter case is ignored'),
  }, onlyKeys('match', MATCH_KEYS))
  .describe('Every key given must fit; no key fits every consultation');

/** One step; also what a restore checks each stored pending step's body against (db/snapshot-rows.ts). */
export const autopilotStep = z
  .strictObject({
    after: duration.optional().describe('How long after the previous step (the first: after the consultation was created); default 0'),
    do: z.enum(['accept', 'end'], { error: 'do is accept or end' }).optional().describe('accept a waiting chat; end a chat or an accepted call'),
    say: said.optional(),
    feedback: z.strictObject({
      // The control API's vocabulary (src-shared/recommendations.ts): "Urgent" and "Non-urgent" as well as non_urgent.
      recommendation: z
        .string({ error: `recommendation is one of ${RECOMMENDATIONS.join(', ')}` })
        .refine(isRecommendation, `recommendation is one of ${RECOMMENDATIONS.join(', ')} (any letter case; "Non-urgent" too)`)
        .meta({ examples: [...RECOMMENDATIONS, ...Object.values(RECOMMENDATION_LABELS)] }),
      reason: z.string({ error: 'reason is required' }).trim().min(1, 'reason must not be empty').max(5000),
    }, onlyKeys('feedback', ['recommendation', 'reason'])).optional(),
    outcome: z.union([z.enum(OUTCOMES), weights], { error: 'outcome is accepted, declined, notanswered, or weights such as { accepted: 70, declined: 30 }' }).optional()
      .describe('A video call\'s outcome: one, or weights to draw it by ({ accepted: 70, declined: 20, notanswered: 10 })'),
    vet_online: z.boolean({ error: 'vet_online is true or false' }).optional().describe('Sets the consultation\'s vet online or offline'),
  }, onlyKeys('a step', ['after', ...STEP_ACTIONS]))
  .superRefine((s, ctx) => {
    const actions = STEP_ACTIONS.filter((k) => s[k] !== undefined);
    if (actions.length !== 1)
      ctx.addIssue({ code: 'custom', message: actions.length ? `a step does one thing; this one has ${actions.join(' and ')}` : `a step needs one of ${STEP_ACTIONS.join(', ')}` });
  })
  .meta({ oneOf: STEP_ACTIONS.map((k) => ({ required: [k] })) });

const rule = z.strictObject({
  name: z.string().max(200).optional().describe('A label for people; the timeline names rules by their index'),
  match: match.optional(),
  steps: z.array(autopilotStep, { error: 'steps is a list of steps' }).min(1, 'a rule needs at least one step').max(50),
}, onlyKeys('a rule', ['name', 'match', 'steps']));

export const autopilotDocument = z
  .strictObject({
    $schema: z.string().optional().describe('An editor\'s schema reference (ignored)'),
    seed: z.int({ error: 'seed is a whole number' }).min(0).max(2 ** 32 - 1).optional().describe('Seeds every consultation\'s generator with hash(seed, sid); default 0'),
    rules: z.array(rule, { error: 'rules is a list of rules' }).max(100).describe('The first rule whose match fits a new consultation drives it'),
  }, onlyKeys('the document', ['seed', 'rules']))
  .meta({ title: 'Vet Consult Simulator autopilot rules', description: 'Scripted vets on the simulator clock (behaviour §17).' });

/** The JSON Schema of a rules document (draft 2020-12), for editors and generated types. */
export const autopilotJsonSchema = () => z.toJSONSchema(autopilotDocument, { io: 'input', target: 'draft-2020-12' });

/** `['rules', 0, 'steps', 1, 'after']` → `rules[0].steps[1].after`. */
export const pathText = (path: readonly PropertyKey[]) =>
  path.map((k, i) => (typeof k === 'number' ? `[${k}]` : `${i ? '.' : ''}${String(k)}`)).join('');

interface Issue { code: string; path: PropertyKey[]; message: string; keys?: string[]; errors?: Issue[][] }

/** A union's branch the input was meant for: the one that did not fail on the input's kind itself. */
const meantBranch = (branches: Issue[][]) => {
  const fitting = branches.filter((b) => !b.some((i) => i.path.length === 0 && (i.code === 'invalid_type' || i.code === 'invalid_value')));
  return fitting.length === 1 ? fitting[0] : undefined;
};

/** zod's issues as problems a person can act on: one per place, with its path. */
function problemsOf(issues: readonly Issue[], base: PropertyKey[] = []): AutopilotProblem[] {
  return issues.flatMap((i): AutopilotProblem[] => {
    const path = [...base, ...i.path];
    const branch = i.code === 'invalid_union' && i.errors ? meantBranch(i.errors) : undefined;
    if (branch) return problemsOf(branch, path);
    if (i.code === 'unrecognized_keys' && i.keys?.length === 1) return [{ path: pathText([...path, i.keys[0]]), message: i.message }];
    return [{ path: pathText(path), message: i.message.replace(/^Invalid input: /, '') }];
  });
}

export type AutopilotCheck = { ok: true; document: AutopilotDocument } | { ok: false; problems: AutopilotProblem[] };

/** The document, checked; never throws. */
export function checkAutopilot(input: unknown): AutopilotCheck {
  const r = autopilotDocument.safeParse(input);
  return r.success ? { ok: true, document: r.data } : { ok: false, problems: problemsOf(r.error.issues as unknown as Issue[]) };
}
