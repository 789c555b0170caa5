// Holds (behaviour §18): `match` names body or query fields a request must carry. Two keys escape that:
//  - "__proto__" is dropped by the schema's record parsing, so the hold is stored with `match: {}` and holds
//    EVERY request of the endpoint (arming.ts stores what zod returned);
//  - "constructor" (or "toString", …) is read from the input's prototype (arming.ts `input[k]`), so
//    `{"constructor": "function Object() { [native code] }"}` fits every request.
// Expected: such a hold is refused (422) or fits only requests that carry the field.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../src-main/core/simulator';

const AUTH = `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`;
let sim: Simulator;
let url: string;
beforeAll(async () => {
  sim = await createSimulator({ inMemory: true, random: () => 0 });
  ({ url } = await sim.listen(0));
  await fetch(`${url}/api/v2/demo/register-user`, { method: 'POST', headers: { authorization: AUTH, 'content-type': 'application/json' }, body: JSON.stringify({ first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', role: 'users', dev_type: 'ios' }) });
});
afterAll(async () => sim.close());

async function holdsA5(match: string): Promise<'refused' | 'held' | 'not held'> {
  const armed = await fetch(`${url}/__sim/v1/holds`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"endpoint":"A5","timeout_ms":100,"on_timeout":"fail","match":${match}}` });
  if (armed.status === 422) return 'refused';
  const { id } = (await armed.json()) as { id: string };
  const r = await fetch(`${url}/api/v2/demo/pet/list?email=ann@example.com`, { headers: { authorization: AUTH } });
  await fetch(`${url}/__sim/v1/holds/${id}`, { method: 'DELETE' });
  return r.status === 503 ? 'held' : 'not held';
}

it('match {"__proto__": …} does not turn into a hold on every request', async () => {
  expect(await holdsA5('{"__proto__":"nobody"}')).not.toBe('held');
});

it('match {"constructor": …} fits only a request that carries a constructor field', async () => {
  expect(await holdsA5('{"constructor":"function Object() { [native code] }"}')).not.toBe('held');
});
