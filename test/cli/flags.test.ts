// `serve` for CI pipelines: JSON log lines, settings from the environment, a ready file, and an
// opt-in control token for test runners on other hosts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseServeArgs } from '../../src-main/cli/args';
import { CLI, run, runToExit, tempDir, requireBuild } from './run';
import { existsSync } from 'node:fs';

const TOKEN = 'ci-token-0123456789abcdef';

describe('serve flags for CI', () => {
  beforeAll(() => {
    requireBuild();
  });

  it('--log-format json: a JSON ready line, one JSON line per request, and a stopping line', async () => {
    const r = run(['--port', '0', '--in-memory', '--log-format', 'json']);
    const url = await r.ready;
    const ready = JSON.parse(r.stdout().trim().split('\n')[0]);
    expect(ready).toMatchObject({ event: 'ready', level: 'info', url, ui_url: `${url}/__sim/`, pid: r.child.pid, data: 'in memory' });
    expect(ready.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    await fetch(`${url}/api/v2/demo/media-url`);
    await fetch(`${url}/api/v2/nope/media-url`);
    const lines = () => r.stdout().trim().split('\n').map((l) => JSON.parse(l));
    for (let i = 0; i < 100 && lines().filter((l) => l.event === 'request').length < 2; i++) await new Promise((res) => setTimeout(res, 50));
    const requests = lines().filter((l) => l.event === 'request');
    expect(requests.map((l) => [l.method, l.path, l.status, l.endpoint])).toEqual([
      ['GET', '/api/v2/demo/media-url', 200, 'A1'],
      ['GET', '/api/v2/nope/media-url', 404, 'A1'],
    ]);
    r.child.kill('SIGTERM');
    expect(await r.exited).toBe(0);
    expect(lines().at(-1)).toMatchObject({ event: 'stopping', message: 'SIGTERM received' });
  });

  it('reads settings from the environment; a flag wins; bad values are exit 2', async () => {
    const dir = tempDir();
    const flags = parseServeArgs(['--port', '5000'], { VET_SIM_PORT: '4999', VET_SIM_HOST: '::1', VET_SIM_DATA_DIR: dir, VET_SIM_IN_MEMORY: 'true', VET_SIM_LOG_FORMAT: 'json' });
    expect(flags).toMatchObject({ port: 5000, host: '::1', dataDir: dir, inMemory: true, logFormat: 'json' });
    const readyFile = join(tempDir(), 'ready.json');
    const r = run([], { VET_SIM_PORT: '0', VET_SIM_IN_MEMORY: '1', VET_SIM_READY_FILE: readyFile });
    const url = await r.ready;
    expect(JSON.parse(readFileSync(readyFile, 'utf8'))).toMatchObject({ url, port: Number(new URL(url).port), pid: r.child.pid });
    r.child.kill('SIGTERM');
    await r.exited;
    const bad = await runToExit(['--in-memory', '--log-format', 'xml']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--log-format accepts "text" or "json", not "xml".');
    const short = await runToExit(['--in-memory', '--control-token', 'abc']);
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('--control-token must be at least 16 printable characters without spaces.');
  });

  it('--control-token: a bearer of the token drives the control API whatever the Host; others are refused', async () => {
    const r = run(['--port', '0', '--in-memory', '--control-token', TOKEN]);
    const url = await r.ready;
    const { request } = await import('node:http');
    // fetch cannot set Host; a raw request can (as a client in another container, calling by a host name, would).
    let body = '';
    const call = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const u = new URL(`${url}/__sim/v1/health`);
        request({ host: u.hostname, port: u.port, path: u.pathname, headers: { host: 'simulator.internal:4010', ...headers } }, (res) => {
          body = '';
          res.on('data', (d) => (body += d)).on('end', () => resolve(res.statusCode!));
        }).on('error', reject).end();
      });
    expect(await call({ authorization: `Bearer ${TOKEN}` })).toBe(200);
    expect(JSON.parse(body).api_base_url).toBe('http://simulator.internal:4010'); // the host the caller used
    expect(await call({})).toBe(403);
    expect(await call({ authorization: 'Bearer wrong-token-0123456789' })).toBe(401);
    r.child.kill('SIGTERM');
    await r.exited;
  });
});
