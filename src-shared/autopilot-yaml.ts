// Rules documents as people write them: YAML (JSON is YAML too). Reads the text and says on which line a
// path such as `rules[0].steps[1].after` sits, so a problem found by the schema (or by the simulator, which
// answers paths) points at the line to fix. Shared by the rules-file loader and the UI's editor; no zod here,
// so the editor's bundle stays small.
import { Document, isMap, isScalar, isSeq, LineCounter, parseDocument, visit } from 'yaml';
import type { AutopilotProblem } from './control';

export interface AutopilotText {
  /** The value the text holds, or undefined when it does not parse (see `problems`). */
  value: unknown;
  /** YAML syntax problems, each with its line (1-based). */
  problems: AutopilotProblem[];
  /** The line (1-based) of the key or item a path names, or of the nearest part of it that exists. */
  lineOf(path: string): number | undefined;
}

/** `rules[0].steps[1].after` → `['rules', 0, 'steps', 1, 'after']`. */
export function pathKeys(path: string): (string | number)[] {
  return [...path.matchAll(/\[(\d+)\]|([^.[\]]+)/g)].map(([, index, key]) => (index !== undefined ? Number(index) : key));
}

function locate(doc: Document, lines: LineCounter, path: string): number | undefined {
  let node: unknown = doc.contents;
  let at = (node as { range?: [number] } | null)?.range?.[0];
  for (const key of pathKeys(path)) {
    if (isMap(node)) {
      const pair = node.items.find((p) => (isScalar(p.key) ? p.key.value : p.key) === key);
      if (!pair) break;
      at = (pair.key as { range?: [number] } | null)?.range?.[0] ?? at;
      node = pair.value;
    } else if (isSeq(node) && typeof key === 'number' && node.items[key]) {
      node = node.items[key];
      at = (node as { range?: [number] }).range?.[0] ?? at;
    } else break;
  }
  return at === undefined ? undefined : lines.linePos(at).line;
}

/** As many aliases as a rules document could sensibly use; past it, an alias bomb (billions of nodes from a page). */
const MAX_ALIASES = 100;

/**
 * Keys repeated within one mapping, each as the problem yaml itself would report. yaml's own check (`uniqueKeys`)
 * compares every key with every key before it: 40,000 keys took 10 s. One set per mapping is linear.
 */
function duplicateKeys(doc: Document, lines: LineCounter): AutopilotProblem[] {
  const problems: AutopilotProblem[] = [];
  visit(doc, {
    Map(_key, map) {
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        if (!isScalar(pair.key)) continue; // a mapping or list as a key: never in a rules document, and never equal
        if (!seen.has(pair.key.value)) {
          seen.add(pair.key.value);
          continue;
        }
        const at = pair.key.range?.[0];
        problems.push({ path: '', message: 'Map keys must be unique', line: at === undefined ? undefined : lines.linePos(at).line });
      }
    },
  });
  return problems;
}

export function readAutopilotText(text: string): AutopilotText {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: true, uniqueKeys: false });
  const problems: AutopilotProblem[] = doc.errors.map((e) => ({ path: '', message: e.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, ''), line: e.linePos?.[0].line }));
  problems.push(...duplicateKeys(doc, lines));
  problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  let value: unknown;
  if (!problems.length) {
    try {
      value = doc.toJS({ maxAliasCount: MAX_ALIASES });
    } catch (err) {
      // yaml refuses to expand more aliases than that ("Excessive alias count …"): said, never thrown.
      problems.push({ path: '', message: `the document expands too many aliases (more than ${MAX_ALIASES}): ${(err as Error).message}` });
    }
  }
  return { value, problems, lineOf: (path) => locate(doc, lines, path) };
}

/** A rules document as YAML people read easily: one step per line (`- { after: 20s, do: accept }`), matches inline. */
export function autopilotYaml(value: unknown): string {
  const doc = new Document(value);
  const rules = doc.get('rules');
  if (isSeq(rules))
    for (const rule of rules.items) {
      if (!isMap(rule)) continue;
      const match = rule.get('match');
      if (isMap(match)) match.flow = true;
      const steps = rule.get('steps');
      if (isSeq(steps)) for (const step of steps.items) if (isMap(step)) step.flow = true;
    }
  return doc.toString({ lineWidth: 0 });
}
