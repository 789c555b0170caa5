// Bodies as indented JSON with syntax colours. A string holding JSON itself (B10's `stringify_response`) is
// shown parsed and indented too, under a tag saying it travels as a string, so it reads as JSON without
// hiding what was sent. Text that is not JSON (a form body, a body cut at 64 KiB) is shown as it is.
import type { ReactNode } from 'react';
import { jsonDeeperThan } from '../../../src-shared/json-depth';

/** Deeper values (a hostile body) are shown as text: rendering them would recurse this deep and more. */
const MAX_DEPTH = 64;

const deeperThan = jsonDeeperThan; // checked before anything is parsed

/** The object or array a text holds, or undefined (not JSON, a scalar, or too deep). */
function parseObject(text: string): object | undefined {
  const start = text.trimStart()[0];
  if ((start !== '{' && start !== '[') || deeperThan(text, MAX_DEPTH)) return undefined;
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' ? v : undefined;
  } catch {
    return undefined;
  }
}

class Writer {
  readonly out: ReactNode[] = [];
  private n = 0;
  text(s: string) {
    this.out.push(s);
  }
  span(cls: string, s: string, title?: string) {
    this.out.push(<span key={this.n++} className={cls} title={title}>{s}</span>);
  }
}

function write(w: Writer, v: unknown, indent: string): void {
  if (v === null || typeof v === 'boolean') return w.span('j-lit', String(v));
  if (typeof v === 'number') return w.span('j-num', String(v));
  if (typeof v === 'string') {
    const inner = v.length > 1 ? parseObject(v) : undefined;
    if (!inner) return w.span('j-str', JSON.stringify(v));
    w.span('j-tag', 'JSON in a string', 'Sent as one string holding this JSON; shown parsed here');
    w.text(' ');
    return write(w, inner, indent);
  }
  const entries: [string | null, unknown][] = Array.isArray(v) ? v.map((x) => [null, x]) : Object.entries(v as Record<string, unknown>);
  const [open, close] = Array.isArray(v) ? ['[', ']'] : ['{', '}'];
  if (!entries.length) return w.text(open + close);
  const inner = `${indent}  `;
  w.text(`${open}\n`);
  entries.forEach(([k, x], i) => {
    w.text(inner);
    if (k !== null) (w.span('j-key', JSON.stringify(k)), w.text(': '));
    write(w, x, inner);
    w.text(i < entries.length - 1 ? ',\n' : '\n');
  });
  w.text(`${indent}${close}`);
}

/** A body (text as sent, or a value) as coloured JSON; other text as it is. */
export function JsonView({ value }: { value: unknown }) {
  const parsed = typeof value === 'string' ? parseObject(value) : value;
  if (parsed === undefined) return <pre className="json">{String(value)}</pre>;
  const w = new Writer();
  write(w, parsed, '');
  return <pre className="json">{w.out}</pre>;
}
