// Issue 14: the journal records a response's headers from the partner call's own head (http/response-head.ts),
// not from Node's table or getHeaders()'s slow copy. What it records must be what getHeaders() said:
// names lowercased, repeated headers joined, numbers as text, nothing for a response that set none.
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { NO_BODY } from '../../src-main/core/http/body';
import { recordExchange, type Journal } from '../../src-main/core/journal/recorder';
import { ResponseHead } from '../../src-main/core/http/response-head';
import type { JournalRecord } from '../../src-main/core/journal';

function recorded(setUp: (res: ResponseHead) => void): JournalRecord {
  const req = new http.IncomingMessage(null as never);
  Object.assign(req, { method: 'GET', url: '/api/v2/demo/media-url', headers: { host: 'x' } });
  const head = new ResponseHead();
  setUp(head);
  let got: JournalRecord | undefined;
  const journal = { record: (e: JournalRecord) => void (got = e) } as unknown as Journal;
  recordExchange({
    req, journal, time: '2030-01-01 08:00:00.000', path: '/api/v2/demo/media-url', query: '', started: performance.now(),
    family: 'application', appName: 'demo', body: NO_BODY, head, status: 200, responseBody: '{"ok":true}',
  });
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
