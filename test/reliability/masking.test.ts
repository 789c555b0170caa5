// Issue 12 item 8: no secret reaches the journal, whatever shape it arrives in (a JSON number, a key
// written with escapes, the query string, a body that failed to parse, JSON inside a string field, an
// api-key header), and neither the HAR export nor journal.sqlite carries one. Issue 12 item 6: a deeply
// nested body goes through the journal without a stack overflow.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createSimulator, type Simulator } from '../../src-main/core/simulator';
import { loadSqlJs } from '../../src-main/core/db/sqljs';
import { maskBody, maskBodyText, maskFormText, maskJsonText } from '../../src-main/core/journal/masking';
import { flattenForm } from '../../src-main/core/journal/capture';
import { tempDir } from '../cli/run';
import { rawRequest } from './raw-request';

const DEMO = `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`;
const SECRETS = [
  '4242424242424242', '4000000000009995', 'Hunter2-json', 'Esc4ped-secret', 'Esc4ped-valid', 'Query-secret', '4111111111111111',
  'Header-secret-key', 'Token-secret', 'Nested-secret', 'Form-secret', 'Multi-secret', 'Unquoted-secret', 'Formjson-secret', 'Qnote-secret',
];
let sim: Simulator;
let url: string;
let dataDir: string;
const statuses: number[] = [];

const send = async (method: string, path: string, headers: Record<string, string>, body?: string | Buffer) => {
  const r = await rawRequest(method, url + path, headers, body);
  statuses.push(r.status);
  return r;
};
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  dataDir = tempDir();
  sim = await createSimulator({ dataDir });
  ({ url } = await sim.listen(0, '127.0.0.1'));
  // A card number and a cvc as JSON numbers, in a body that parses and in one that does not.
  await send('POST', '/client/user/1/v2/register-user', json,
    '{"email":"n@example.com","password":"Hunter2-json","api_key":"demo-api-key","number":4242424242424242,"cvc":741,"other":"{\\"password\\":\\"Nested-secret\\"}"}');
  await send('POST', '/client/user/1/v2/register-user', json, '{"email":"m@example.com","number": 4000000000009995, "cvc": 741, ');
  // Keys written with \u escapes: parsed, and in a body cut short.
  await send('POST', '/client/user/1/v2/register-user', json, '{"pass\\u0077ord":"Esc4ped-valid","email":"e@example.com"}');
  await send('POST', '/client/user/1/v2/register-user', json, '{"pass\\u0077ord": "Esc4ped-secret", "cv\\u0063": "741", ');
  // Not JSON at all: `password: …` written by hand.
  await send('POST', '/client/user/1/v2/register-user', json, 'password: Unquoted-secret, email=x');
  // Secrets in the query string, and credential headers.
  await send('GET', '/client/user/1/v2/pet/list?email=q@example.com&password=Query-secret&api_key=demo-api-key&card%5Bnumber%5D=4111111111111111', {
    'x-api-key': 'Header-secret-key', 'x-auth-token': 'Token-secret',
  });
  // A form body and a multipart body.
  await send('POST', '/client/user/1/v2/register-user', { 'content-type': 'application/x-www-form-urlencoded' }, 'email=f%40example.com&password=Form-secret&cvc=741');
  const boundary = 'XyZbOuNdArY';
  const multipart = [
    `--${boundary}\r\ncontent-disposition: form-data; name="email"\r\n\r\nmp@example.com\r\n`,
    `--${boundary}\r\ncontent-disposition: form-data; name="pet_id"\r\n\r\n1\r\n`,
    `--${boundary}\r\ncontent-disposition: form-data; name="password"\r\n\r\nMulti-secret\r\n`,
    `--${boundary}--\r\n`,
  ].join('');
  await send('POST', '/api/v2/demo/pet/update', { authorization: DEMO, 'content-type': `multipart/form-data; boundary=${boundary}` }, multipart);
  // JSON sent as a form (the whole document becomes one key), and a secret pattern inside a query value.
  await send('POST', '/client/user/1/v2/register-user', { 'content-type': 'application/x-www-form-urlencoded' }, '{"password":"Formjson-secret"}');
  await send('GET', '/client/user/1/v2/pet/list?email=q@example.com&note=password%3DQnote-secret', {});
});
afterAll(async () => sim?.close());

