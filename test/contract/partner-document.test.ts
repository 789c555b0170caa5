// openapi.json types every success body and every failure, and shows the request rules it enforces.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSim, type Harness } from '../helpers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
let h: Harness;
let doc: Json;
beforeAll(async () => {
  h = await makeSim();
  const r = await h.ctl.get('/openapi.json');
  expect(r.status).toBe(200);
  doc = r.body;
});
afterAll(async () => h.sim.close());

const op = (path: string, method = 'post') => doc.paths[path][method];
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('GET /__sim/v1/openapi.json: responses', () => {
  it('declares each resource as a component, both families', () => {
    for (const name of ['ApplicationPet', 'ClientPet', 'ApplicationUser', 'EmergencyStats', 'ClientUser', 'Vet', 'Feedback', 'FeedbackListItem',
      'WebUserRow', 'ClientUserRow', 'Pagination', 'PaymentRow', 'PetSwitch', 'TalkToVetSession', 'ClientRegistrationSession', 'ClientChatSession', 'Failure'])
      expect(doc.components.schemas, name).toHaveProperty(name);
    expect(doc.components.schemas.PetSwitch.properties).toEqual({
      attached: { type: 'array', items: { type: 'integer' } }, detached: { type: 'array', items: { type: 'integer' } }, updated: { type: 'array', items: { type: 'integer' } },
    });
    expect(doc.components.schemas.ApplicationPet.properties.id).toEqual({ type: 'integer' });
    expect(doc.components.schemas.ApplicationPet.additionalProperties).toBe(false);
  });

  it('types data per endpoint: A2 answers {email, pet: ApplicationPet}, B5 {list: ClientUserRow[], pagination}', () => {
    expect(op('/api/v2/{name}/pet/add').responses['200'].content['application/json'].schema).toEqual(ref('A2Success'));
    const a2 = doc.components.schemas.A2Success;
    expect(a2.required).toEqual(['success', 'status_code', 'message', 'data']);
    expect(a2.properties.data.properties).toEqual({ email: { type: 'string' }, pet: ref('ApplicationPet') });
    expect(doc.components.schemas.B1Success.properties.data.properties.pet).toEqual(ref('ClientPet'));
    expect(doc.components.schemas.B5Success.properties.data.properties).toEqual({ list: { type: 'array', items: ref('ClientUserRow') }, pagination: ref('Pagination') });
    expect(doc.components.schemas.B8Success.properties.data).toEqual(ref('PetSwitch'));
  });

  it('documents the client-family user inside stringify_response as JSON text of a named schema', () => {
    expect(doc.components.schemas.B9Success.properties.data.properties.stringify_response).toMatchObject({
      type: 'string', contentMediaType: 'application/json', contentSchema: ref('ClientRegistrationSession'),
    });
    expect(doc.components.schemas.ClientRegistrationSession.properties.user).toEqual(ref('ClientUser'));
    expect(doc.components.schemas.A8Success.properties.data.properties.stringify_response.contentSchema).toEqual(ref('TalkToVetSession'));
  });

  it('declares the failure envelope for each status an endpoint can answer', () => {
    for (const s of ['401', '404', '405', '409', '413', '422', '429', '503'])
      expect(doc.components.responses[`Failure${s}`].content['application/json'].schema, s).toEqual(ref('Failure'));
    expect(Object.keys(op('/api/v2/{name}/talk-to-vet').responses)).toEqual(['200', '400', '401', '404', '405', '413', '422', '429', '500', '503', 'default']);
    expect(Object.keys(op('/api/v2/{name}/end').responses)).toContain('409');
    expect(Object.keys(op('/client/user/{name}/v2/pet/add').responses)).not.toContain('401');
    expect(doc.components.schemas.Failure.properties.data).toMatchObject({ type: 'array', maxItems: 0 });
    expect(doc.components.schemas.Failure.properties.success).toEqual({ type: 'boolean', const: false });
  });

  it('declares text/csv for B6 (export=csv)', () => {
    expect(Object.keys(op('/client/user/{name}/v2/report/payment/list').responses['200'].content)).toEqual(['application/json', 'text/csv']);
  });
});

describe('GET /__sim/v1/openapi.json: requests', () => {
  const body = (path: string, type = 'application/json') => op(path).requestBody.content[type].schema;

  it('accepts JSON, urlencoded and multipart on every endpoint with a body; the image only in multipart', () => {
    for (const [path, item] of Object.entries(doc.paths) as [string, Json][])
      for (const o of Object.values(item) as Json[])
        if (o.requestBody) expect(Object.keys(o.requestBody.content), path).toEqual(['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data']);
    expect(body('/api/v2/{name}/pet/update', 'multipart/form-data').properties.profile).toMatchObject({ type: 'string', format: 'binary' });
    expect(body('/api/v2/{name}/pet/update').properties).not.toHaveProperty('profile');
  });

  it('declares the fields of A9 and B7 (GETs with a body) as optional query parameters too, and their body as optional', () => {
    const query = (path: string) => op(path, 'get').parameters.filter((p: Json) => p.in === 'query').map((p: Json) => [p.name, p.required]);
    expect(query('/api/v2/{name}/refresh')).toEqual([['identity', false], ['dev_type', false]]);
    expect(query('/client/user/{name}/v2/vet/feedbacks')).toEqual([['search_value', false], ['search_by', false], ['page', false], ['pagination', false], ['perPage', false]]);
    expect(op('/api/v2/{name}/refresh', 'get').requestBody.required).toBe(false);
    expect(op('/api/v2/{name}/refresh', 'get').requestBody.content['application/json'].schema.required).toEqual(['identity', 'dev_type']);
  });

  it('states species as dog or cat, weight and emergency_fund with minimum 0', () => {
    expect(body('/api/v2/{name}/pet/add').properties.species).toMatchObject({ type: 'string', enum: ['dog', 'cat'] });
    expect(body('/api/v2/{name}/pet/update').properties.pet.properties.species).toMatchObject({ enum: ['dog', 'cat'] });
    expect(body('/client/user/{name}/v2/register-user').properties.species).toMatchObject({ enum: ['dog', 'cat'] });
    expect(body('/api/v2/{name}/pet/add').properties.weight.anyOf[0]).toEqual({ type: 'number', minimum: 0, maximum: 9999.99 }); // 4 digits and 2 decimals: WEIGHT_PATTERN, one rule for numbers and strings (issue 35)
    expect(body('/api/v2/{name}/register-user').properties.emergency_fund.anyOf[0]).toEqual({ type: 'integer', minimum: 0 });
  });
});
