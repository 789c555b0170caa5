// Done-when of issue 13: a client generated from the live openapi.json reads typed response fields.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeSim, type Harness } from '../helpers';
import { compileAgainst } from './typed-client';

let h: Harness;
beforeAll(async () => (h = await makeSim()));
afterAll(async () => h.sim.close());

const client = (body: string) => `
import createClient from 'openapi-fetch';
import type { paths, components } from './schema';
const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:4010' });
const path = { name: 'demo' };
export async function use() {
${body}
}
`;

it('a client generated with openapi-typescript compiles reading typed fields, and refuses a field that does not exist', async () => {
  const doc = (await h.ctl.get('/openapi.json')).body;
  const diagnostics = await compileAgainst(doc, {
    'good.ts': client(`
  const added = await client.POST('/api/v2/{name}/pet/add', { params: { path }, body: { email: 'ann@example.com', name: 'Rex', age: '2 years', sex: 'male', species: 'dog' } });
  if (!added.data) return added.error.message.join(' ');
  const id: number = added.data.data.pet.id;
  const weight: string | null = added.data.data.pet.weight;
  const listed = await client.GET('/api/v2/{name}/pet/list', { params: { path, query: { email: 'ann@example.com' } } });
  const name: string = listed.data!.data.list[0].name;
  const user: components['schemas']['ApplicationUser'] = (await client.POST('/api/v2/{name}/register-user', {
    params: { path }, body: { first_name: 'Ann', email: 'ann@example.com', role: 'users', dev_type: 'ios' },
  })).data!.data.user;
  const canActivate: boolean = (await client.POST('/api/v2/{name}/register-user', {
    params: { path }, body: { first_name: 'Ann', email: 'ann@example.com', role: 'users', dev_type: 'ios' },
  })).data!.data.emergency_stats.can_activate_Emergency;
  const switched: number[] = (await client.POST('/client/user/{name}/v2/pet/switch', { params: { path: { name: 1 }, query: { email: 'a@b.co', pet_id: 1 } } })).data!.data.attached;
  const rows = (await client.POST('/client/user/{name}/v2/report/user/list', { params: { path: { name: 1 } }, body: {} })).data!.data;
  const total: number = rows.pagination.total;
  const firstPet: string | undefined = rows.list[0].default_pet?.name;
  return [id, weight, name, user.email, canActivate, switched, total, firstPet];`),
    'bad.ts': client(`
  const added = await client.POST('/api/v2/{name}/pet/add', { params: { path }, body: { email: 'ann@example.com', name: 'Rex', age: '2 years', sex: 'male', species: 'bird' } });
  const nope = added.data!.data.pet.nope;
  const id: string = added.data!.data.pet.id;
  return [nope, id];`),
  });
  expect(diagnostics['good.ts']).toEqual([]);
  expect(diagnostics['bad.ts']).toEqual([
    expect.stringMatching(/Type '"bird"' is not assignable to type '"dog" \| "cat"/),
    expect.stringMatching(/Property 'nope' does not exist on type/),
    "Type 'number' is not assignable to type 'string'.",
  ]);
}, 60_000);
