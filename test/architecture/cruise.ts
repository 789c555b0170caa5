// Runs dependency-cruiser with the project's own rules (.dependency-cruiser.cjs), as `npm run check:boundaries`
// does, and answers the violations as short lines a failing test can print.
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import type { ICruiseResult } from 'dependency-cruiser';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');
export const FOLDERS = ['src-main', 'src-shared', 'src-renderer'];

export interface Cruised {
  /** `rule: from → to`, sorted. */
  violations: string[];
  result: ICruiseResult;
}

/**
 * Cruises `folders` under `baseDir`: the project itself, or a tree a test planted elsewhere (whose node_modules
 * is a symlink to the project's, kept as a link so that paths read `node_modules/…` as in the project).
 */
export async function cruiseBoundaries(baseDir = ROOT, folders = FOLDERS): Promise<Cruised> {
  const options = await extractDepcruiseOptions(join(ROOT, '.dependency-cruiser.cjs'));
  const tsConfig = extractTSConfig(join(ROOT, 'tsconfig.json'));
  const { output } = await cruise(folders, { ...options, baseDir, preserveSymlinks: baseDir !== ROOT, outputType: 'json' }, {}, { tsConfig });
  const result = (typeof output === 'string' ? JSON.parse(output) : output) as ICruiseResult;
  const violations = result.summary.violations
    .map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)
    .sort();
  return { violations, result };
}
