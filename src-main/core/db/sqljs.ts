// Loads the sql.js WebAssembly module once per process.
import { createRequire } from 'node:module';
import type { SqlJsStatic } from 'sql.js';

type InitSqlJs = typeof import('sql.js').default;

let loading: Promise<SqlJsStatic> | undefined;
export function loadSqlJs(): Promise<SqlJsStatic> {
  if (loading) return loading;
  // require, not import: sql.js is CommonJS, and an ES import of it first runs Node's export scanner
  // over its 46 kB of glue (measured: import 35 ms, require 4 ms; issue 14, cold start).
  const require = createRequire(import.meta.url);
  const initSqlJs = require('sql.js') as InitSqlJs;
  loading = initSqlJs({ locateFile: (file: string) => require.resolve(`sql.js/dist/${file}`) });
  return loading;
}
