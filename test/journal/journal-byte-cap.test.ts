// Issue 29: the journal is capped in bytes as well as in entries. The audit's 4,000 bodies of 900 KB made a
// 199 MB journal file and 521 MB of memory (sql.js holds the whole file in memory). With a byte cap, big
// bodies push the oldest entries out: the file stays under the cap, and the newest entries still read.
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { parseServeArgs } from '../../src-main/cli/args';
import { createSimulator } from '../../src-main/core/simulator';
import { tempDir } from '../cli/run';
import { DEMO_AUTH } from '../helpers';

const MiB = 1024 * 1024;
const CAP = 16 * MiB;

/** A body the journal keeps 64 KiB of, barely compressible (random base64): about 48 KB stored an entry. */
const bigBody = () => ({ first_name: randomBytes(60_000).toString('base64'), email: 'big@example.com', role: 'users', dev_type: 'ios' });

describe('the journal capped in bytes', () => {
  it('keeps its file under the cap while big bodies arrive, the newest entries readable', async () => {
    const dir = tempDir();
    const sim = await createSimulator({ dataDir: dir, journalCapBytes: CAP });
    const http = request(sim.handle);
    const sent = 600; // ~29 MB of stored detail uncapped: well past the cap, far below the entry cap
    let lastBody = '';
    for (let i = 0; i < sent; i++) {
      const body = bigBody();
      lastBody = body.first_name;
      // 422 or, past the demo app's rate limit, 429: either way the body is journaled.
      expect([422, 429]).toContain((await http.post('/api/v2/demo/register-user').set('authorization', DEMO_AUTH).send(body)).status);
    }
    sim.services.journal.flush();

    const page = await http.get('/__sim/v1/requests?limit=5');
    expect(page.status).toBe(200);
    const newest = page.body.items[0];
    expect(newest.endpoint).toBe('A7');
    // The oldest went first: far fewer than were sent remain, and the newest is among them.
    expect(page.body.total).toBeLessThan(sent * 0.7);
    expect(page.body.total).toBeGreaterThan(100);
    const entry = await http.get(`/__sim/v1/requests/${newest.id}`);
    expect(entry.status).toBe(200);
    expect(entry.body.request_body).toContain(lastBody.slice(0, 1000));
    expect((await http.get(`/__sim/v1/requests/${newest.id - sent + 1}`)).status).toBe(404);
    await sim.close();

    const file = statSync(join(dir, 'journal.sqlite')).size;
    expect(file).toBeLessThanOrEqual(CAP);
    expect(file).toBeGreaterThan(CAP / 2); // the cap is used, not emptied at each batch

    // Under the default cap (64 MiB) the file grows past 16 MiB again; started with the lower cap once more,
    // the journal is trimmed and compacted at start, the newest entry still readable.
    const roomy = await createSimulator({ dataDir: dir });
    for (let i = 0; i < 250; i++) await request(roomy.handle).post('/api/v2/demo/register-user').set('authorization', DEMO_AUTH).send(bigBody());
    roomy.services.journal.flush();
    const newestAfter = (await request(roomy.handle).get('/__sim/v1/requests?limit=1')).body.items[0].id;
    await roomy.close();
    expect(statSync(join(dir, 'journal.sqlite')).size).toBeGreaterThan(CAP);
    const again = await createSimulator({ dataDir: dir, journalCapBytes: CAP });
    expect((await request(again.handle).get(`/__sim/v1/requests/${newestAfter}`)).status).toBe(200);
    await again.close();
    expect(statSync(join(dir, 'journal.sqlite')).size).toBeLessThanOrEqual(CAP);
  }, 60_000);

  it('refuses a cap out of range with the range named', async () => {
    await expect(createSimulator({ inMemory: true, journalCapBytes: 1024 })).rejects.toThrow(/16 MiB to 4 GiB/);
  });
});

describe('--journal-cap-bytes', () => {
  it('reads bytes or a size with its unit, from the flag or VET_SIM_JOURNAL_CAP_BYTES, and refuses one out of range', () => {
    expect(parseServeArgs([]).journalCapBytes).toBe(64 * MiB);
    expect(parseServeArgs(['--journal-cap-bytes', '32MiB']).journalCapBytes).toBe(32 * MiB);
    expect(parseServeArgs(['--journal-cap-bytes', '1g']).journalCapBytes).toBe(1024 * MiB);
    expect(parseServeArgs(['--journal-cap-bytes', String(20 * MiB)]).journalCapBytes).toBe(20 * MiB);
    expect(parseServeArgs([], { VET_SIM_JOURNAL_CAP_BYTES: '100 MB' }).journalCapBytes).toBe(100 * MiB);
    expect(() => parseServeArgs(['--journal-cap-bytes', '1MiB'])).toThrow(/from 16MiB to 4GiB/);
    expect(() => parseServeArgs(['--journal-cap-bytes', 'lots'])).toThrow(/not "lots"/);
  });
});
