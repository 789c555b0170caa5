// Durations as the autopilot's rules and the clock's `advance` write them: `<n>ms|s|m|h|d` (`20s`, `5m`, `1.5h`).
// A string that is nearly one (`"5 minutes"`) is answered with the one it means (`use 5m`).
import { z } from 'zod';

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
export const DURATION = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)$/;
/** The longest wait a step (or a clock advance) may name: ten years, as the clock's own bound. */
const MAX_DURATION_MS = 10 * 365 * UNIT_MS.d;

/** `20s` → 20000; undefined for anything that is not `<n>ms|s|m|h|d`. */
export function durationMs(text: string): number | undefined {
  const m = DURATION.exec(text);
  return m ? Math.round(Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS]) : undefined;
}

/** Words people write for a unit, so that `"5 minutes"` can be answered with `use 5m`. */
const UNIT_WORDS: [RegExp, string][] = [[/^(ms|msecs?|millis(econds?)?)$/, 'ms'], [/^(s|secs?|seconds?)$/, 's'], [/^(m|mins?|minutes?)$/, 'm'], [/^(h|hrs?|hours?)$/, 'h'], [/^(d|days?)$/, 'd']];

function durationHint(input: unknown): string {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(String(input));
  const unit = m && (m[2] ? UNIT_WORDS.find(([re]) => re.test(m[2].toLowerCase()))?.[1] : 's');
  return m && unit ? `use ${m[1]}${unit}` : 'use <n>ms, s, m, h or d, e.g. 30s or 5m';
}

export const duration = z
  .string({ error: (iss) => `${JSON.stringify(iss.input)} is not a duration (${durationHint(iss.input)})` })
  .regex(DURATION, { error: (iss) => `${JSON.stringify(iss.input)} is not a duration (${durationHint(iss.input)})` })
  .refine((s) => (durationMs(s) ?? 0) <= MAX_DURATION_MS, 'a duration is at most 10 years')
  .describe('`<n>ms`, `<n>s`, `<n>m`, `<n>h` or `<n>d`, e.g. `20s` or `5m`');
