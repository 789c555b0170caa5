// Shared test helpers: an in-memory simulator driven in-process with supertest, through the very
// node:http request handler a listening simulator serves (sim.handle), not through express.
import request from 'supertest';
import { createSimulator, type Simulator, type SimulatorOptions } from '../src-main/core/simulator';
import { contractChecked } from './contract/checked-agent';

export const DEMO_AUTH = `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`;
export const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;

export async function makeSim(opts: SimulatorOptions = {}) {
  const sim = await createSimulator({ inMemory: true, random: () => 0, ...opts });
  // Every response a test receives is held to openapi.json or the control API document (test/contract):
  // a mismatch fails the test that received it.
  const http = contractChecked(request(sim.handle));
  /** Control API calls need a loopback Host, which supertest sets to 127.0.0.1:<port>. */
  const a = {
    sim,
    http,
    get: (path: string) => http.get(path).set('authorization', DEMO_AUTH),
    post: (path: string, body?: object) => http.post(path).set('authorization', DEMO_AUTH).send(body ?? {}),
    ctl: {
      get: (path: string) => http.get(`/__sim/v1${path}`),
      post: (path: string, body: object = {}) => http.post(`/__sim/v1${path}`).send(body),
      put: (path: string, body: object) => http.put(`/__sim/v1${path}`).send(body),
      patch: (path: string, body: object) => http.patch(`/__sim/v1${path}`).send(body),
    },
    async registerUser(body: Partial<Record<string, unknown>> = {}) {
      const r = await a.post('/api/v2/demo/register-user', {
        first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', role: 'users', dev_type: 'ios', ...body,
      });
      if (r.status !== 200) throw new Error(`register failed: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.data.user as { id: number; email: string };
    },
    async addPet(email = 'ann@example.com', body: Partial<Record<string, unknown>> = {}) {
      const r = await a.post('/api/v2/demo/pet/add', { email, name: 'Rex', age: '2 years', sex: 'male', species: 'dog', ...body });
      if (r.status !== 200) throw new Error(`pet add failed: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.data.pet as { id: number; name: string };
    },
    /** A8 for Ann's first pet (after registerUser and addPet): the consultation's sid. */
    async talk(type: 'chat' | 'video' = 'chat') {
      const r = await a.post('/api/v2/demo/talk-to-vet', { email: 'ann@example.com', conversation_request: type, pet_id: 1 });
      if (r.status !== 200) throw new Error(`talk-to-vet failed: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.data.channel as string;
    },
    async registerClient(body: Partial<Record<string, unknown>> = {}) {
      return http.post('/client/user/1/v2/register-user').send({ ...CLIENT_REGISTRATION, ...body });
    },
  };
  return a;
}

export type Harness = Awaited<ReturnType<typeof makeSim>>;

export const CLIENT_REGISTRATION = {
  first_name: 'Priya', last_name: 'Nair', email: 'priya@example.com', password: 's3cret-pass', device_token: 'tok-1',
  api_key: 'demo-api-key', dev_type: 'ios', other: '{}', profile: 'p', gender: 'female', status: 'subscribed', type: 'monthly',
  name: 'Chai', species: 'cat', age: '4 years', color: 'spotted', sex: 'female', number: '4242424242424242', exp_month: '12',
  exp_year: '2099', cvc: '123', package_id: '1', price: '9.99', is_addOn: '0', addOn_package_id: '10', addOn_price: '4.99', zip_code: '10115',
};

export function expectFailure(res: { status: number; body: unknown; headers: Record<string, string> }, status: number, message: string[]) {
  return { status: res.status, body: res.body, ct: res.headers['content-type'], expected: { status, body: { success: false, status_code: status, message, data: [] } } };
}

export async function closeAll(...sims: Harness[]) {
  for (const s of sims) await s.sim.close();
}
