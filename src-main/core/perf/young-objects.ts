// A request's objects die young: V8 must not decide, from the start's unusual survival, to allocate
// them in the old generation.
//
// V8 watches object and array literals (allocation sites) and, when a young-generation collection
// finds ≥ 85% of one site's objects alive (of at least 100 it tracked, with the young generation at
// its maximum size — soon reached with serve's 4 MiB semi-spaces), allocates that site's objects in
// the old generation from then on ("pretenuring"). The start produces such a moment: sql.js loading,
// promises and queued callbacks all alive at once. A site that serves every request later (a queued
// callback's argument list, a journal entry's literal) was then tenured in about half of all starts
// (measured: 6 of 10 with the journal, 1 of 6 answering a fixed text): its objects, now old, keep
// the young objects they point to (the request, its response, their headers) alive until the next
// full collection, so every request's objects were copied twice and promoted. Each young collection
// then took 2.5–3.5 ms instead of 0.6–1 ms, came every ~20 ms, and the one-connection p99 was
// 2.0–2.8 ms instead of 0.6–1.0 ms (issue 14; bench/peers/NOTES.md has the measurements). V8
// revisits a decision only after a full collection that finds little of the old generation alive,
// which a steady load rarely produces: so the simulator lets it make none.
import { setFlagsFromString } from 'node:v8';

/** First thing in a process that runs the simulator (the CLI, the desktop app's main process). */
export function keepRequestObjectsYoung(): void {
  // A heuristic's switch, read at every young collection. Setting it after V8 started is supported:
  // Node, and Electron's main process, start V8 with --no-freeze-flags-after-init for v8.setFlagsFromString.
  setFlagsFromString('--no-allocation-site-pretenuring');
}
