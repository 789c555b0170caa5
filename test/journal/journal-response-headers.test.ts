// Issue 14: the journal reads a finished response's headers from node's own table instead of
// getHeaders()'s slow copy. What it records must be what getHeaders() says: names lowercased, repeated
// headers joined, numbers as text, nothing for a response that set none.
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { recordExchange, type Journal } from '../../src-main/core/http/journal-recorder';
import type { JournalRecord } from '../../src-main/core/domain/journal';
import type { PartnerLocals } from '../../src-main/core/http/partner-context';

function recorded(setUp: (res: http.ServerResponse) => void): JournalRecord {
  const req = new http.IncomingMessage(null as never);
  Object.assign(req, { method: 'GET', url: '/api/v2/demo/media-url', originalUrl: '/api/v2/demo/media-url', headers: { host: 'x' } });
  const res = new http.ServerResponse(req);
  setUp(res);
  const locals: PartnerLocals = { started: performance.now(), family: 'application', appName: 'demo', responseBody: '{"ok":true}' };
  (res as unknown as { locals: PartnerLocals }).locals = locals;
  let got: JournalRecord | undefined;
  const journal = { record: (e: JournalRecord) => void (got = e) } as unknown as Journal;
  recordExchange(req, res, locals, { time: '2030-01-01 08:00:00.000', path: '/api/v2/demo/media-url', query: '', journal });
  return got!;
}

describe('response headers in the journal (issue 14)', () => {
  it('a response that set none records none, and does not stop later ones from being read', () => {
    expect(recorded(() => {}).response_headers).toEqual({});
    const later = recorded((res) => res.setHeader('Content-Type', 'application/json'));
    expect(later.response_headers).toEqual({ 'content-type': 'application/json' });
  });

  it('records what getHeaders() says: lowercased names, repeated headers joined, numbers as text', () => {
    const e = recorded((res) => {
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Set-Cookie', ['a=1', 'b=2']);
      res.setHeader('Content-Length', 11);
      res.setHeader('X-RateLimit-Remaining', 199);
      res.setHeader('x-removed', 'gone');
      res.removeHeader('x-removed');
    });
    expect(e.response_headers).toEqual({ 'content-type': 'application/json', 'set-cookie': 'a=1, b=2', 'content-length': '11', 'x-ratelimit-remaining': '199' });
    expect(Object.getPrototypeOf(e.response_headers)).toBe(Object.prototype);
    expect(e.response_bytes).toBe(11);
  });
});
