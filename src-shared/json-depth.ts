// How deep a JSON text nests, read from its characters without parsing it: the partner body reader refuses
// hostile nesting before JSON.parse, and the UI shows such a body as text instead of rendering it recursively.

/** Nesting of a JSON text, read from its characters: objects and arrays opened and not yet closed. */
export function jsonDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}
