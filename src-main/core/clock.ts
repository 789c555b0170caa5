// The simulator clock (behaviour §11): real time plus an offset, or frozen.
// Every timestamp, trial day, token expiry and rate window reads this clock.
export interface ClockState { now: string; real: string; offset_ms: number; frozen: boolean; is_real_time: boolean }

/** The instants the clock may show: years 1970–9999, every one of which formats (toISOString throws past ±275760). */
export const CLOCK_MIN_MS = 0;
export const CLOCK_MAX_MS = 253_402_300_799_999;
export const clockInRange = (ms: number) => Number.isFinite(ms) && ms >= CLOCK_MIN_MS && ms <= CLOCK_MAX_MS;

export class SimClock {
  private offsetMs = 0;
  private frozenAt: number | null = null;
  constructor(private readonly realNow: () => number = Date.now) {}

  /**
   * A running clock set near the end of year 9999 is carried past it by real time: it stops at the last instant
   * instead, so nothing is ever stamped with a year no timestamp format holds (B5 answered 500 on such rows).
   */
  nowMs(): number {
    return this.frozenAt ?? Math.min(this.realNow() + this.offsetMs, CLOCK_MAX_MS);
  }
  now(): Date {
    return new Date(this.nowMs());
  }
  /** Now as ISO 8601 with milliseconds: how threads, timelines and autopilot steps stamp their times. */
  iso(): string {
    return new Date(this.nowMs()).toISOString();
  }
  /** Converts a simulated instant into the real instant at which it will be reached (for Retry-After). */
  toRealMs(simMs: number): number {
    return this.realNow() + (simMs - this.nowMs());
  }
  advance(ms: number): void {
    if (this.frozenAt !== null) this.frozenAt += ms;
    else this.offsetMs += ms;
  }
  set(ms: number): void {
    if (this.frozenAt !== null) this.frozenAt = ms;
    else this.offsetMs = ms - this.realNow();
  }
  freeze(frozen: boolean): void {
    if (frozen && this.frozenAt === null) this.frozenAt = this.nowMs();
    if (!frozen && this.frozenAt !== null) {
      this.offsetMs = this.frozenAt - this.realNow();
      this.frozenAt = null;
    }
  }
  backToRealTime(): void {
    this.offsetMs = 0;
    this.frozenAt = null;
  }
  state(): ClockState {
    const real = this.realNow();
    const now = this.nowMs();
    return {
      now: new Date(now).toISOString(),
      real: new Date(real).toISOString(),
      offset_ms: now - real,
      frozen: this.frozenAt !== null,
      is_real_time: this.frozenAt === null && this.offsetMs === 0,
    };
  }
  serialize(): string {
    return JSON.stringify({ offsetMs: this.offsetMs, frozenAt: this.frozenAt });
  }
  /**
   * The stored setting; false when it does not read as an offset or a frozen instant within years 1970–9999 (a
   * hostile snapshot, a hand-edited file): the clock is then real time, never a value every request would die on.
   */
  restore(json: string | undefined): boolean {
    this.backToRealTime();
    if (!json) return true;
    try {
      const s = JSON.parse(json) as { offsetMs?: unknown; frozenAt?: unknown };
      const offsetMs = s.offsetMs ?? 0;
      const frozenAt = s.frozenAt ?? null;
      if (typeof offsetMs !== 'number' || !clockInRange(this.realNow() + offsetMs)) return false;
      if (frozenAt !== null && (typeof frozenAt !== 'number' || !clockInRange(frozenAt))) return false;
      this.offsetMs = offsetMs;
      this.frozenAt = frozenAt;
      return true;
    } catch {
      return false;
    }
  }
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** `YYYY-MM-DD HH:MM:SS`, UTC: the spec's timestamp format. */
export function formatTimestamp(d: Date | number): string {
  const t = new Date(d);
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`;
}

/** `YYYY-MM-DDTHH:MM:SS.ffffffZ`: the ISO fields the spec names carry microseconds. */
export function formatIsoMicros(d: Date | number): string {
  const t = new Date(d);
  return `${t.toISOString().slice(0, 19)}.${pad(t.getUTCMilliseconds(), 3)}000Z`;
}

export function parseTimestamp(s: string): number {
  return Date.parse(s.replace(' ', 'T') + 'Z');
}

export const DAY_MS = 86_400_000;
