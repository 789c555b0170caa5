import { describe, expect, it } from 'vitest';
import { DataDirLocked } from '../../src-main/core/db/data-dir-lock';
import { dataDirProblem } from '../../src-main/core/db/data-dir-problem';

const sysErr = (code: string, message: string, path?: string) => Object.assign(new Error(message), { code, path });

describe('why a data folder could not be opened', () => {
  it('names what the system said in words, with the way out', () => {
    expect(dataDirProblem('/srv/sim', sysErr('EACCES', "EACCES: permission denied, mkdir '/srv/sim'", '/srv/sim'))).toBe(
      'Could not open the data folder /srv/sim: permission denied. Choose another with --data-dir DIR, or run with --in-memory.',
    );
    expect(dataDirProblem('/srv/sim', sysErr('EACCES', 'EACCES: permission denied, open', '/srv/sim/journal.sqlite'))).toMatch(/: permission denied\. Choose another/);
    expect(dataDirProblem('/home/a/notes.txt/data', sysErr('ENOTDIR', 'ENOTDIR: not a directory', '/home/a/notes.txt'))).toMatch(/: a part of its path is a file, not a folder\. Choose/);
    expect(dataDirProblem('/mnt/cd', sysErr('EROFS', 'EROFS: read-only file system'))).toMatch(/: the disk is read-only\. Choose another/);
    expect(dataDirProblem('/full', sysErr('ENOSPC', 'ENOSPC: no space left on device, write'))).toMatch(/: the disk is full\. Choose another/);
  });

  it('keeps the error\'s own text for a path outside the folder, for other codes, and the lock\'s message as it is', () => {
    // An EACCES about some other file (a module, a temp folder) is not the data folder's fault: said as it is.
    expect(dataDirProblem('/srv/sim', sysErr('EACCES', "EACCES: permission denied, open '/usr/lib/x.wasm'", '/usr/lib/x.wasm'))).toBe(
      "Could not open the data folder /srv/sim: EACCES: permission denied, open '/usr/lib/x.wasm'. Choose another with --data-dir DIR, or run with --in-memory.",
    );
    expect(dataDirProblem('/srv/sim', sysErr('EEXIST', 'EEXIST: file already exists', '/srv/simulator'))).toMatch(/: EEXIST: file already exists\. Choose/); // a sibling, not inside
    expect(dataDirProblem('/d', new Error('It ended.'))).toMatch(/: It ended\. Choose/); // one full stop, not two
    expect(dataDirProblem('/d', new Error('database disk image is malformed'))).toBe(
      'Could not open the data folder /d: database disk image is malformed. Choose another with --data-dir DIR, or run with --in-memory.',
    );
    expect(dataDirProblem('/d', sysErr('toString', 'odd code'))).toMatch(/: odd code\./); // a code that is also an Object.prototype key
    const locked = new DataDirLocked('/d', 7);
    expect(dataDirProblem('/d', locked)).toBe(locked.message);
  });
});
