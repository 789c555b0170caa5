// A reset answers as soon as it is committed and in the op log (issue 14), never before: a reset whose
// log append fails (a full disk) answers an error, and the data, its journal and the partner's view
// stay as they were.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { nodeFs, type DurableFs } from '../../src-main/core/db/oplog';
import { createSimulator } from '../../src-main/core/simulator';
import { DEMO_AUTH } from '../helpers';

const H = { authorization: DEMO_AUTH, 'content-type': 'application/json' };

describe('a reset the op log refuses', () => {
  it('answers an error, and the user registered before it is still there', async () => {
    const disk = { appendsFail: false };
    const fs: DurableFs = {
      ...nodeFs,
      writeSync: (fd, buf, off) => {
        if (disk.appendsFail) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 });
        return nodeFs.writeSync(fd, buf, off);
      },
    };
    const sim = await createSimulator({ dataDir: mkdtempSync(join(tmpdir(), 'vet-sim-')), fs, checkpointIntervalMs: 3_600_000 });
    try {
      const http = request(sim.handle);
      expect((await http.post('/api/v2/demo/register-user').set(H).send({ first_name: 'Kim', email: 'kim@example.com', role: 'users', dev_type: 'ios' })).status).toBe(200);

      disk.appendsFail = true;
      const reset = await http.post('/__sim/v1/reset');
      expect(reset.status).toBe(500);
      expect(reset.body).not.toEqual({ reset: true });
      disk.appendsFail = false;

      const users = await http.get('/__sim/v1/users');
      expect(users.body.items.map((u: { email: string }) => u.email)).toEqual(['kim@example.com']);
      const pets = await http.get('/api/v2/demo/pet/list?email=kim%40example.com').set(H);
      expect(pets.status).toBe(200); // after a reset: 404, no such user
    } finally {
      await sim.close();
    }
  });
});
