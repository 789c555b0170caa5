// Entry point of `npm run serve` (out/main/cli.js) and of the package's bin (`vet-consult-sim serve …`).
// Nothing heavy is imported statically: the compile cache must be on before the server's bundle is
// read, and sql.js starts loading while that bundle is compiled.
import module from 'node:module';

// Node ≥ 22.1 (and Electron's Node) keep compiled code between runs; Node 20 has no such cache.
const cache = module as { enableCompileCache?: () => unknown; flushCompileCache?: () => void };
cache.enableCompileCache?.();

// The bin takes a command word; `serve` is the one command (and the default).
const argv = process.argv.slice(2);
if (argv[0] === 'serve') argv.shift();

const fail = (e: unknown) => {
  process.stderr.write(`The simulator stopped on an unexpected error: ${(e as Error).message}\n`);
  process.exit(1);
};

// A failure here surfaces again, and is reported, where the database opens.
void import('../core/db/sqljs').then((sqljs) => sqljs.loadSqlJs()).catch(() => undefined);

import('./serve')
  .then(({ serve }) => {
    // The cache is written at a normal exit; a simulator that is killed (the usual end of a test run)
    // never gets one. Writing it shortly after start, off the first requests' path, keeps it anyway.
    setTimeout(() => cache.flushCompileCache?.(), 1500).unref();
    return serve(argv, undefined, undefined, process.env.VET_SIM_INTRO);
  })
  .then((code) => {
    if (code !== undefined) process.exit(code);
  }, fail);
