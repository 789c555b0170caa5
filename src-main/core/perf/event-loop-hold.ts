// Node runs V8's foreground tasks (the end of a WebAssembly compilation, which resumes the start) from
// NodePlatform::DrainTasks whenever the event loop has nothing alive — and DrainTasks first waits for
// every background task, V8's optimisation of SQLite's WebAssembly included. A start that only awaits
// that compilation then listened inside DrainTasks, and its socket was polled only once the optimisation
// was done. A timer keeps the loop alive until the server listens (test/startup/first-answer.test.ts).
// Buys (issue 24): on Node 22 the first answer after the ready line took 18 ms with it and 171 ms without
// (medians of 10 starts on a new folder); on Node 24 the stall did not occur (10 and 11 ms). Kept for Node 22.

/** Keeps the event loop alive until the returned function is called. */
export function holdEventLoop(): () => void {
  const timer = setInterval(() => undefined, 60_000);
  return () => clearInterval(timer);
}
