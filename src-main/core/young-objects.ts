// A request's objects die young: V8 must not decide, from the start's unusual survival, to allocate
// them in the old generation.
//
// V8 watches object and array literals (allocation sites) and, when ≥ 85% of one site's objects
// survive a young-generation collection, allocates that site's objects in the old generation from
// then on ("pretenuring"). The start produces such a moment: a small young generation, sql.js loading,
// promises and queued callbacks all alive at once. A site that serves every request later (a queued
// callback's argument list, a journal entry's literal) was then tenured in about half of all starts
// (measured: 6 of 10 with the journal, 1 of 6 answering a fixed text): its objects, now old, keep
// the young objects they point to (the request, its response, their headers) alive until the next
// full collection, so every request's objects were copied twice and promoted. Each young collection
// then took 2.5–3.5 ms instead of 0.6–1 ms, came every ~20 ms, and the one-connection p99 was
// 2.0–2.8 ms instead of 0.6–1.0 ms (issue 14; bench/peers/NOTES.md has the measurements).
// The decision cannot be undone while the process runs, so the simulator makes none.
import { setFlagsFromString } from 'node:v8';

/** First thing in a process that runs the simulator (the CLI, the desktop app's main process). */
export function keepRequestObjectsYoung(): void {
  // A heuristic's switch, read at every collection: turning it off after V8 started is supported
  // (Node keeps flags writable); Node 20's V8 11 and Electron 45's V8 13 both have it.
  setFlagsFromString('--no-allocation-site-pretenuring');
}
