// Step 4: per-app rate limit (behaviour §5) with express-rate-limit and a store whose
// 60-second windows follow the simulator clock.
import type { NextFunction, Request, Response } from 'express';
import { rateLimit, type ClientRateLimitInfo, type Store } from 'express-rate-limit';
import type { SimClock } from '../clock';
import { sendFailure } from './envelope';
import { partnerLocals } from './partner-context';

const WINDOW_MS = 60_000;
export const UNLIMITED = 1_000_000_000;

export class SimClockStore implements Store {
  localKeys = true;
  private windows = new Map<string, { hits: number; resetSimMs: number }>();
  constructor(private readonly clock: SimClock) {}

  private current(key: string) {
    const now = this.clock.nowMs();
    let w = this.windows.get(key);
    // A window that ends more than one window from now began in the future: the clock was set back
    // (or returned to real time). It restarts, so no app stays locked for the time the clock jumped.
    if (!w || w.resetSimMs <= now || w.resetSimMs - now > WINDOW_MS) {
      w = { hits: 0, resetSimMs: now + WINDOW_MS };
      this.windows.set(key, w);
    }
    return w;
  }
  private info(w: { hits: number; resetSimMs: number }): ClientRateLimitInfo {
    return { totalHits: w.hits, resetTime: new Date(this.clock.toRealMs(w.resetSimMs)) };
  }
  async get(key: string) {
    return this.info(this.current(key));
  }
  async increment(key: string) {
    const w = this.current(key);
    w.hits++;
    return this.info(w);
  }
  async decrement(key: string) {
    const w = this.current(key);
    w.hits = Math.max(0, w.hits - 1);
  }
  async resetKey(key: string) {
    this.windows.delete(key);
  }
  async resetAll() {
    this.windows.clear();
  }
  /** Remaining requests without counting one: for responses that end before the limiter runs. */
  peek(key: string, limit: number): number {
    return Math.max(0, limit - this.current(key).hits);
  }
}

export const effectiveLimit = (perMinute: number) => (perMinute > 0 ? perMinute : UNLIMITED);

export function appRateLimit(store: SimClockStore) {
  return rateLimit({
    windowMs: WINDOW_MS,
    limit: (_req: Request, res: Response) => effectiveLimit(partnerLocals(res).app!.rate_limit_per_minute),
    keyGenerator: (_req: Request, res: Response) => String(partnerLocals(res).app!.id),
    store,
    legacyHeaders: true,
    standardHeaders: false,
    validate: false,
    handler: (_req: Request, res: Response, _next: NextFunction) => sendFailure(res, 429, ['Too Many Attempts.']),
  });
}

/** The rate-limit headers every partner response carries, even one that ended before the limiter. */
export function ensureRateHeaders(res: Response, store: SimClockStore): void {
  if (res.getHeader('x-ratelimit-limit') !== undefined) return;
  const app = partnerLocals(res).app;
  const limit = app ? effectiveLimit(app.rate_limit_per_minute) : 200;
  res.setHeader('x-ratelimit-limit', String(limit));
  res.setHeader('x-ratelimit-remaining', String(app ? store.peek(String(app.id), limit) : limit));
}
