// The compiler, run by a test: `npm test` then fails on a broken type assertion (`expectTypeOf`, an
// `@ts-expect-error` that no longer errs) as `npm run typecheck` does. Only the type-test files and what they
// import are compiled, with the project's own options (tsconfig.json), so it takes seconds, not the whole tree.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export const ROOT = join(import.meta.dirname, '..', '..');

/** A test file is a type test when it asserts types: vitest's expectTypeOf / assertType, or @ts-expect-error. */
const ASSERTS_TYPES = /expectTypeOf\(|assertType\(|@ts-expect-error/;

export function typeTestFiles(dir = join(ROOT, 'test')): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.test(-d)?\.tsx?$/.test(f) && !f.includes('node_modules'))
    .map((f) => join(dir, f))
    .filter((f) => ASSERTS_TYPES.test(readFileSync(f, 'utf8')))
    .sort();
}

const projectOptions = (): ts.CompilerOptions => {
  const parsed = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.json'), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  });
  return { ...parsed!.options, noEmit: true };
};

/**
 * The compiler's errors for `files` (and everything they import), as `path:line: TSnnnn message` lines.
 * `planted` adds files that exist only in memory, compiled exactly like the real ones (a test's fixtures).
 */
export function typeErrors(files: string[], planted: Record<string, string> = {}): string[] {
  const options = projectOptions();
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (f) => planted[f] ?? readFile(f);
  host.fileExists = (f) => f in planted || fileExists(f);
  host.getSourceFile = (f, language, ...rest) =>
    f in planted ? ts.createSourceFile(f, planted[f], language) : getSourceFile(f, language, ...rest);
  const program = ts.createProgram([...files, ...Object.keys(planted)], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const text = ts.flattenDiagnosticMessageText(d.messageText, ' ');
    if (!d.file || d.start === undefined) return `TS${d.code} ${text}`;
    const { line } = d.file.getLineAndCharacterOfPosition(d.start);
    return `${relative(ROOT, d.file.fileName)}:${line + 1}: TS${d.code} ${text}`;
  });
}