describe('journal masking (issue 12 item 8)', () => {
  it('keeps no secret in /requests/:id, and masks each by key where it was', async () => {
    const { items } = (await (await fetch(`${url}/__sim/v1/requests?limit=100`)).json()) as { items: { id: number }[] };
    expect(items).toHaveLength(statuses.length);
    const entries = await Promise.all(items.map(async (i) => (await fetch(`${url}/__sim/v1/requests/${i.id}`)).json()));
    const text = JSON.stringify(entries);
    for (const s of SECRETS) expect(text, s).not.toContain(s);
    const [noteQuery, jsonAsForm, multipart, form, query, unquoted, escapedCut, escaped, numbersCut, numbers] = entries;
    expect(numbers.request_body).toBe('{"email":"n@example.com","password":"***","api_key":"***","number":"***","cvc":"***","other":"{\\"password\\":\\"***\\"}"}');
    expect(numbersCut.request_body).toBe('{"email":"m@example.com","number": "***", "cvc": "***", ');
    expect(escaped.request_body).toBe('{"pass\\u0077ord":"***","email":"e@example.com"}');
    expect(escapedCut.request_body).toBe('{"pass\\u0077ord": "***", "cv\\u0063": "***", ');
    expect(unquoted.request_body).toBe('password: ***, email=x');
    expect(query.query).toBe('email=q@example.com&password=***&api_key=***&card%5Bnumber%5D=***');
    expect(query.request_headers).toMatchObject({ 'x-api-key': '***', 'x-auth-token': '***' });
    expect(form.request_body).toBe('email=f%40example.com&password=***&cvc=***');
    expect(noteQuery.query).toBe('email=q@example.com&note=password%3D***');
    expect(jsonAsForm.request_body).toBe('{"password":"***"}'); // the raw text as sent, masked
    expect(multipart.request_params).toEqual([{ name: 'email', value: 'mp@example.com' }, { name: 'pet_id', value: '1' }, { name: 'password', value: '***' }]);
  });

  it('the HAR export carries no secret unless credentials are asked for', async () => {
    const har = await (await fetch(`${url}/__sim/v1/requests.har`)).text();
    expect(JSON.parse(har).log.entries).toHaveLength(statuses.length);
    for (const s of [...SECRETS, 'demo-secret', Buffer.from('demo:demo-secret').toString('base64')]) expect(har, s).not.toContain(s);
    const snapshot = Buffer.from(await (await fetch(`${url}/__sim/v1/snapshot`)).arrayBuffer()).toString('latin1');
    expect(snapshot.startsWith('SQLite format 3')).toBe(true);
    for (const s of SECRETS) expect(snapshot, s).not.toContain(s);
  });

  it('journal.sqlite holds no secret, in its columns or its deflated details', async () => {
    await sim.close();
    const bytes = readFileSync(join(dataDir, 'journal.sqlite'));
    const SQL = await loadSqlJs();
    const db = new SQL.Database(bytes);
    const rows = db.exec('SELECT query, detail FROM journal')[0].values;
    // Details are stored per batch flush, one deflated block for many entries (issue 14); rows from
    // before that keep their own deflated detail.
    const blocks = db.exec('SELECT detail FROM journal_batch')[0].values;
    db.close();
    expect(rows).toHaveLength(statuses.length);
    expect(blocks.length).toBeGreaterThan(0);
    const inflated = (d: unknown) => ((d as Uint8Array).length ? inflateRawSync(d as Uint8Array).toString('utf8') : '');
    const text = bytes.toString('latin1') + [...rows.map(([q, d]) => `${q} ${inflated(d)}`), ...blocks.map(([d]) => inflated(d))].join('\n');
    for (const s of SECRETS) expect(text, s).not.toContain(s);
    sim = await createSimulator({ dataDir }); // afterAll closes whatever is open
  });
});

