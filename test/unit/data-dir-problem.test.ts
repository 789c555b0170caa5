import { describe, expect, it } from 'vitest';
import { DataDirLocked } from '../../src-main/core/db/data-dir-lock';
import { dataDirProblem } from '../../src-main/core/db/data-dir-problem';

const sysErr = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('why a data folder could not be opened', () => {
  it('names what the system said in words, with the way out', () => {
    expect(dataDirProblem('/srv/sim', sysErr('EACCES', "EACCES: permission denied, mkdir '/srv/sim'"))).toBe(
      'Could not open the data folder /srv/sim: permission denied (choose a folder you can write to). Choose another with --data-dir DIR, or run with --in-memory.',
    );
    expect(dataDirProblem('/mnt/cd', sysErr('EROFS', 'EROFS: read-only file system'))).toMatch(/: the disk is read-only\. Choose another/);
    expect(dataDirProblem('/full', sysErr('ENOSPC', 'ENOSPC: no space left on device, write'))).toMatch(/: the disk is full\. Choose another/);
  });

  it('keeps any other error\'s own text, and the lock\'s message as it is', () => {
    expect(dataDirProblem('/d', new Error('database disk image is malformed'))).toBe(
      'Could not open the data folder /d: database disk image is malformed. Choose another with --data-dir DIR, or run with --in-memory.',
    );
    expect(dataDirProblem('/d', sysErr('toString', 'odd code'))).toMatch(/: odd code\./); // a code that is also an Object.prototype key
    const locked = new DataDirLocked('/d', 7);
    expect(dataDirProblem('/d', locked)).toBe(locked.message);
  });
});
