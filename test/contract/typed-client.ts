// Compiles a client written against types that openapi-typescript generates from a live OpenAPI
// document: proof that the document types its responses (a field read that does not exist fails).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';

const ROOT = resolve(__dirname, '../..');

/** Compiles each source next to the generated `schema.d.ts`; answers the diagnostics per file. */
export async function compileAgainst(document: object, sources: Record<string, string>): Promise<Record<string, string[]>> {
  // Under node_modules so that `openapi-fetch` resolves as it would in a partner's project.
  const dir = await mkdtemp(join(ROOT, 'node_modules', '.typed-client-'));
  try {
    await writeFile(join(dir, 'schema.d.ts'), astToString(await openapiTS(document as never)));
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
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
