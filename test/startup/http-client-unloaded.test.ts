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

it('has no ES import of node:http values in the build', () => {
  const files = [...readdirSync(OUT).map((f) => join(OUT, f)), ...readdirSync(join(OUT, 'chunks')).map((f) => join(OUT, 'chunks', f))].filter((f) => f.endsWith('.js'));
  expect(files.length).toBeGreaterThan(3);
  const importing = files.filter((f) => /^import\s[^;]*from\s*["']node:http["']/m.test(readFileSync(f, 'utf8')));
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
