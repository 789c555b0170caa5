// Done-when of issue 13: a client generated from the live openapi.json reads typed response fields,
// and can call every endpoint, A9 and B7 (GETs the spec sends with a JSON body) included.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_AUTH, makeSim, type Harness } from '../helpers';
import { compileAgainst, runAgainst } from './typed-client';

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

it('a generated openapi-fetch client calls A9 and B7 (GETs with a JSON body in the spec) through their query parameters', async () => {
  const doc = (await h.ctl.get('/openapi.json')).body;
  const { url } = await h.sim.listen(0, '127.0.0.1');
  // fetch sends no body with a GET: only what the document declares as query parameters reaches the simulator.
  const source = `
import createClient from 'openapi-fetch';
import type { paths } from './schema';
export async function use(baseUrl: string, authorization: string, vet: (channel: string) => Promise<void>) {
  const client = createClient<paths>({ baseUrl, headers: { authorization } });
  const path = { name: 'demo' };
  const email = 'ann@example.com';
  await client.POST('/api/v2/{name}/register-user', { params: { path }, body: { first_name: 'Ann', email, role: 'users', dev_type: 'ios' } });
  const pet = (await client.POST('/api/v2/{name}/pet/add', { params: { path }, body: { email, name: 'Rex', age: '2 years', sex: 'male', species: 'dog' } })).data!.data.pet;
  const chat = (await client.POST('/api/v2/{name}/talk-to-vet', { params: { path }, body: { email, conversation_request: 'chat', pet_id: pet.id } })).data!.data;
  const refreshed = await client.GET('/api/v2/{name}/refresh', { params: { path, query: { identity: chat.identity, dev_type: 'ios' } } });
  const rtcToken: string | undefined = refreshed.data?.data.rtcToken;
  await vet(chat.channel);
  type Query = NonNullable<paths['/client/user/{name}/v2/vet/feedbacks']['get']['parameters']['query']>;
  const feedbacks = async (query: Query) => {
    const r = await client.GET('/client/user/{name}/v2/vet/feedbacks', { params: { path: { name: 1 }, query } });
    return [r.response.status, r.data?.data.map((row) => row.reason)] as const;
  };
  return {
    refresh: [refreshed.response.status, refreshed.data?.message, typeof rtcToken],
    ann: await feedbacks({ search_value: email, search_by: 'user' }),
    zed: await feedbacks({ search_value: 'zed@example.com', search_by: 'user' }),
    secondPage: await feedbacks({ search_value: email, search_by: 'user', pagination: true, perPage: 1, page: 2 }),
  };
}
`;
  const vet = async (channel: string) => {
    expect((await h.ctl.post(`/consultations/${channel}/accept`)).status).toBe(200);
    expect((await h.ctl.put(`/consultations/${channel}/feedback`, { recommendation: 'urgent', reason: 'Limping since Monday' })).status).toBe(200);
  };
  const { diagnostics, result } = await runAgainst(doc, source, url, DEMO_AUTH, vet);
  expect(diagnostics).toEqual([]);
  expect(result).toEqual({
    refresh: [200, ['User token'], 'string'],
    ann: [200, ['Limping since Monday']],
    zed: [200, []], // the search reached the simulator: without it the one feedback would be listed
    secondPage: [200, []], // so did the integer and boolean query values
  });
}, 60_000);
