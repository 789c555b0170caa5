// Issue 29 item 6 (LOW): the journal masked by key name only, so `pass`, `cc` or a card number under a key no
// list names were kept raw in the journal and the HAR export. Now short keys are masked too, and by value
// shape: a 13–19 digit Luhn-valid number anywhere in a body, and the 3–4 digit value beside it (a CVC). The
// journal entry, the HAR export and the entry behind Copy as cURL (credentials=include) all come from the
// one masked capture; only the explicit credentials export puts the values back.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_AUTH, makeSim, type Harness } from '../helpers';
import { maskBodyText, maskQuery } from '../../src-main/core/journal/masking';
import { luhnValid } from '../../src-main/core/journal/value-shape';

let h: Harness;
beforeEach(async () => (h = await makeSim()));
afterEach(async () => h.sim.close());

interface HarEntry { request: { url: string; postData?: { text?: string } } }
const lastEntry = async (endpoint: string) => (await h.ctl.get(`/requests?endpoint=${endpoint}`)).body.items[0] as { id: number };
const harEntries = async () => ((await h.ctl.get('/requests.har')).body as { log: { entries: HarEntry[] } }).log.entries;

const BODY = {
  email: 'ann@example.com', name: 'Rex', age: '2 years', sex: 'male',
  pan: '4000 0000 0000 0002', security_code: '321', exp_year: '2035', exp_month: '12',
  note: 'paid with 4242-4242-4242-4242 yesterday', order_id: '1234567890123',
  pass: 'pw-pass', pwd: 'pw-pwd', cc: 'cc-value', card: 'card-value',
};

describe('journal masking by short key and by value shape', () => {
  it('a multipart body: a card number under any field name and the CVC beside it are masked in the journal, by shape as in JSON', async () => {
    await h.registerUser();
    const r = await h.http.post('/api/v2/demo/pet/update').set('authorization', DEMO_AUTH)
      .field('email', 'ann@example.com').field('pet_id', '1').field('name', 'Rex')
      .field('pan', '4000 0000 0000 0002').field('security_code', '321').field('exp_year', '2035');
    expect(r.status).toBeLessThan(500);
    const entry = (await h.ctl.get(`/requests/${(await lastEntry('A3')).id}`)).body as { request_params: { name: string; value?: string }[] };
    const byName = Object.fromEntries(entry.request_params.map((p) => [p.name, p.value]));
    expect(byName).toMatchObject({ pan: '***', security_code: '***', exp_year: '2035', name: 'Rex' });
  });
  it('a JSON body: the journal, the HAR export and the as-sent entry', async () => {
    await h.registerUser();
    const text = JSON.stringify(BODY);
    const r = await h.http.post('/api/v2/demo/pet/add').set('authorization', DEMO_AUTH).set('content-type', 'application/json').send(text);
    expect(r.status).toBe(200);
    const masked = JSON.stringify({
      ...BODY, pan: '***', security_code: '***', note: 'paid with *** yesterday', pass: '***', pwd: '***', cc: '***', card: '***',
    });
    const { id } = await lastEntry('A2');
    const entry = (await h.ctl.get(`/requests/${id}`)).body;
    expect(entry.request_body).toBe(masked);
    expect(JSON.parse(entry.request_body)).toMatchObject({ exp_year: '2035', exp_month: '12', order_id: '1234567890123' });
    const har = (await harEntries()).find((e) => e.request.url.endsWith('/pet/add'))!;
    expect(har.request.postData?.text).toBe(masked);
    // Copy as cURL asks for the entry as sent: every masked value back, from this process's memory.
    const sent = (await h.ctl.get(`/requests/${id}?credentials=include`)).body;
    expect(sent.request_body).toBe(text);
    expect(sent.credentials).toBe('as_sent');
  });

  it('a card number as a bare JSON number stays valid JSON; its CVC (a number too) is masked', async () => {
    const text = '{"email":"ann@example.com","pan":4242424242424242,"cid":1234,"exp_year":2035}';
    await h.http.post('/api/v2/demo/pet/add').set('authorization', DEMO_AUTH).set('content-type', 'application/json').send(text);
    const { id } = await lastEntry('A2');
    expect((await h.ctl.get(`/requests/${id}`)).body.request_body).toBe('{"email":"ann@example.com","pan":"***","cid":"***","exp_year":2035}');
  });

  it('a form body and a query string: decoded values, with the CVC beside the card in the same bracket group', async () => {
    const form = 'email=ann%40example.com&card_no=4242+4242+4242+4242&code=123&zip=1234&pwd=secret';
    await h.http.post('/client/user/1/v2/pet/add').set('content-type', 'application/x-www-form-urlencoded').send(form);
    const b1 = await lastEntry('B1');
    expect((await h.ctl.get(`/requests/${b1.id}`)).body.request_body).toBe('email=ann%40example.com&card_no=***&code=***&zip=1234&pwd=***');
    await h.http.get('/client/user/1/v2/pet/list?email=ann%40example.com&p%5Bpan%5D=4111111111111111&p%5Bsc%5D=987&other=654');
    const b4 = await lastEntry('B4');
    expect((await h.ctl.get(`/requests/${b4.id}`)).body.query).toBe('email=ann%40example.com&p%5Bpan%5D=***&p%5Bsc%5D=***&other=654');
  });
});

describe('the shapes', () => {
  it('Luhn: test cards pass, a digit changed fails', () => {
    expect(['4242424242424242', '4000000000000002', '4000000000009995', '378282246310005'].every(luhnValid)).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });

  it('leaves alone what only looks long: a non-Luhn run, 20 digits, a decimal fraction, a date-time, a phone number', () => {
    const text = '{"a":"4242424242424241","b":"42424242424242424242","c":0.4242424242424242,"d":"2026-11-24 10:00:00","e":"+1 555-123-4567","f":"123"}';
    expect(maskBodyText(text, 'application/json')).toBe(text);
    expect(maskQuery('n=4242424242424241&cvc_like=123')).toBe('n=4242424242424241&cvc_like=123');
  });

  it('a card written digit by digit with separators, and one in plain text', () => {
    expect(maskBodyText('{"note":"4 2 4 2 4 2 4 2 4 2 4 2 4 2 4 2"}', 'application/json')).toBe('{"note":"***"}');
    expect(maskBodyText('card 4242-4242-4242-4242 exp 12/35', 'text/plain')).toBe('card *** exp 12/35');
  });

  it('a body cut short (not JSON) still has its card masked', () => {
    expect(maskBodyText('{"pan": 4242424242424242, "sc": "123", ', 'application/json')).toBe('{"pan": "***", "sc": "***", ');
  });
});
