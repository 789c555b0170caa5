import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

// main: the Electron entry and the headless CLI share one bundle of the core.
// preload: CommonJS, because sandboxed preloads cannot be ES modules.
// renderer: the tester UI, served by the simulator itself at /__sim/, and the pet owner's page.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // Bundling the server's dependencies saves resolving and loading hundreds of small modules at
      // every start (measured: import of the core 380 ms → see bench/REPORT.md). sql.js stays outside
      // because it locates its .wasm file next to itself.
      externalizeDeps: { exclude: ['express', 'busboy', 'jose', 'zod'] },
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
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src-renderer/index.html'),
          // The pet owner's page: plain TypeScript and DOM, its own bundle with every file named owner-*,
          // because other hosts (a phone on the LAN) may fetch /__sim/assets/owner-* and nothing else.
          owner: resolve(__dirname, 'src-renderer/owner.html'),
        },
      },
    },
    experimental: {
      // electron-vite builds with relative URLs (base './'), right for /__sim/ but not for the owner's page,
      // served at /<app name>/main/talk-to-vet where ./assets/… would miss: its files are named from the root.
      renderBuiltUrl: (file: string) => (file.startsWith('assets/owner-') ? `/__sim/${file}` : { relative: true }),
    },
  },
});
