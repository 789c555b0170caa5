// What leaves an MCP tool: secrets masked unless the call asked for them (`secrets: true`), and long texts (a
// journaled body, a scenario's long field) cut to a page the agent's context can hold, saying how to read on.
// The shape stays the answer's: a masked secret and a cut body are still strings.

/** Keys whose values are credentials: an app's token and key, a password, a bearer header, a signed link's token. */
const SECRET_KEY = /^(api_token|api_key|password|password_hash|token|access_token|refresh_token|secret|authorization|x-api-key|cookie|set-cookie)$/i;
/** Credentials inside free text (a journaled header line, a body): `Basic …`, `Bearer …`. */
const SECRET_TEXT = /\b(Basic|Bearer)\s+[A-Za-z0-9._~+/=-]{6,}/g;

export const MASK = '•••• (masked; ask with secrets: true)';

export interface OutputOptions {
  secrets?: boolean;
  /** Where long texts start (characters), for reading on. */
  text_offset?: number;
  /** How many characters of each long text (default 4,000). */
  text_chars?: number;
}

export const DEFAULT_TEXT_CHARS = 4000;

function page(text: string, opts: OutputOptions): string {
  const size = opts.text_chars ?? DEFAULT_TEXT_CHARS;
  const from = Math.min(opts.text_offset ?? 0, text.length);
  if (from === 0 && text.length <= size) return text;
  const cut = text.slice(from, from + size);
  const next = from + size < text.length ? `; call again with text_offset: ${from + size} to read on` : '';
  return `${cut}\n… [characters ${from}–${from + cut.length} of ${text.length}${next}]`;
}

function maskText(text: string): string {
  return text.replace(SECRET_TEXT, (_, scheme: string) => `${scheme} ${MASK}`);
}

/** The answer as the agent sees it. */
export function shapeOutput<T>(value: T, opts: OutputOptions): T {
  const walk = (v: unknown, key: string | undefined): unknown => {
    if (typeof v === 'string') {
      if (!opts.secrets && key !== undefined && SECRET_KEY.test(key) && v !== '') return MASK;
      return page(opts.secrets ? v : maskText(v), opts);
    }
    if (Array.isArray(v)) return v.map((item) => walk(item, undefined));
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, item] of Object.entries(v)) out[k] = walk(item, k);
      return out;
    }
    return v;
  };
  return walk(value, undefined) as T;
}
