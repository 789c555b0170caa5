// The Testcontainers recipe, shown verbatim in docs/container.md and the README (test/container/testcontainers.test.ts runs it).
import { GenericContainer, Wait } from 'testcontainers';
import { controlClient } from 'vet-consult-simulator';
export async function startSimulatorContainer(token = 'a-control-token-for-tests') {
  const container = await new GenericContainer('vet-consult-simulator')
    .withExposedPorts(4010)
    .withEnvironment({ VET_SIM_CONTROL_TOKEN: token }) // lets this process drive the control API (16+ characters)
    .withWaitStrategy(Wait.forHttp('/__sim/v1/health', 4010).withHeaders({ authorization: `Bearer ${token}` }))
    .start();
  const url = `http://${container.getHost()}:${container.getMappedPort(4010)}`; // partner API: `${url}/api/v2/demo/…`
  return { container, url, control: controlClient(`${url}/__sim/v1`, token) }; // control: reset(), clock, consultations, requests…
}
