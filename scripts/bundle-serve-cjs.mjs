// Builds out/main/serve.cjs: `serve` and the core in one CommonJS file, which the CLI runs through
// V8's code cache on Node versions without a compile cache of their own (src-main/cli/code-cache.ts).
// Called by electron-vite after the main bundle (electron.vite.config.ts), so every build makes both.
import { build } from 'rolldown';
import { join } from 'node:path';

export async function bundleServeCjs(root) {
  await build({
    input: join(root, 'src-main', 'cli', 'cold-entry.ts'),
    platform: 'node',
    // sql.js finds its .wasm next to itself, so it stays a package, as in the main bundle
    external: ['sql.js', /^node:/],
    logLevel: 'warn',
    output: { file: join(root, 'out', 'main', 'serve.cjs'), format: 'cjs', codeSplitting: false },
  });
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) await bundleServeCjs(new URL('..', import.meta.url).pathname);
