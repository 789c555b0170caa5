// Wildcard patterns written by people (an autopilot rule's `match.email`, an app's CORS origins) matched in time
// linear in pattern × text at worst and usually linear, never by a RegExp built from their text: a pattern such as
// `*a*a*a*a*a*a*a*a*a*a*a*b` turned into `^.*a.*a…b$` backtracks exponentially and hung the whole process (issue 35
// item 1). The classic two-pointer matcher: on a mismatch after a `*`, the `*` takes one more character and the
// rest is tried again from there; only the LAST `*` ever needs retrying, because whatever an earlier `*` would
// absorb the later one can absorb too.

export interface GlobOptions {
  /** Letter case ignored (the autopilot's e-mail globs); compared code point by code point, lower-cased. */
  ignoreCase?: boolean;
  /** `?` stands for exactly one character (the autopilot's globs); otherwise it is a literal `?` (CORS origins). */
  anyOne?: boolean;
}

const fold = (chars: string[], ignoreCase: boolean) => (ignoreCase ? chars.map((c) => c.toLowerCase()) : chars);

/** Whether `text` is matched whole by `pattern`: `*` any run of characters (none too), `?` one if `anyOne`; the rest literal. */
export function wildcardMatches(pattern: string, text: string, { ignoreCase = false, anyOne = false }: GlobOptions = {}): boolean {
  // Code points, not UTF-16 units: `?` takes one character, an emoji included.
  const p = fold([...pattern], ignoreCase);
  const t = fold([...text], ignoreCase);
  let pi = 0;
  let ti = 0;
  let star = -1; // the index in p of the last `*` seen
  let resume = 0; // where in t that `*` stopped absorbing
  while (ti < t.length) {
    if (pi < p.length && p[pi] !== '*' && (p[pi] === t[ti] || (anyOne && p[pi] === '?'))) {
      pi++;
      ti++;
    } else if (pi < p.length && p[pi] === '*') {
      star = pi++;
      resume = ti;
    } else if (star >= 0) {
      pi = star + 1;
      ti = ++resume;
    } else return false;
  }
  while (pi < p.length && p[pi] === '*') pi++;
  return pi === p.length;
}
