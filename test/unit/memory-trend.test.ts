import { describe, expect, it } from 'vitest';
import { growthAfterWarmup, memoryTrend, percentile } from '../../bench/memory-trend.mjs';

describe('the soak memory check', () => {
  it('reads a nearest-rank percentile', () => {
    expect(percentile([5, 1, 4, 2, 3], 90)).toBe(5);
    expect(percentile([5, 1, 4, 2, 3], 50)).toBe(3);
    expect(percentile(Array.from({ length: 100 }, (_, i) => i + 1), 90)).toBe(90);
  });

  it('passes the sawtooth CI recorded (no leak: its peaks went 136 → 138 MiB), which the old mean-of-quarters check failed at 13.7%', () => {
    const ci = [119, 135, 130, 135, 136, 112, 117, 133, 133, 108, 119, 120, 134, 135, 136, 138, 136, 137, 137, 138, 138];
    expect(growthAfterWarmup(ci)).toBeLessThanOrEqual(0.1);
    expect(growthAfterWarmup(ci)).toBeCloseTo((138 - 133) / 133, 5);
    expect(memoryTrend(ci)).toMatchObject({ warm: 133, end: 138 });
  });

  it('fails a steady climb hidden in a sawtooth', () => {
    // 300 one-second samples: a 30 MiB tooth every 40 s on top of 100 MiB growing 0.1 MiB/s (a leak of ~500 bytes a request at 200 req/s).
    const leaking = Array.from({ length: 300 }, (_, t) => 100 + 0.1 * t + ((t % 40) / 40) * 30);
    expect(growthAfterWarmup(leaking)).toBeGreaterThan(0.1);
    const flat = Array.from({ length: 300 }, (_, t) => 100 + ((t % 40) / 40) * 30);
    expect(growthAfterWarmup(flat)).toBeLessThan(0.02);
  });

  it('refuses to judge too few samples', () => {
    expect(() => growthAfterWarmup([1, 2, 3])).toThrow(/too few/);
  });
});
