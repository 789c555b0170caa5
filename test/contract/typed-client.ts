// Compiles a client written against types that openapi-typescript generates from a live OpenAPI
// document: proof that the document types its responses (a field read that does not exist fails).
// runAgainst then runs such a client, so that what type-checks is shown to work on the wire too.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';

const ROOT = resolve(__dirname, '../..');

/** A temporary folder with the generated `schema.d.ts`, removed after `use`. */
async function withSchema<T>(document: object, use: (dir: string) => Promise<T>): Promise<T> {
  // Under node_modules so that `openapi-fetch` resolves as it would in a partner's project.
  const dir = await mkdtemp(join(ROOT, 'node_modules', '.typed-client-'));
  try {
    await writeFile(join(dir, 'schema.d.ts'), astToString(await openapiTS(document as never)));
    return await use(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function diagnosticsOf(dir: string, sources: Record<string, string>): Promise<Record<string, string[]>> {
  const files = Object.keys(sources).map((name) => join(dir, name));
  await Promise.all(Object.entries(sources).map(([name, text]) => writeFile(join(dir, name), text)));
  const program = ts.createProgram(files, {
    strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler, skipLibCheck: true, types: [], lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  });
  const out: Record<string, string[]> = {};
  for (const [i, name] of Object.keys(sources).entries())
    out[name] = ts.getPreEmitDiagnostics(program, program.getSourceFile(files[i])).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  return out;
}

/** Compiles each source next to the generated `schema.d.ts`; answers the diagnostics per file. */
export function compileAgainst(document: object, sources: Record<string, string>): Promise<Record<string, string[]>> {
  return withSchema(document, (dir) => diagnosticsOf(dir, sources));
}

/**
 * Type-checks `source` as compileAgainst does; when it compiles, runs it (the same text, types stripped)
 * and answers what its exported `use(...args)` returned. Either the diagnostics or the result.
 */
export function runAgainst(document: object, source: string, ...args: unknown[]): Promise<{ diagnostics: string[]; result?: unknown }> {
  return withSchema(document, async (dir) => {
    const diagnostics = (await diagnosticsOf(dir, { 'client.ts': source }))['client.ts'];
    if (diagnostics.length) return { diagnostics };
    const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
    await writeFile(join(dir, 'client.mjs'), js);
    const mod = (await import(pathToFileURL(join(dir, 'client.mjs')).href)) as { use: (...a: unknown[]) => Promise<unknown> };
    return { diagnostics, result: await mod.use(...args) };
  });
}
