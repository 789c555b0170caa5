// A setting kept as JSON under one meta key (fault rules, armed holds, autopilot rules), read back at start,
// after a reset and after a restore. One reader, so the three settings treat a bad stored value alike: a value
// that is not JSON, or that its check refuses (a hostile snapshot's `{"a":1}` once made every partner request
// answer 500), means none is in force, and the caller gets the sentence to tell (a notice at start; a restore
// with it is refused) instead of a throw.
import type { Reads } from './context';

/** What a stored setting read as: its value (`none` when absent or refused) and, when refused, why. */
export interface StoredSetting<T> {
  value: T;
  problem?: string;
}

/**
 * The value stored under `key`, as `check` takes it from the parsed JSON (check throws to refuse it); `none`
 * when nothing is stored or it was refused, with the sentence `refused` makes of the error in that case.
 */
export function readStoredSetting<T>(
  meta: Reads['meta'], key: string, check: (json: unknown) => T, none: T, refused: (err: unknown) => string,
): StoredSetting<T> {
  const stored = meta.get(key);
  if (!stored) return { value: none };
  try {
    return { value: check(JSON.parse(stored)) };
  } catch (err) {
    return { value: none, problem: refused(err) };
  }
}
