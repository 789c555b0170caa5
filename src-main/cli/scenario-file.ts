// `serve --scenario FILE` and `serve --bundle FILE` (behaviour §20): the file is read and checked before anything
// opens — a bad one names every problem with its file, line and path and the start ends with exit 2 — and a data
// folder that holds data already is replaced only when --replace-data says so.
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { databaseFile } from '../core/db/database';
import type { ServeFlags } from './args';

export type StartWorld = { ok: true; text?: string } | { ok: false; lines: string[] };

export async function readStartWorld(flags: ServeFlags): Promise<StartWorld> {
  const file = flags.scenario ?? flags.bundle;
  if (!file) return { ok: true };
  const flag = flags.scenario ? '--scenario' : '--bundle';
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    return { ok: false, lines: [`${flag} ${file} cannot be read: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file' : (err as Error).message}.`] };
  }
  // Loaded only when asked for: the YAML reader and the scenario schema stay off every other start.
  const { readScenarioText, InvalidScenario, problemLines } = await import('../core/domain/scenario');
  try {
    const scenario = readScenarioText(text, basename(file));
    if (flags.bundle && scenario.journal === undefined) return { ok: false, lines: [`${file} is a scenario, not a bundle (it has no journal): start with --scenario ${file}.`] };
  } catch (err) {
    if (!(err instanceof InvalidScenario)) throw err;
    return { ok: false, lines: [`${file} is not a valid ${flags.scenario ? 'scenario' : 'bundle'} (${err.problems.length} problem${err.problems.length === 1 ? '' : 's'}); nothing was started:`, ...problemLines(err.problems.map((p) => ({ ...p, file })))] };
  }
  if (!flags.inMemory && !flags.replaceData && existsSync(databaseFile(flags.dataDir)))
    return { ok: false, lines: [`The data folder ${flags.dataDir} holds data already; ${flag} replaces all of it only with --replace-data (or pick an empty folder with --data-dir).`] };
  return { ok: true, text };
}
