// A rules file for `serve --autopilot FILE` (VET_SIM_AUTOPILOT) and startSimulator({ autopilot: 'rules.yaml' }):
// YAML or JSON (JSON is YAML), checked by the one schema. A file that cannot be used is ONE line naming the file,
// the line and the path, so a CI log shows what to fix; the rest of its problems are counted.
import { readFileSync } from 'node:fs';
import type { AutopilotDocument, AutopilotProblem } from '../../../../src-shared/control';
import { readAutopilotText } from '../../../../src-shared/autopilot-yaml';
import { checkAutopilot } from '../../../../src-shared/schemas/autopilot';

export type LoadedAutopilot = { ok: true; document: AutopilotDocument } | { ok: false; error: string };

const oneLine = (file: string, problems: AutopilotProblem[]) => {
  const [first] = problems;
  const where = `${file}${first.line ? `:${first.line}` : ''}`;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : '';
  return `Autopilot rules ${where}: ${first.path ? `${first.path}: ` : ''}${first.message}${more}`;
};

export function loadAutopilotFile(file: string): LoadedAutopilot {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    return { ok: false, error: `Autopilot rules ${file}: cannot be read (${e.code === 'ENOENT' ? 'no such file' : e.code === 'EISDIR' ? 'it is a folder' : e.message}).` };
  }
  const read = readAutopilotText(text);
  if (read.problems.length) return { ok: false, error: oneLine(file, read.problems) };
  const checked = checkAutopilot(read.value ?? null);
  if (checked.ok) return checked;
  return { ok: false, error: oneLine(file, checked.problems.map((p) => ({ ...p, line: read.lineOf(p.path) }))) };
}
