// What a simulator's core is made of (its hosts and the partner pipeline hold it), and the small
// helpers every service shares. Services themselves get only the dependencies they name (services.ts).
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database';
import type { Reads } from '../db/repositories';
import type { Transaction, UnitOfWork } from '../db/unit-of-work';
import type { SimClock } from '../clock';
import { formatTimestamp } from '../clock';
import type { SimulatorEventBus } from '../events';
import type { Randomness } from './randomness';
import { RANDOM_POOL_BYTES } from '../perf/request-path';

export interface DomainContext {
  db: Database;
  /** Every use case runs in `uow.run(tx => …)` (the database's unit of work). */
  uow: UnitOfWork;
  clock: SimClock;
  events: SimulatorEventBus;
  /** The public base URL, e.g. http://127.0.0.1:4010 (known once the server listens). */
  baseUrl: () => string;
  /** Ids, secrets and draws (randomness.ts); seeded, they are reproducible. Default: the OS's randomness. */
  random?: Randomness;
}

/** A use case's handle on its unit of work: repositories bound to its transaction, and `events`. */
export type Tx = Transaction;
export type { Reads };

export const nowStamp = (ctx: { clock: SimClock }) => formatTimestamp(ctx.clock.now());
// Random bytes from a 4 KiB pool, each byte handed out once (as node's randomUUID does): a randomBytes call
// per id cost 2–3 µs warm and ~12 µs on a running server's cold path (issue 30: A7's profile); the pool 0.15.
let pool = Buffer.alloc(0);
let taken = 0;
export const randomHex = (bytes: number) => {
  if (taken + bytes > pool.length) {
    pool = randomBytes(Math.max(RANDOM_POOL_BYTES, bytes));
    taken = 0;
  }
  taken += bytes;
  return pool.toString('hex', taken - bytes, taken);
};
export const randomSecret = () => randomBytes(18).toString('base64url');