describe('deep bodies through the journal (issue 12 item 6)', () => {
  it.each([3_000, 100_000])('a JSON body nested %i deep is answered and journaled, the process stays up', async (depth) => {
    const fresh = await createSimulator({ inMemory: true });
    const { url: u } = await fresh.listen(0, '127.0.0.1');
    try {
      const body = `{"email":"deep@example.com","name":"Rex","age":"1 years","sex":"male","species":"dog","deep":${'['.repeat(depth)}${']'.repeat(depth)}}`;
      const r = await rawRequest('POST', `${u}/api/v2/demo/pet/add`, { authorization: DEMO, ...json }, body);
      expect(r.status).toBeGreaterThanOrEqual(200);
      const unparsable = await rawRequest('POST', `${u}/api/v2/demo/pet/add`, { authorization: DEMO, ...json }, `{"password":"x","deep":${'{"a":'.repeat(depth)}`);
      expect(unparsable.status).toBe(400);
      const list = (await (await fetch(`${u}/__sim/v1/requests`)).json()) as { items: { id: number }[]; total: number };
      expect(list.total).toBe(2);
      const [cut, deep] = await Promise.all(list.items.map(async (i) => (await fetch(`${u}/__sim/v1/requests/${i.id}`)).json()));
      expect(deep.request_body.startsWith('{"email":"deep@example.com"')).toBe(true);
      expect(cut.request_body.startsWith('{"password":"***","deep":{"a":{"a":')).toBe(true);
      expect((await fetch(`${u}/__sim/v1/requests.har`)).status).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it('the masking walks use no recursion: a million levels are only a long string or a long chain', () => {
    const depth = 1_000_000;
    const text = `{"a":${'{"password":'.repeat(depth)}1${'}'.repeat(depth)}}`;
    expect(maskJsonText(text)).toBe('{"a":{"password":"***"}}');
    expect(maskBodyText(`${'['.repeat(depth)}"password=x"${']'.repeat(depth)}`)).toBe(`${'['.repeat(depth)}"password=***"${']'.repeat(depth)}`);
    let nested: Record<string, unknown> = { cvc: 1 };
    for (let i = 0; i < depth; i++) nested = { next: nested };
    let masked = maskBody(nested) as Record<string, unknown>;
    for (let i = 0; i < depth; i++) masked = masked.next as Record<string, unknown>;
    expect(masked).toEqual({ cvc: '***' });
    expect(flattenForm(nested)).toHaveLength(1);
  });
});

describe('masking, generated (fast-check)', () => {
  const MARKER = 'Zq7-secret-Zq7';
  const secretKey = fc.constantFrom('password', '\\u0070assword', 'pass\\u0077ord', 'PassWord', 'number', 'cvc', 'api_key', 'card[number]', 'x-api-key');
  const secretValue = fc.constantFrom(`"${MARKER}"`, '9876543210987654', `{"v":"${MARKER}"}`, `["${MARKER}",1]`, `"a\\"${MARKER}"`);
  const json = fc.json({ maxDepth: 4 });
  const space = fc.constantFrom('', ' ', '\n  ', '\t');

  it('no secret survives in any JSON body, whole or cut anywhere, whatever the nesting and spacing', () => {
    fc.assert(
      fc.property(json, secretKey, secretValue, space, fc.nat(), fc.nat(), (doc, key, value, sp, where, cutAt) => {
        // The secret goes into an object somewhere in a random document.
        const wrapped = `{"doc":${doc},"inner":{"k":[1,{${sp}"${key}"${sp}:${sp}${value}${sp}}]},"tail":${doc}}`;
        const text = where % 2 ? wrapped : `[${doc},${wrapped}]`;
        const secret = value.startsWith('98765') ? '9876543210987654' : MARKER;
        expect(maskBodyText(text, 'application/json')).not.toContain(secret);
        expect(maskBodyText(text.slice(0, cutAt % (text.length + 1)), 'application/json')).not.toContain(secret);
      }),
      { numRuns: 2_000 },
    );
  });

  it('no secret survives in a form body or query, whatever the key encoding', () => {
    const formKey = fc.constantFrom('password', 'pass%77ord', 'card%5Bnumber%5D', 'card[number]', 'CVC', 'api_key');
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string(), fc.string()), { maxLength: 5 }), formKey, fc.nat(), (pairs, key, at) => {
        const enc = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
        enc.splice(at % (enc.length + 1), 0, `${key}=${MARKER}`);
        expect(maskFormText(enc.join('&'))).not.toContain(MARKER);
      }),
      { numRuns: 2_000 },
    );
  });
});
