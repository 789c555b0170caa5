// The control API refuses a body by naming the path of what is wrong before each message, the messages joined
// by "; " ("3.status: Too small: …; 3.count: …", "name: name must be …": parseControl in the control API).
// The screens read those refusals here, each to say what is wrong by its own field, in its own words.

import type { RefusalPart } from '../../api';

export type { RefusalPart };

/** The path a part starts with: `name`, `3.status`, `cors_allowed_origins.0`, `rules[0].steps`. */
const PATH = /^([\w.[\]]+): /;

/** The path `text` starts with and what follows it ("count: count must be …" → count, "count must be …"). */
export function partOf(text: string): RefusalPart {
  const m = PATH.exec(text);
  return m ? { path: m[1], message: text.slice(m[0].length) } : { path: '', message: text };
}

/** A refusal's parts, in the order it says them. */
export const refusalParts = (message: string): RefusalPart[] => message.split('; ').map(partOf);

/** A part as the simulator said it, path and all. */
export const partText = (p: RefusalPart): string => (p.path ? `${p.path}: ${p.message}` : p.message);

/** Whether `path` names the field `field` or one item of its list (`cors_allowed_origins.1`). */
export const namesField = (path: string, field: string): boolean =>
  path === field || (path.startsWith(`${field}.`) && /^\d+$/.test(path.slice(field.length + 1)));
