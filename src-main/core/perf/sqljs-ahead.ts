// SQLite's WebAssembly starts compiling (on V8's workers) before the server's code is read, instead of
// when the database opens. A failure here is ignored: it surfaces again, and is reported, where the
// database opens. Buys (issue 24, Node 24): at 100,000 users a start's main-thread CPU is 1.08–1.12× without
// it in two sittings of three (1.02× in the third); on a new or small folder no difference (0.96–1.02×).
export function loadSqlJsAhead(): void {
  void import('../db/sqljs').then((sqljs) => sqljs.loadSqlJs()).catch(() => undefined);
}
