// The loader hooks behind record-loads.mjs (they run on Node's hooks thread).
import { appendFileSync } from 'node:fs';

let log;
export function initialize(data) {
  log = data.log;
}

export async function load(url, context, nextLoad) {
  if (log && url.startsWith('file:')) appendFileSync(log, url + '\n');
  return nextLoad(url, context);
}
