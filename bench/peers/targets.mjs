// Every target of the side-by-side table: how it is installed, configured to serve the
// simulator's captured A5 response, and started in its own process. A peer is configured as its
// users would: its own file format, defaults left alone except where noted (the note goes in the report).
import { existsSync, openSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { freePort, launch } from './proc.mjs';
import { A5_PATH, AUTH, prepareReader, startSimulator } from './simulator.mjs';

const HERE = new URL('.', import.meta.url).pathname;
const MODULES = join(HERE, 'node_modules');
const bin = (pkg, rel) => join(MODULES, pkg, rel);
const version = (pkg) => JSON.parse(readFileSync(join(MODULES, pkg, 'package.json'), 'utf8')).version;
const A5_ROUTE = '/api/v2/demo/pet/list';

async function startPeer(cmd, args, port, log) {
  const { child, coldStartMs } = await launch(cmd, args, `http://127.0.0.1:${port}${A5_PATH}`, { headers: { authorization: AUTH }, logFd: openSync(log, 'a') });
  return { child, coldStartMs, url: `http://127.0.0.1:${port}` };
}

/** The first line of `java -version` (it prints on stderr), or null without a usable Java. */
export function javaVersion() {
  const r = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) return null;
  return (r.stderr || r.stdout).split('\n')[0].trim();
}

const wiremockJar = () => join(MODULES, 'wiremock', 'build', `wiremock-standalone-${version('wiremock')}.jar`);

