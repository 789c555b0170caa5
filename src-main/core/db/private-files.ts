// The data folder holds every app's secrets, the token signing secret and password hashes: it is the user's
// alone (behaviour §19: folders 0700, files 0600). New files are created so; a folder or file found looser (made
// by an older version, or by hand) is tightened once, with a notice when the folder itself was open.
import { chmodSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const FILE_MODE = 0o600;
export const DIR_MODE = 0o700;

/** Creates `dir` private, or tightens it and the files in it; returns the notices to show. */
export function privateDataDir(dir: string): string[] {
  mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  // Windows has no such permission bits: chmod there only toggles read-only.
  if (process.platform === 'win32') return [];
  const loosened: string[] = [];
  const tighten = (path: string, mode: number) => {
    try {
      const st = statSync(path);
      if ((st.mode & 0o077) === 0 || st.uid !== process.getuid?.()) return; // private already, or not ours to change
      chmodSync(path, mode);
      loosened.push(path);
    } catch {
      // gone meanwhile, or not ours: nothing to tighten
    }
  };
  tighten(dir, DIR_MODE);
  const folderWasOpen = loosened.includes(dir);
  for (const name of readdirSync(dir)) if (/^(simulator|journal)\.(sqlite|lock)/.test(name)) tighten(join(dir, name), FILE_MODE);
  // Files inside a private folder were out of others' reach anyway: they are tightened without a word.
  return folderWasOpen
    ? [`The data folder ${dir} was readable by other users; it and ${loosened.length - 1} file(s) in it are now private to you (it holds secrets).`]
    : [];
}
