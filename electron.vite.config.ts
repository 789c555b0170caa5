import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { bundleServeCjs } from './scripts/bundle-serve-cjs.mjs';

// main: the Electron entry and the headless CLI share one bundle of the core.
// preload: CommonJS, because sandboxed preloads cannot be ES modules.
// renderer: the tester UI, served by the simulator itself at /__sim/.
export default defineConfig({
  main: {
    // out/main/serve.cjs: the CLI in one CommonJS file, for V8's code cache where Node has no compile cache (src-main/cli/code-cache.ts)
    plugins: [{ name: 'serve-cjs', closeBundle: () => bundleServeCjs(__dirname) }],
    build: {
      outDir: 'out/main',
      // Bundling the server's dependencies saves resolving and loading hundreds of small modules at
      // every start (measured: import of the core 380 ms → see bench/REPORT.md). sql.js stays outside
      // because it locates its .wasm file next to itself.
      externalizeDeps: { exclude: ['express', 'multer', 'jose', 'zod', 'type-is'] },
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src-main/electron/main.ts'),
          cli: resolve(__dirname, 'src-main/cli/main.ts'),
          core: resolve(__dirname, 'src-main/core/index.ts'),
          // the package's programmatic API (package.json "exports"): startSimulator() for test suites
          api: resolve(__dirname, 'src-main/api/index.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve(__dirname, 'src-main/electron/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    base: '/__sim/',
    plugins: [react()],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      minify: true, // electron-vite leaves bundles readable by default; the UI loads faster minified
      rollupOptions: { input: resolve(__dirname, 'src-renderer/index.html') },
    },
  },
});
