// Node's module compile cache (Node ≥ 22.1, and so every supported Node): V8's compiled code of each
// module, kept between runs in NODE_COMPILE_CACHE or Node's default folder (<tmp>/node-compile-cache).
// Turned on before the server's bundle is imported, and written shortly after start: Node writes it at a
// normal exit, and a simulator that is killed (the usual end of a test run) would otherwise never keep one.
// Buys (issue 24, Node 24): a start's main-thread CPU is 1.02–1.09× without it (three sittings; Node 22 1.00–1.12×).
// The cache is per set of V8 flags: a run with other flags (another `--max-semi-space-size`, say) rejects and
// rewrites it, so runs that alternate flags on one cache folder start without it.
import module from 'node:module';

// Not in @types/node 20's declarations; present on every Node the package supports (engines ≥ 22.12).
const cache = module as { enableCompileCache?: () => unknown; flushCompileCache?: () => void };

/** Modules imported from here on are compiled from (and into) the cache. */
export function enableCompileCache(): void {
  cache.enableCompileCache?.();
}

/** Writes what has been compiled so far, `afterMs` from now: after the first requests, off their path. */
export function flushCompileCacheSoon(afterMs = 1500): void {
  setTimeout(() => cache.flushCompileCache?.(), afterMs).unref();
}
