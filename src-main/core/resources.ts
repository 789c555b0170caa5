// Where the bundled resources/ folder is, from source (tests) and from the build (out/main).
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;
export function resourcesDir(): string {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'resources', 'packages.json'))) return (cached = join(dir, 'resources'));
    dir = resolve(dir, '..');
  }
  const fromCwd = join(process.cwd(), 'resources');
  return (cached = fromCwd);
}
export const resourcePath = (name: string) => join(resourcesDir(), name);
export const projectRoot = () => resolve(resourcesDir(), '..');
