// The programmatic API's start (`startSimulator()` in a suite's own process) with what `serve` does for its
// own (tuneServe in index.ts), minus anything that would change the host process for good (thread priorities,
// V8 flags): Node's compile cache on before the core is read, SQLite's WebAssembly compiling while the core
// loads, and the event loop held while the start awaits that compilation (event-loop-hold.ts: otherwise Node
// waits in DrainTasks for V8's background optimisation of SQLite before it polls the new server's socket).
// Buys (issue 30, Node 20, bench/start-simulator.mjs, medians of 11 fresh processes interleaved with the build
// before, one sitting): the first startSimulator() 285 → 181 ms from the import on, each further one 15.2 → 8.1
// ms; with the in-process credentials (api/index.ts) and the express side read beside the core. More sittings
// in bench/REPORT-lifecycle.md ("startSimulator() in a fresh process").
import { enableCompileCache, flushCompileCacheSoon } from './compile-cache.js';
import { holdEventLoop } from './event-loop-hold.js';
import { loadSqlJsAhead } from './sqljs-ahead.js';

export interface LibraryStart<T> {
  /** The core, loading since the package was imported. */
  core: Promise<T>;
  /** Keeps the event loop alive until the returned function is called (one per start; they nest). */
  holdWhileStarting(): () => void;
}

/**
 * Called once, as the package's entry is evaluated. `loadHost`: the control API's module (express), read while
 * SQLite compiles, so that a start which readies it (startSimulator does) finds it loaded.
 */
export function startOfLibrary<T>(load: () => Promise<T>, loadHost: () => Promise<unknown>): LibraryStart<T> {
  enableCompileCache();
  loadSqlJsAhead();
  const core = load();
  // Beside the core, not after it: 165 against 212 ms to the first start (medians of 11, one sitting). A failure
  // surfaces where the start loads it again.
  loadHost().catch(() => undefined);
  // Written shortly after, off the start's path (a test runner may kill its workers before a normal exit);
  // a failed load is reported by the start that awaits it, not as an unhandled rejection at import.
  core.then(() => flushCompileCacheSoon(), () => undefined);
  return { core, holdWhileStarting: holdEventLoop };
}
