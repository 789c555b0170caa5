// Types of memory-trend.mjs for the tests.
export function percentile(values: readonly number[], p: number): number;
export function memoryTrend(samples: readonly number[]): { warm: number; end: number; growth: number };
export function growthAfterWarmup(samples: readonly number[]): number;
