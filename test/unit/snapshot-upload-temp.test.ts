// A restore's upload goes through a temp file in the data folder. A client that leaves at once failed the pipeline
// while the file's open was still on its way: the file was removed before it existed, then created, and stayed
// (seen once in a fresh clone's `npm test`, restore-stream.test.ts). It is removed once its stream has closed.
import { readdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import { receiveSnapshot } from '../../src-main/core/db/snapshot-check';
import { tempDir } from '../cli/run';

it('leaves no temp file when the upload fails before the file is even open', async () => {
  const dir = tempDir();
  for (let i = 0; i < 20; i++) {
    const gone = new Readable({ read() { this.destroy(new Error('the client went away')); } });
    await expect(receiveSnapshot(gone, dir, 1 << 20)).rejects.toThrow('the client went away');
  }
  await new Promise((r) => setTimeout(r, 200)); // any open still on its way has landed by now
  expect(readdirSync(dir)).toEqual([]);
});
