// PUT /scenario takes a file's own text too (`{text, file}`), as the UI sends a picked file: YAML or JSON, read on the
// server, so each problem names its line and the file; the world is replaced only when the whole file is good.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { makeSim, type Harness } from '../helpers';

let h: Harness;
beforeEach(async () => (h = await makeSim()));
afterEach(async () => h.sim.close());

const YAML = (vet: string) => [
  'scenario: 1',
  'users:',
  '  - { email: ann@example.com, first_name: Ann }',
  'pets:',
  '  - { owner: ann@example.com, name: Rex, species: dog, age: 3 years, sex: male }',
  'consultations:',
  `  - { user: ann@example.com, pet: Rex, type: chat, status: waiting${vet} }`,
  '',
].join('\n');

it("refuses a file's text with each problem's line and file, changing nothing", async () => {
  const r = await h.http.put('/__sim/v1/scenario').send({ text: YAML(''), file: 'two-owners.yaml' });
  expect(r.status).toBe(422);
  expect(r.body.error.code).toBe('invalid_scenario');
  expect(r.body.error.details).toEqual([{ path: 'consultations[0].vet', message: 'Invalid input: expected string, received undefined', line: 7, file: 'two-owners.yaml' }]);
  expect((await h.ctl.get('/users')).body.total).toBe(0);
});

it('loads a good one: its user and its waiting chat are there', async () => {
  const r = await h.http.put('/__sim/v1/scenario').send({ text: YAML(', vet: vet_1'), file: 'two-owners.yaml' });
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({ loaded: true, users: 1, consultations: 1 });
  expect((await h.ctl.get('/consultations?status=waiting')).body.total).toBe(1);
});
