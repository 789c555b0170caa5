// A request's Content-Type as express's body parsers read it (content-type 2, type-is 2), so the body
// reader decides alike without loading them: the media type is what precedes the first `;`, trimmed of
// spaces and tabs and lowercased; a parameter is its first occurrence, a quoted value unescaped. Lenient
// like them: a malformed header is never an error, only a type that matches nothing.

const SP = 0x20;
const HTAB = 0x09;
const SEMI = 0x3b;
const EQ = 0x3d;
const DQUOTE = 0x22;
const BSLASH = 0x5c;

const isOws = (c: number) => c === SP || c === HTAB;

function skipOws(s: string, i: number): number {
  while (i < s.length && isOws(s.charCodeAt(i))) i++;
  return i;
}

function trimEnd(s: string, start: number, end: number): number {
  while (end > start && isOws(s.charCodeAt(end - 1))) end--;
  return end;
}

/** `multipart/form-data`, `application/x-www-form-urlencoded`, …: lowercased, without parameters; '' without a header. */
export function mediaTypeOf(header: string | undefined): string {
  if (!header) return '';
  let end = header.indexOf(';');
  if (end < 0) end = header.length;
  const start = skipOws(header, 0);
  return header.slice(start, trimEnd(header, start, end)).toLowerCase();
}

/** A parameter's value (`charset`, `boundary`; `name` lowercase), or undefined when the header has none. */
export function parameterOf(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  const len = header.length;
  let i = header.indexOf(';');
  if (i < 0) return undefined;
  // `i` is at a `;` (or past the end) at the top of every round.
  while (i < len) {
    const keyStart = (i = skipOws(header, i + 1));
    while (i < len && header.charCodeAt(i) !== SEMI && header.charCodeAt(i) !== EQ) i++;
    if (i >= len || header.charCodeAt(i) === SEMI) continue; // a name without a value
    const key = header.slice(keyStart, trimEnd(header, keyStart, i)).toLowerCase();
    i = skipOws(header, i + 1);
    let value: string | undefined;
    if (i < len && header.charCodeAt(i) === DQUOTE) {
      let quoted = '';
      for (i++; i < len; i++) {
        const c = header.charCodeAt(i);
        if (c === DQUOTE) {
          value = quoted;
          break;
        }
        if (c === BSLASH && i + 1 < len) quoted += header[++i];
        else quoted += header[i];
      }
      while (i < len && header.charCodeAt(i) !== SEMI) i++;
    } else {
      const valueStart = i;
      while (i < len && header.charCodeAt(i) !== SEMI) i++;
      value = header.slice(valueStart, trimEnd(header, valueStart, i));
    }
    // The first occurrence wins; an unterminated quoted value is none (a later one may still count).
    if (key === name && value !== undefined) return value;
  }
  return undefined;
}
