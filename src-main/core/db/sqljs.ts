// Loads the sql.js WebAssembly module once per process.
import { createRequire } from 'node:module';
import initSqlJs, { type SqlJsStatic } from 'sql.js';

let loading: Promise<SqlJsStatic> | undefined;
export function loadSqlJs(): Promise<SqlJsStatic> {
  const require = createRequire(import.meta.url);
  loading ??= initSqlJs({ locateFile: (file: string) => require.resolve(`sql.js/dist/${file}`) });
  return loading;
}
