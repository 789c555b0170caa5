// Builds out/main/serve-cjs/: `serve` and the core as CommonJS files, which the CLI runs through V8's
// code cache on Node versions without a compile cache of their own (src-main/cli/code-cache.ts).
// The partner path is one chunk (serve.cjs); the express side (control API, UI, media, OpenAPI, body
// parsers) is in chunks of its own, read and compiled only when a request first needs it — one file
// with everything cost ~45–60 ms more main-thread time at every start (bench/cold-start.mjs).
// Called by electron-vite after the main bundle (electron.vite.config.ts), so every build makes both.
import { build } from 'rolldown';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

export const SERVE_CJS_DIR = ['out', 'main', 'serve-cjs'];

export async function bundleServeCjs(root) {
  const dir = join(root, ...SERVE_CJS_DIR);
  rmSync(dir, { recursive: true, force: true }); // no chunk of an earlier build stays behind
  rmSync(join(root, 'out', 'main', 'serve.cjs'), { force: true }); // the one-file build of earlier versions
  await build({
    input: { 'cold-entry': join(root, 'src-main', 'cli', 'cold-entry.ts') },
    platform: 'node',
    // sql.js finds its .wasm next to itself, so it stays a package, as in the main bundle
    external: ['sql.js', /^node:/],
    logLevel: 'warn',
    // Names without hashes: the code cache is keyed by path, size and mtime (code-cache.ts).
    output: { dir, format: 'cjs', entryFileNames: '[name].cjs', chunkFileNames: '[name].cjs' },
  });
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) await bundleServeCjs(new URL('..', import.meta.url).pathname);
