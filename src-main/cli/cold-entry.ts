// The entry of out/main/serve-cjs/, the CommonJS build of `serve` that main.ts runs through V8's code
// cache where Node has no compile cache of its own (Node < 22; see code-cache.ts). sql.js is exported
// on its own so that its WebAssembly starts compiling before the server's code is read; `loadServe`
// loads the rest (a dynamic import is a chunk of its own, required when called).
export { loadSqlJs } from '../core/db/sqljs';
export const loadServe = () => import('./serve');
