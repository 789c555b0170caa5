// Issue 14: the journal stores the details of a batch flush as one deflated block, each distinct body
// once. Readers must not tell: every entry reads back its own exact body after other bodies came and
// went, held entries read like stored ones, the cap drops whole blocks, and rows written before the
// block format (journal migration 1) still read, search and export after the migration.
import { deflateRawSync } from 'node:zlib';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Database } from '../../src-main/core/db/database';
import { JOURNAL_MIGRATIONS } from '../../src-main/core/db/migrations';
import { journalService, type JournalRecord } from '../../src-main/core/journal';
import type { DomainContext } from '../../src-main/core/domain/context';
import { SimulatorEventBus } from '../../src-main/core/events';
import { createSimulator, type Simulator } from '../../src-main/core/simulator';

const open: { close(): void }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) await o.close();
});

async function journalOver(cap = 10_000) {
  const db = await Database.open({ migrations: JOURNAL_MIGRATIONS });
  open.push(db);
  const ctx = { db, events: new SimulatorEventBus(), baseUrl: () => 'http://127.0.0.1:4010' } as unknown as DomainContext;
  return { db, journal: journalService(ctx, db, cap) };
}

const entry = (i: number, response_body: string | null, extra: Partial<JournalRecord> = {}): JournalRecord => ({
  time: '2030-01-01 08:00:00.000', app: 'demo', family: 'application', endpoint: 'A5', method: 'GET', path: '/api/v2/demo/pet/list',
  query: `email=user${i}@example.com`, status: 200, duration_ms: 1, request_headers: { accept: 'application/json' }, request_body: null,
  response_headers: { 'content-type': 'application/json', 'x-ratelimit-remaining': String(i) }, response_body, error: null, truncated: false,
  ...extra,
});

/** A 20 KB answer that deflate cannot shrink much: repeats of it show in the stored bytes. */
function answer(seed: number): string {
  let x = seed * 2654435761;
  let s = '';
  while (s.length < 20_000) {
    x = (x * 1103515245 + 12345) >>> 0;
    s += x.toString(36);
  }
  return JSON.stringify({ success: true, status_code: 200, message: ['pet list'], data: { noise: s } });
}

const storedBytes = (db: Database) => Number(db.get<{ n: number }>('SELECT coalesce(sum(length(detail)), 0) AS n FROM journal_batch')!.n);

