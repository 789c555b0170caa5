// Every temp folder a test makes (data dirs, fake Electron packages, packed tarballs) goes under one
// folder per run, removed at the end: tests leave nothing behind in the machine's /tmp.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup() {
  const previous = process.env.TMPDIR;
  const dir = mkdtempSync(join(tmpdir(), 'vet-sim-tests-'));
  process.env.TMPDIR = dir; // os.tmpdir() in the workers and in every process they spawn
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(dir, { recursive: true, force: true });
  };
}
