// Whether a process's memory grew over a run, from RSS samples taken at a steady interval: one rule for
// the soak test (test/reliability/soak.test.ts) and `bench:peers`' flat-memory figure.
//
// RSS is a sawtooth: the old generation fills until a full collection, and whether freed pages go back
// to the system varies, so a level sampled at a few points depends on where in the tooth each lands (CI
// read 112, 117, 133, 133, 108 MiB in one window and 136–138 in a later one of a run whose peaks never
// moved: 136 → 138). What a leak does is raise the whole curve, its upper part included, so the windows
// are compared by a high percentile of many samples: the level the process keeps returning to, not a
// trough it happened to be caught in, nor a single momentary spike. (With fewer than ten samples in a
// quarter the nearest-rank 90th percentile is the quarter's highest sample: the soak's 300 s give 75.)

/** Nearest-rank percentile (0–100) of the values. */
export function percentile(values, p) {
  if (!values.length) throw new Error('no samples');
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * The 90th percentiles of the second quarter (the first is warm-up: caches and the journal filling to
 * their caps) and of the last, and the growth from one to the other as a fraction (0.1 is 10%).
 */
export function memoryTrend(samples) {
  const q = Math.floor(samples.length / 4);
  if (q < 1) throw new Error(`${samples.length} samples are too few to compare quarters`);
  const warm = percentile(samples.slice(q, 2 * q), 90);
  const end = percentile(samples.slice(-q), 90);
  return { warm, end, growth: (end - warm) / warm };
}

/** Growth after warm-up alone (see memoryTrend). */
export const growthAfterWarmup = (samples) => memoryTrend(samples).growth;