describe('journal blocks (issue 14)', () => {
  it('a body handed out again and again is stored once per block, and every entry reads back its own body exactly', async () => {
    const { db, journal } = await journalOver();
    const a = answer(1);
    const b = answer(2);
    // As the read cache does: the very same string object for each repeat, then another answer replaces it.
    for (let i = 1; i <= 60; i++) journal.record(entry(i, a));
    for (let i = 61; i <= 100; i++) journal.record(entry(i, b));
    journal.record(entry(101, `${a}`.slice(0)));
    journal.record(entry(102, null));
    journal.flush();
    const oneBody = deflateRawSync(a, { level: 1 }).length;
    expect(storedBytes(db)).toBeLessThan(2 * oneBody + 4_000); // two distinct answers, not 101 copies
    for (let i = 1; i <= 60; i++) expect(journal.get(i)?.response_body).toBe(a);
    for (let i = 61; i <= 100; i++) expect(journal.get(i)?.response_body).toBe(b);
    expect(journal.get(101)?.response_body).toBe(a);
    expect(journal.get(102)).toMatchObject({ response_body: null, response_bytes: 0 });
    expect(journal.get(75)).toMatchObject({ query: 'email=user75@example.com', response_headers: { 'x-ratelimit-remaining': '75' }, response_bytes: Buffer.byteLength(b) });
    // A later block with the answers the other way round still reads each entry right.
    for (let i = 103; i <= 110; i++) journal.record(entry(i, i % 2 ? a : b));
    expect(journal.get(104)?.response_body).toBe(b); // held, not yet written
    journal.flush();
    for (let i = 103; i <= 110; i++) expect(journal.get(i)?.response_body).toBe(i % 2 ? a : b);
    expect(journal.count({ q: 'pet list' })).toBe(109);
  });

  it('bodies, headers, params, errors and cut marks read the same held, stored, listed and exported', async () => {
    const { journal } = await journalOver();
    const shared = { accept: 'application/json', authorization: 'Basic demo:***' };
    const records = [
      entry(1, '{"ok":1}', { request_headers: shared, request_body: '{"email":"a@example.com","password":"***"}', method: 'POST' }),
      entry(2, '{"ok":2}', { request_headers: shared, request_params: [{ name: 'profile', fileName: 'a.png', contentType: 'image/png', size: 3 }] }),
      entry(3, null, { request_headers: { other: 'x' }, status: 500, error: 'Error: boom\n    at somewhere', truncated: true }),
    ];
    for (const r of records) journal.record(r);
    const held = [1, 2, 3].map((id) => journal.get(id));
    const exported = journal.entries({}, 10);
    journal.flush();
    expect([1, 2, 3].map((id) => journal.get(id))).toEqual(held);
    expect(journal.entries({}, 10)).toEqual(exported);
    expect(held[0]).toMatchObject({ request_headers: shared, request_body: records[0].request_body, method: 'POST', request_bytes: 42 });
    expect(held[1]).toMatchObject({ request_headers: shared, request_params: records[1].request_params });
    expect(held[2]).toMatchObject({ request_headers: { other: 'x' }, error: 'Error: boom\n    at somewhere', truncated: true, status: 500 });
    expect(journal.list({ q: 'a@example' }, { limit: 10 }).items.map((e) => e.id)).toEqual([1]);
  });

  it('any text reads back exactly: newlines, multi-byte characters, a lone surrogate, an empty body', async () => {
    const { journal } = await journalOver();
    const bodies = ['line one\nline two\r\n\t"quoted" \\ done', 'Ünïcødé 😀 日本語', 'broken \ud800 surrogate', '', '\n', '{"a":"\u0000"}'];
    bodies.forEach((b, i) => journal.record(entry(i + 1, b, { request_body: i % 2 ? b : null })));
    journal.flush();
    expect(bodies.map((_, i) => journal.get(i + 1)?.response_body)).toEqual(bodies);
    expect(bodies.map((_, i) => journal.get(i + 1)?.request_body)).toEqual(bodies.map((b, i) => (i % 2 ? b : null)));
    expect(journal.list({ q: '日本' }, { limit: 10 }).items.map((e) => e.id)).toEqual([2]);
    expect(journal.list({ q: 'LINE TWO' }, { limit: 10 }).items.map((e) => e.id)).toEqual([1]);
  });

  it('every column reads back as recorded, whether a batch\'s rows share app, endpoint and path or not', async () => {
    const { journal } = await journalOver();
    // 237 rows: inserted as 100 + 100 + 25 + 5 + 5 + 1 + 1; some chunks all alike, some mixed, a null endpoint and app.
    const recorded = Array.from({ length: 237 }, (_, k) => {
      const i = k + 1;
      const odd = (i > 100 && i <= 200 && i % 7 === 0) || i === 230;
      return entry(i, null, {
        app: odd ? null : 'demo', family: odd ? 'client' : 'application', endpoint: odd ? null : 'A5', method: odd ? 'POST' : 'GET',
        path: odd ? `/client/user/${i}/v2/x` : '/api/v2/demo/pet/list', status: 200 + (i % 3), duration_ms: i / 100, time: `2030-01-01 08:00:${String(i % 60).padStart(2, '0')}.000`,
        injected: i % 11 === 0 ? 'fault' : i % 13 === 0 ? 'delay' : null,
        // An agent's entry (journal migration 6) here and there, in chunks alike and mixed.
        agent: i % 17 === 0 ? 'claude-code' : null,
      });
    });
    recorded.forEach((r) => journal.record(r));
    const summary = (r: JournalRecord, id: number) => ({ id, time: r.time, app: r.app, family: r.family, endpoint: r.endpoint, method: r.method, path: r.path, status: r.status, duration_ms: r.duration_ms, injected: r.injected ?? null, agent: r.agent ?? null });
    const expected = recorded.map((r, k) => summary(r, k + 1)).reverse();
    expect(journal.list({}, { limit: 1000 }).items).toEqual(expected);
    journal.flush();
    expect(journal.list({}, { limit: 1000 }).items).toEqual(expected);
    expect(recorded.map((r, k) => journal.get(k + 1)?.query)).toEqual(recorded.map((r) => r.query));
    expect(journal.count({ family: 'client' })).toBe(recorded.filter((r) => r.family === 'client').length);
  });

  it('the cap drops whole blocks once every entry in them is past it', async () => {
    const { db, journal } = await journalOver(150);
    for (let i = 1; i <= 1_000; i++) {
      journal.record(entry(i, answer(i % 3)));
      if (i % 50 === 0) journal.flush();
    }
    journal.flush();
    expect(journal.count()).toBe(150);
    expect(journal.get(850)).toBeUndefined();
    expect(journal.get(851)?.response_body).toBe(answer(851 % 3));
    // Blocks of 50: the newest 150 entries span 3 or 4 of them, never the 20 written.
    const blocks = Number(db.get<{ n: number }>('SELECT count(*) AS n FROM journal_batch')!.n);
    expect(blocks).toBeGreaterThanOrEqual(3);
    expect(blocks).toBeLessThanOrEqual(4);
  });

  it('rows written before the block format still read, search and export after the migration, next to new ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'journal-v1-'));
    const file = join(dir, 'journal.sqlite');
    // A journal file as migration 1 left it, with one entry in the per-row format.
    const v1 = await Database.open({ file, migrations: JOURNAL_MIGRATIONS.slice(0, 1) });
    const oldDetail = {
      request_headers: { authorization: 'Basic demo:***' }, request_body: null, request_params: null, request_bytes: 0,
      response_headers: { 'content-type': 'application/json' }, response_body: '{"message":["old zebra answer"]}', response_bytes: 32, error: null, truncated: false,
    };
    v1.runUnlogged(
      'INSERT INTO journal (id, time, app, family, endpoint, method, path, query, status, duration_ms, detail) VALUES (?,?,?,?,?,?,?,?,?,?,?)',
      [7, '2030-01-01 08:00:00.000', 'demo', 'application', 'A5', 'GET', '/api/v2/demo/pet/list', 'email=old@example.com', 200, 1.5, deflateRawSync(JSON.stringify(oldDetail), { level: 1 })],
    );
    v1.close();

    const sim: Simulator = await createSimulator({ dataDir: dir });
    open.push(sim);
    const { url } = await sim.listen(0, '127.0.0.1');
    const auth = `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`;
    expect((await fetch(`${url}/api/v2/demo/media-url`, { headers: { authorization: auth } })).status).toBe(200);
    sim.services.journal.flush();
    const list = (await (await fetch(`${url}/__sim/v1/requests`)).json()) as { items: { id: number; endpoint: string }[]; total: number };
    expect(list.items.map((e) => e.id)).toEqual([8, 7]);
    expect(list.total).toBe(2);
    const old = await (await fetch(`${url}/__sim/v1/requests/7`)).json();
    expect(old).toMatchObject({ id: 7, query: 'email=old@example.com', duration_ms: 1.5, ...oldDetail });
    const fresh = await (await fetch(`${url}/__sim/v1/requests/8`)).json();
    expect(fresh).toMatchObject({ id: 8, endpoint: 'A1', status: 200, request_headers: { authorization: 'Basic demo:***' } });
    expect(((await (await fetch(`${url}/__sim/v1/requests?q=zebra`)).json()) as { items: { id: number }[] }).items.map((e) => e.id)).toEqual([7]);
    const har = (await (await fetch(`${url}/__sim/v1/requests.har`)).json()) as { log: { entries: { response: { content: { text: string } } }[] } };
    expect(har.log.entries.map((e) => e.response.content.text)).toEqual([oldDetail.response_body, fresh.response_body]);
  });

  it('entries survive a restart in the block format', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'journal-restart-'));
    const first = await createSimulator({ dataDir: dir });
    const { url } = await first.listen(0, '127.0.0.1');
    const auth = `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`;
    for (let i = 0; i < 3; i++) await fetch(`${url}/api/v2/demo/media-url`, { headers: { authorization: auth } });
    const before = await (await fetch(`${url}/__sim/v1/requests.har`)).json();
    await first.close();
    const second = await createSimulator({ dataDir: dir });
    open.push(second);
    const again = await second.listen(0, '127.0.0.1');
    const after = await (await fetch(`${again.url}/__sim/v1/requests.har`)).json();
    const text = (h: { log: { entries: { response: { content: { text: string } } }[] } }) => h.log.entries.map((e) => e.response.content.text);
    expect(text(after)).toEqual(text(before));
    expect(text(after)).toHaveLength(3);
  });
});
