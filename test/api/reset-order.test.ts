// `POST /__sim/v1/reset` answers as soon as the reset is committed, and clears what the simulator keeps
// in memory (the apps' cache, the rate limiter's windows, the request journal) and tells the UI right
// after the answer is written (issue 14). The promise that makes this safe: a request sent the moment
// the 200 arrives is handled only after all of that, so it never sees the state from before the reset.
// The next request here is written the instant the reset's answer is (backToBack): no client can be faster.
import { mkdtempSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../src-main/core/simulator';
import { DEMO_AUTH } from '../helpers';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Parses one complete answer off the front of `buf` (content-length bodies only), or undefined. */
function takeAnswer(buf: Buffer): { answer: Answer; rest: Buffer } | undefined {
  const end = buf.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine, ...lines] = buf.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const l of lines) headers[l.slice(0, l.indexOf(':')).toLowerCase()] = l.slice(l.indexOf(':') + 1).trim();
  if (headers['content-length'] === undefined) throw new Error(`an answer without content-length: ${statusLine}`);
  const length = Number(headers['content-length']);
  if (buf.length < end + 4 + length) return undefined;
  const body = buf.subarray(end + 4, end + 4 + length).toString('utf8');
  return { answer: { status: Number(statusLine.split(' ')[1]), headers, body }, rest: buf.subarray(end + 4 + length) };
}

/**
 * Writes `first` (the reset) and then `then` at the earliest moment any client could: from inside the
 * server's own call that writes the reset's answer (its response's `prefinish`, emitted synchronously
 * once the answer's bytes are handed to the socket). So `then` is already waiting in the socket while
 * the simulator finishes the reset: were any of that work left to a later turn of the event loop (a
 * timer, I/O), `then` would be read first. Resolves both answers.
 */
function backToBack(server: Server, port: number, first: string, then: string): Promise<[Answer, Answer]> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1');
    const onRequest = (req: IncomingMessage, res: ServerResponse) => {
      if (req.url !== '/__sim/v1/reset') return;
      server.off('request', onRequest);
      res.once('prefinish', () => socket.write(then));
    };
    server.prependListener('request', onRequest);
    const answers: Answer[] = [];
    let buf: Buffer = Buffer.alloc(0);
    socket.on('error', reject);
    socket.on('data', (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      for (let got = takeAnswer(buf); got; got = takeAnswer(buf)) {
        buf = got.rest;
        answers.push(got.answer);
        if (answers.length === 2) {
          socket.end();
          resolve([answers[0], answers[1]]);
        }
      }
    });
    socket.write(first);
  });
}

/** Collects the UI's event stream (`GET /__sim/v1/events`) as text until `stop()`. */
async function eventStream(url: string) {
  const ctrl = new AbortController();
  const res = await fetch(`${url}/__sim/v1/events`, { signal: ctrl.signal });
  let text = '';
  const decoder = new TextDecoder();
  const reading = (async () => {
    try {
      const reader = res.body!.getReader();
      for (let r = await reader.read(); !r.done; r = await reader.read()) text += decoder.decode(r.value, { stream: true });
    } catch {
      /* aborted by stop() */
    }
  })();
  return {
    /** The state events received so far, flattened out of their batches. */
    states: () => [...text.matchAll(/^event: state\ndata: (.*)$/gm)].flatMap((m) => JSON.parse(m[1]) as object[]),
    stop: async () => (ctrl.abort(), await reading),
  };
}

const PARTNER_READ = '/api/v2/demo/media-url'; // answers 200 on the reset database

let sim: Simulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

describe.each([
  ['in memory', () => ({ inMemory: true })],
  ['on disk', () => ({ dataDir: mkdtempSync(join(tmpdir(), 'vet-reset-order-')) })],
])('a request sent the moment the reset answers (%s)', (_name, storage) => {
  it('sees the reset state: the default app and a fresh rate-limit window, alone in an empty journal; the UI hears of the reset', async () => {
    sim = await createSimulator(storage());
    const { url, port, server } = await sim.listen(0);
    const ctl = (method: string, path: string, body?: object) =>
      fetch(`${url}/__sim/v1${path}`, { method, headers: { 'content-type': 'application/json' }, body: body && JSON.stringify(body) });
    const partner = () => fetch(url + PARTNER_READ, { headers: { authorization: DEMO_AUTH } });

    // State the reset must undo, each kept in memory as well as in the database.
    expect((await ctl('PATCH', '/apps/1', { rate_limit_per_minute: 1 })).status).toBe(200);
    expect((await partner()).status).toBe(200);
    expect((await ctl('POST', '/apps/1/token')).status).toBe(200); // demo-secret no longer opens the demo app
    expect((await partner()).status).toBe(429); // the limiter (ahead of auth, §4) has spent the app's one request
    const events = await eventStream(url);

    const host = `Host: 127.0.0.1:${port}\r\n`;
    const [reset, read] = await backToBack(
      server,
      port,
      `POST /__sim/v1/reset HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`,
      `GET ${PARTNER_READ} HTTP/1.1\r\n${host}Authorization: ${DEMO_AUTH}\r\n\r\n`,
    );
    expect(reset.status).toBe(200);
    expect(JSON.parse(reset.body)).toEqual({ reset: true });
    expect(read.status).toBe(200);
    expect(JSON.parse(read.body)).toMatchObject({ success: true, status_code: 200 });
    expect(read.headers['x-ratelimit-limit']).toBe('200');
    expect(read.headers['x-ratelimit-remaining']).toBe('199');

    // The journal was cleared before the read, not after it: the read is its only entry.
    const journal = (await (await ctl('GET', '/requests')).json()) as { items: { path: string; status: number }[]; total: number };
    expect(journal.total).toBe(1);
    expect(journal.items).toMatchObject([{ path: PARTNER_READ, status: 200 }]);

    const deadline = Date.now() + 2000;
    while (!events.states().some((e) => JSON.stringify(e) === '{"entity":"simulator","id":"all","action":"reset"}') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    await events.stop();
    expect(events.states()).toContainEqual({ entity: 'simulator', id: 'all', action: 'reset' });
    expect(events.states()).toContainEqual({ entity: 'journal', id: 'all', action: 'cleared' });
  });
});