export const TARGETS = [
  {
    key: 'bare',
    label: 'bare node:http (reference)',
    unavailable: () => null,
    async start(dir, fixtureFile) {
      const port = await freePort();
      return startPeer(process.execPath, [join(HERE, 'servers', 'bare.mjs'), fixtureFile, String(port)], port, join(dir, 'bare.log'));
    },
  },
  {
    key: 'simulator',
    label: 'simulator A5 (auth, journal on)',
    unavailable: () => (existsSync(join(HERE, '../../out/main/cli.js')) ? null : 'not built: run npm run build'),
    async start(dir) {
      const dataDir = join(dir, 'sim-data');
      mkdirSync(dataDir, { recursive: true });
      const s = await startSimulator(['--data-dir', dataDir], { log: join(dir, 'simulator.log') });
      await prepareReader(s.url);
      return s;
    },
  },
  {
    key: 'wiremock',
    label: () => `WireMock ${version('wiremock')} (JVM)`,
    unavailable() {
      if (!existsSync(wiremockJar())) return 'the wiremock npm package (which ships the standalone jar) is not installed';
      if (!javaVersion()) return 'no `java` on PATH (Debian: apt-get install -y default-jre-headless)';
      return null;
    },
    async start(dir, fixtureFile) {
      const fixture = JSON.parse(readFileSync(fixtureFile, 'utf8'));
      const root = join(dir, 'wiremock');
      mkdirSync(join(root, 'mappings'), { recursive: true });
      const mapping = {
        request: { method: 'GET', urlPath: A5_ROUTE, headers: { Authorization: { equalTo: AUTH } } },
        response: { status: fixture.status, headers: fixture.headers, body: fixture.body },
      };
      writeFileSync(join(root, 'mappings', 'a5.json'), JSON.stringify(mapping));
      const port = await freePort();
      const args = ['-jar', wiremockJar(), '--port', String(port), '--bind-address', '127.0.0.1', '--root-dir', root, '--disable-banner'];
      return startPeer('java', args, port, join(dir, 'wiremock.log'));
    },
  },
  {
    key: 'json-server',
    label: () => `json-server ${version('json-server')}`,
    unavailable: () => null,
    async start(dir, fixtureFile) {
      const fixture = JSON.parse(readFileSync(fixtureFile, 'utf8'));
      // a singular resource holding the envelope, and a route that maps the partner path onto it
      writeFileSync(join(dir, 'json-server-db.json'), JSON.stringify({ a5: JSON.parse(fixture.body) }));
      writeFileSync(join(dir, 'json-server-routes.json'), JSON.stringify({ [A5_ROUTE + '*']: '/a5' }));
      const port = await freePort();
      const args = [bin('json-server', 'lib/cli/bin.js'), join(dir, 'json-server-db.json'), '--routes', join(dir, 'json-server-routes.json'), '--port', String(port), '--host', '127.0.0.1', '--quiet'];
      return startPeer(process.execPath, args, port, join(dir, 'json-server.log'));
    },
  },
  {
    key: 'prism',
    label: () => `Prism ${version('@stoplight/prism-cli')}`,
    unavailable: () => null,
    async start(dir, fixtureFile) {
      const fixture = JSON.parse(readFileSync(fixtureFile, 'utf8'));
      const headers = Object.fromEntries(Object.entries(fixture.headers).filter(([k]) => k !== 'content-type').map(([k, v]) => [k, { schema: { type: 'string' }, example: v }]));
      const doc = {
        openapi: '3.0.3',
        info: { title: 'A5', version: '1' },
        components: { securitySchemes: { basic: { type: 'http', scheme: 'basic' } } },
        paths: {
          '/api/v2/{name}/pet/list': {
            get: {
              security: [{ basic: [] }],
              parameters: [
                { name: 'name', in: 'path', required: true, schema: { type: 'string' } },
                { name: 'email', in: 'query', required: true, schema: { type: 'string' } },
              ],
              responses: { 200: { description: 'pet list', headers, content: { 'application/json': { example: JSON.parse(fixture.body) } } } },
            },
          },
        },
      };
      writeFileSync(join(dir, 'prism.json'), JSON.stringify(doc));
      const port = await freePort();
      const args = [bin('@stoplight/prism-cli', 'dist/index.js'), 'mock', join(dir, 'prism.json'), '-p', String(port), '-h', '127.0.0.1'];
      return startPeer(process.execPath, args, port, join(dir, 'prism.log'));
    },
  },
  {
    key: 'mockoon',
    label: () => `Mockoon CLI ${version('@mockoon/cli')}`,
    unavailable: () => null,
    async start(dir, fixtureFile) {
      const fixture = JSON.parse(readFileSync(fixtureFile, 'utf8'));
      const commons = createRequire(join(MODULES, '@mockoon', 'cli', 'package.json'))('@mockoon/commons');
      const env = commons.BuildEnvironment({ hasDefaultRoute: false });
      const route = commons.BuildHTTPRoute(false);
      route.endpoint = A5_ROUTE.slice(1);
      route.responses = [{
        ...commons.BuildRouteResponse(),
        statusCode: fixture.status,
        headers: Object.entries(fixture.headers).map(([key, value]) => ({ key, value })),
        body: fixture.body,
        // the body is fixed bytes: no template to evaluate on every request
        disableTemplating: true,
        default: true,
      }];
      env.routes = [route];
      env.rootChildren = [{ type: 'route', uuid: route.uuid }];
      env.cors = false; // the captured headers already carry the simulator's CORS header
      writeFileSync(join(dir, 'mockoon.json'), JSON.stringify(env));
      const port = await freePort();
      const args = [bin('@mockoon/cli', 'bin/run.js'), 'start', '--data', join(dir, 'mockoon.json'), '--port', String(port), '--hostname', '127.0.0.1', '--disable-log-to-file', '--disable-admin-api'];
      return startPeer(process.execPath, args, port, join(dir, 'mockoon.log'));
    },
  },
  {
    key: 'express',
    label: () => `express ${version('express')} hello`,
    unavailable: () => null,
    async start(dir, fixtureFile) {
      const port = await freePort();
      return startPeer(process.execPath, [join(HERE, 'servers', 'express-hello.mjs'), fixtureFile, String(port)], port, join(dir, 'express.log'));
    },
  },
];

export const labelOf = (t) => (typeof t.label === 'function' ? t.label() : t.label);
