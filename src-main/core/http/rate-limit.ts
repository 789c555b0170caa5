// Step 4: per-app rate limit (behaviour §5): 60-second windows that follow the simulator clock.
import type { AppRecord } from '../../../src-shared/control';
import type { SimClock } from '../clock';
import type { ResponseHead } from './response-head';

const WINDOW_MS = 60_000;
export const UNLIMITED = 1_000_000_000;

/** One app's current window: its count and when it ends on the simulator clock. */
interface RateWindow {
  hits: number;
  resetSimMs: number;
}

export class SimClockStore {
  private windows = new Map<string, RateWindow>();
  constructor(private readonly clock: SimClock) {}

  private current(key: string): RateWindow {
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
  /** One more request in the key's window (synchronous: the partner pipeline awaits nothing here). */
  hit(key: string): RateWindow {
    const w = this.current(key);
    w.hits++;
    return w;
  }
  /** When a window ends, in real time (the headers speak of real seconds). */
  realResetMs(w: RateWindow): number {
    return this.clock.toRealMs(w.resetSimMs);
  }
  resetAll(): void {
    this.windows.clear();
  }
  /** Remaining requests without counting one: for responses that end before the limiter runs. */
  peek(key: string, limit: number): number {
    return Math.max(0, limit - this.current(key).hits);
  }
}

export const effectiveLimit = (perMinute: number) => (perMinute > 0 ? perMinute : UNLIMITED);

// The `Date` header is set with the limit headers (so the journal shows it, as express-rate-limit did);
// its text changes once a second, so it is formatted once a second.
let dateSecond = -1;
let dateText = '';
function httpDate(nowMs: number): string {
  const second = Math.floor(nowMs / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateText = new Date(nowMs).toUTCString();
  }
  return dateText;
}

/**
 * Counts one request of the app and sets the limit headers as Laravel's ThrottleRequests does: the limit and
 * what remains on every answer, `Retry-After` and `X-RateLimit-Reset` (epoch seconds) on a 429 only.
 * Returns false when the app is over its limit: the caller answers 429.
 */
export function countRequest(head: ResponseHead, store: SimClockStore, app: AppRecord): boolean {
  const limit = effectiveLimit(app.rate_limit_per_minute);
  const w = store.hit(String(app.id));
  const totalHits = w.hits;
  const resetMs = store.realResetMs(w);
  const now = Date.now();
  head.setHeader('X-RateLimit-Limit', String(limit));
  head.setHeader('X-RateLimit-Remaining', String(Math.max(limit - totalHits, 0)));
  head.setHeader('Date', httpDate(now));
  if (totalHits <= limit) return true;
  head.setHeader('Retry-After', String(Math.max(0, Math.ceil((resetMs - now) / 1000))));
  head.setHeader('X-RateLimit-Reset', String(Math.ceil(resetMs / 1000)));
  return false;
}

/**
 * The rate-limit headers every partner response carries, even one that ended before the limiter: the app's
 * window as it stands, not counting this request (a 404/405 of a known app, behaviour §6); for a request
 * that names no known app, the default limit.
 */
export function ensureRateHeaders(head: ResponseHead, store: SimClockStore, app: AppRecord | undefined): void {
  if (head.hasHeader('x-ratelimit-limit')) return;
  const limit = app ? effectiveLimit(app.rate_limit_per_minute) : 200;
  head.setHeader('x-ratelimit-limit', String(limit));
  head.setHeader('x-ratelimit-remaining', String(app ? store.peek(String(app.id), limit) : limit));
}
