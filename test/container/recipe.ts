// The Testcontainers recipe, shown verbatim in docs/container.md (test/container/testcontainers.test.ts runs it).
import { randomBytes } from 'node:crypto';
import { GenericContainer, Wait } from 'testcontainers';
import { controlClient } from 'vet-consult-simulator';
/** Testcontainers publishes on every interface; the control token opens every app's secrets, so this machine only. */
class SimulatorContainer extends GenericContainer {
  withLoopbackPort(port: number): this {
    this.withExposedPorts(port);
    this.hostConfig.PortBindings = { ...this.hostConfig.PortBindings, [`${port}/tcp`]: [{ HostIp: '127.0.0.1', HostPort: '0' }] };
    return this;
  }
}
export async function startSimulatorContainer(token = randomBytes(24).toString('base64url')) { // a new secret per run
  const container = await new SimulatorContainer('vet-consult-simulator')
    .withLoopbackPort(4010) // published on 127.0.0.1 only
    .withEnvironment({ VET_SIM_CONTROL_TOKEN: token }) // lets this process drive the control API
    .withWaitStrategy(Wait.forHttp('/__sim/v1/health', 4010).withHeaders({ authorization: `Bearer ${token}` }))
    .start();
  const url = `http://127.0.0.1:${container.getMappedPort(4010)}`; // partner API: `${url}/api/v2/demo/…`
  return { container, url, control: controlClient(`${url}/__sim/v1`, token) }; // control: reset(), clock, consultations, requests…
}
