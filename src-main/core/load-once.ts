// A module loaded on first use, once: callers share the one load, and a load that failed (a broken
// install, a file being rebuilt) is tried again by the next caller instead of failing for good.
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));
}
