// Issue 35 finding 2: "Copy as cURL" and "Copy as fetch" write text chosen by whoever sent the partner request. The
// snippets are run here as a tester would paste them: the fetch snippet compiled and run by JavaScript (vm) with a
// fetch that records its arguments, the cURL command run by bash with a curl that prints its arguments. Code planted
// in the body, path, query, a header or a file name never runs, and every string reaches fetch/curl exactly as sent.
import { execFileSync } from 'node:child_process';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { toCurl, toFetch, type SentEntry } from '../../src-renderer/src/screens/replay';

const BASE = 'http://127.0.0.1:4010';
const TERMINATORS = ['\n', '\r', '\r\n', '\u2028', '\u2029', '\u0085'];
const PAYLOAD = 'globalThis.pwned = true; process.exit(99); `${globalThis.pwned = 1}`';
/** Each terminator followed by code, plus every quote and escape character of both languages. */
const HOSTILE = [
  ...TERMINATORS.map((t) => `{"a":1}${t}${PAYLOAD}${t}//`),
  `"'\`\${globalThis.pwned = 2}\`\\"\\\\\\'*/ ${PAYLOAD} /*`,
  `it's '"$(touch /tmp/pwned)"' \`id\` $HOME \\ \\n`,
  `a\u0003\u0015\u001b[2J\u007f\tz${PAYLOAD}`,
  '\ud800 lone surrogate, \u{1F600} emoji',
];

function entry(method: string, body: string, over: Partial<SentEntry> = {}): SentEntry {
  return {
    id: 1, time: '2026-11-28T04:45:15.406Z', app: 'demo', family: 'application', endpoint: 'A8', method, path: '/api/x', status: 200,
    duration_ms: 1, query: '', request_headers: { 'content-type': 'application/json', 'x-note': 'ok' }, request_body: body,
    request_params: null, request_bytes: body.length, response_bytes: 0, response_headers: {}, response_body: null, error: null,
    truncated: false, credentials: 'as_sent', ...over,
  };
}

/** Runs the pasted fetch snippet; returns what fetch got and what the snippet left in `bodyNotSent`. */
function runFetch(snippet: string) {
  const calls: { url: string; init: { method: string; headers?: Record<string, string>; body?: unknown } }[] = [];
  const sandbox: Record<string, unknown> = {
    fetch: (url: string, init: never) => { calls.push({ url, init }); return Promise.resolve(); },
    FormData: class { parts: unknown[][] = []; append(...a: unknown[]) { this.parts.push(a); } },
    File: class { constructor(public bits: unknown[], public name: string, public opts: unknown) {} },
    btoa: (s: string) => Buffer.from(s, 'binary').toString('base64'),
  };
  const context = vm.createContext(sandbox);
  // An async body so top-level await compiles; the last expression hands back the GET body's literal.
  const script = new vm.Script(`(async () => {\n${snippet}\nreturn typeof bodyNotSent === 'string' ? bodyNotSent : undefined;\n})()`);
  const result = script.runInContext(context) as Promise<string | undefined>;
  return { calls, sandbox, result };
}

/** Runs the pasted cURL command in bash with a curl that prints each argument, NUL-terminated. */
function runCurl(command: string): string[] {
  const out = execFileSync('bash', ['--norc', '--noprofile', '-c', `curl() { printf '%s\\0' "$@"; }\n${command}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH ?? '' } });
  return out.split('\0').slice(0, -1);
}

describe('Copy as fetch: every string is a JavaScript string literal', () => {
  for (const [i, body] of HOSTILE.entries()) {
    it(`a GET body (case ${i}) stays a string and runs nothing`, async () => {
      const snippet = toFetch(entry('GET', body), BASE);
      expect(snippet).not.toContain(`was: ${body.slice(0, 7)}`); // never raw bytes in a comment
      const { calls, sandbox, result } = runFetch(snippet);
      expect(await result).toBe(body);
      expect(sandbox.pwned).toBeUndefined();
      expect(calls).toHaveLength(1);
      expect(calls[0].init.body).toBeUndefined();
    });

    it(`a POST body, path, query and header (case ${i}) round-trip exactly`, async () => {
      const e = entry('POST', body, { path: `/api/${body}`, query: `q=${body}`, request_headers: { 'x-note': body } });
      const { calls, sandbox, result } = runFetch(toFetch(e, BASE));
      await result;
      expect(sandbox.pwned).toBeUndefined();
      expect(calls[0]).toEqual({ url: `${BASE}/api/${body}?q=${body}`, init: { method: 'POST', headers: { 'x-note': body }, body } });
    });
  }

  it('a file name cannot end the comment that stands for the file', async () => {
    const fileName = `a*/ ${PAYLOAD}; /*b.png`;
    const e = entry('POST', '', { request_body: null, request_params: [{ name: 'profile', fileName, contentType: 'image/png', size: 3 }] });
    const { calls, sandbox, result } = runFetch(toFetch(e, BASE));
    await result;
    expect(sandbox.pwned).toBeUndefined();
    const form = calls[0].init.body as { parts: [string, { name: string }][] };
    expect(form.parts[0][1].name).toBe(fileName);
  });
});

describe('Copy as cURL: every argument is one shell word', () => {
  for (const [i, body] of HOSTILE.filter((b) => !b.includes('\ud800')).entries()) {
    it(`case ${i}: body, URL and header reach curl exactly, nothing else runs`, () => {
      const e = entry('POST', body, { path: `/api/${body}`, request_headers: { 'x-note': body } });
      expect(runCurl(toCurl(e, BASE))).toEqual(['-X', 'POST', `${BASE}/api/${body}`, '-H', `x-note: ${body}`, '--data-raw', body]);
    });
  }

  it('bytes a terminal acts on when pasted (CR, Ctrl-C, ESC) are written as escapes, not as themselves', () => {
    const command = toCurl(entry('PUT', 'a\r\nb\u0003c\u001bd'), BASE);
    expect(command).not.toMatch(/[\r\u0003\u001b]/);
    expect(runCurl(command).at(-1)).toBe('a\r\nb\u0003c\u001bd');
  });
});
