// A start never loads node's HTTP client, undici (issue 30). An ES `import … from 'node:http'` builds the module's
// ES facade, which on Node 22+ runs http's lazy WebSocket getters and loads undici: 20–25 ms of every start on
// Node 24. The server reads node:http as CommonJS (core/http/node-http.ts). Under Node 20 (no such getters) the
// second test passes either way; CI runs it on Node 24 too.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { requireBuild } from '../cli/run';

const OUT = join(__dirname, '..', '..', 'out', 'main');
beforeAll(requireBuild);

it('has no ES import of node:http in the build: static, re-exported or dynamic, with or without `node:`', () => {
  const files = [...readdirSync(OUT).map((f) => join(OUT, f)), ...readdirSync(join(OUT, 'chunks')).map((f) => join(OUT, 'chunks', f))].filter((f) => f.endsWith('.js'));
  expect(files.length).toBeGreaterThan(3);
  const esImport = /(?:^(?:import|export)\s[^;]*?from\s*|\bimport\(\s*)["'](?:node:)?http["']/m;
  expect(esImport.test('import { createServer } from "node:http";')).toBe(true);
  expect(esImport.test("export { STATUS_CODES } from 'http';")).toBe(true);
  expect(esImport.test("const m = await import('node:http');")).toBe(true);
  expect(esImport.test("import { request } from 'node:https';")).toBe(false);
  const importing = files.filter((f) => esImport.test(readFileSync(f, 'utf8')));
  expect(importing).toEqual([]);
});

it('starts a simulator, answers a partner call and closes without loading undici', () => {
  const script = `
    const { startSimulator } = await import(${JSON.stringify(join(OUT, 'api.js'))});
    const sim = await startSimulator();
    const http = process.getBuiltinModule('node:http');
    const status = await new Promise((resolve, reject) => http.get(sim.url + '/api/v2/demo/media-url', { headers: { authorization: sim.credentials.authorization } }, (r) => { r.resume(); r.on('end', () => resolve(r.statusCode)); }).on('error', reject));
    await sim.close();
    console.log(JSON.stringify({ status, undici: process.moduleLoadList.filter((m) => /undici/.test(m)) }));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(r.stderr).toBe('');
  expect(JSON.parse(r.stdout.trim().split('\n').at(-1)!)).toEqual({ status: 200, undici: [] });
});
