// The version from package.json, found from source and from the build alike.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../core/resources';

export function appVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}
