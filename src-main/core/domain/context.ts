// What every service is handed: the database, the clock and the event bus.
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database';
import type { SimClock } from '../clock';
import { formatTimestamp } from '../clock';
import type { SimulatorEventBus } from '../events';

export interface DomainContext {
  db: Database;
  clock: SimClock;
  events: SimulatorEventBus;
  /** The public base URL, e.g. http://127.0.0.1:4010 (known once the server listens). */
  baseUrl: () => string;
}

export const nowStamp = (ctx: DomainContext) => formatTimestamp(ctx.clock.now());
export const randomHex = (bytes: number) => randomBytes(bytes).toString('hex');
export const randomSecret = () => randomBytes(18).toString('base64url');
