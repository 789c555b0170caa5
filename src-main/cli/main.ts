// Entry point of `npm run serve` (out/main/cli.js) and of the package's bin (`vet-consult-sim serve …`).
// Nothing heavy is imported statically: the compile cache must be on before the server's bundle is
// read, and sql.js starts loading while that bundle is compiled.
import { existsSync } from 'node:fs';
import module from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadWithCodeCache } from './code-cache';
import { parseServeArgs } from './args';
import { databaseFile, readEarly, type EarlyRead } from '../core/db/early-read';
import { lowerBackgroundThreads } from './thread-priority';
import { keepRequestObjectsYoung } from '../core/young-objects';

// Node ≥ 22.1 (and Electron's Node) keep compiled code between runs; Node 20 has no such cache, and
// runs the CommonJS build (serve-cjs/, next to this file) through V8's code cache instead (code-cache.ts).
const cache = module as { enableCompileCache?: () => unknown; flushCompileCache?: () => void };
const hasCompileCache = typeof cache.enableCompileCache === 'function';
cache.enableCompileCache?.();

// First thing: V8's workers run at a lower priority than the main thread (cli/thread-priority.ts).
lowerBackgroundThreads();
// And before the start allocates anything much: V8 must not pretenure what requests allocate (core/young-objects.ts).
keepRequestObjectsYoung();

// Node runs V8's foreground tasks (the end of a WebAssembly compilation, which resumes our start)
// from NodePlatform::DrainTasks whenever the event loop has nothing alive — and DrainTasks first
// waits for every background task, V8's optimisation of SQLite's WebAssembly included. The whole
// tail of the start (listen, ready line) then ran inside it, and the listening socket was polled
// only once that optimisation was done: the first request after the ready line waited 150–230 ms
// (measured; 17–50 ms with this handle). A timer keeps the loop alive until the server is up.
const starting = setInterval(() => undefined, 60_000);

// The bin takes a command word; `serve` is the one command (and the default).
const argv = process.argv.slice(2);
if (argv[0] === 'serve') argv.shift();

// The database file starts loading on libuv's threads while the code below loads (db/early-read.ts);
// flags that do not parse are reported by serve, which parses them again.
function readDatabaseEarly(): EarlyRead | undefined {
  try {
    const flags = parseServeArgs(argv);
    return flags.inMemory || flags.help || flags.version ? undefined : readEarly(databaseFile(flags.dataDir));
  } catch {
    return undefined;
  }
}
const earlyRead = readDatabaseEarly();

const fail = (e: unknown) => {
  process.stderr.write(`The simulator stopped on an unexpected error: ${(e as Error).message}\n`);
  process.exit(1);
};

function loadServe(): Promise<typeof import('./serve')> {
  const bundle = join(dirname(fileURLToPath(import.meta.url)), 'serve-cjs', 'cold-entry.cjs');
  if (!hasCompileCache && existsSync(bundle)) {
    const cold = loadWithCodeCache(bundle);
    // A failure here surfaces again, and is reported, where the database opens.
    void cold.loadSqlJs().catch(() => undefined);
    return cold.loadServe();
  }
  void import('../core/db/sqljs').then((sqljs) => sqljs.loadSqlJs()).catch(() => undefined);
  return import('./serve');
}

// In a promise: a build file that is missing or broken is reported in one line by `fail`, never a stack trace.
Promise.resolve()
  .then(loadServe)
  .then(({ serve }) => {
    // The cache is written at a normal exit; a simulator that is killed (the usual end of a test run)
    // never gets one. Writing it shortly after start, off the first requests' path, keeps it anyway.
    setTimeout(() => cache.flushCompileCache?.(), 1500).unref();
    return serve(argv, undefined, undefined, process.env.VET_SIM_INTRO, earlyRead);
  })
  .then(
    (code) => {
      clearInterval(starting);
      if (code !== undefined) process.exit(code);
    },
    (e) => {
      clearInterval(starting);
      fail(e);
    },
  );
