// The simulator clock (behaviour §11): real time plus an offset, or frozen.
// Every timestamp, trial day, token expiry and rate window reads this clock.
export interface ClockState { now: string; real: string; offset_ms: number; frozen: boolean; is_real_time: boolean }

export class SimClock {
  private offsetMs = 0;
  private frozenAt: number | null = null;
  constructor(private readonly realNow: () => number = Date.now) {}

  nowMs(): number {
    return this.frozenAt ?? this.realNow() + this.offsetMs;
  }
  now(): Date {
    return new Date(this.nowMs());
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
  restore(json: string | undefined): void {
    if (!json) return;
    try {
      const s = JSON.parse(json) as { offsetMs?: number; frozenAt?: number | null };
      this.offsetMs = Number(s.offsetMs ?? 0);
      this.frozenAt = s.frozenAt ?? null;
    } catch {
      /* a bad value means real time */
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
