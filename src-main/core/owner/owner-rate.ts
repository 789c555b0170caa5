// How fast one chat's owner may post (chat-limits.ts): a sliding window of real time per key (a consultation,
// an rtcToken). A post goes through only when every one of its keys has room, and then counts under each
// (taken before its body is read, so concurrent posts cannot all slip through); a post that stored nothing (a
// bad body, a closed chat) is given back, so a client's mistakes do not cost its owner the next messages.
// A refusal says how long to wait. Memory is bounded: a key keeps at most `messages` times, and keys idle for
// a whole window are swept once there are many of them, at most once a window (a sweep that found every key busy
// would otherwise run again on every post).
import { OWNER_MESSAGE_RATE } from '../domain/chat-limits';

/** Past this many keys, idle ones are swept on the next post (each key holds ≤ 10 numbers). */
const SWEEP_AT = 10_000;

export class MessageRate {
  readonly #hits = new Map<string, number[]>();
  #sweptAt = -Infinity;

  constructor(
    readonly limit: { messages: number; windowMs: number } = OWNER_MESSAGE_RATE,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * `wait` 0 when a post under every key of `keys` may go now (it is then counted, until `refund`); else the
   * seconds to wait (and nothing is counted).
   */
  take(keys: string[]): { wait: number; refund: () => void } {
    const t = this.now();
    let waitMs = 0;
    for (const key of keys) {
      const hits = this.#recent(key, t);
      if (hits.length >= this.limit.messages) waitMs = Math.max(waitMs, hits[0] + this.limit.windowMs - t);
    }
    if (waitMs > 0) return { wait: Math.max(1, Math.ceil(waitMs / 1000)), refund: () => {} };
    if (this.#hits.size >= SWEEP_AT && t - this.#sweptAt >= this.limit.windowMs) this.#sweep(t);
    for (const key of keys) {
      const hits = this.#hits.get(key);
      if (hits) hits.push(t);
      else this.#hits.set(key, [t]);
    }
    return { wait: 0, refund: () => this.#refund(keys, t) };
  }

  #refund(keys: string[], t: number): void {
    for (const key of keys) {
      const hits = this.#hits.get(key);
      const at = hits ? hits.lastIndexOf(t) : -1;
      if (at >= 0) hits!.splice(at, 1);
    }
  }

  /** The key's times within the window ending at `t` (older ones dropped). */
  #recent(key: string, t: number): number[] {
    const hits = this.#hits.get(key);
    if (!hits) return [];
    while (hits.length && hits[0] <= t - this.limit.windowMs) hits.shift();
    return hits;
  }

  #sweep(t: number): void {
    this.#sweptAt = t;
    for (const [key, hits] of this.#hits) if (!hits.length || hits[hits.length - 1] <= t - this.limit.windowMs) this.#hits.delete(key);
  }

  /** How many keys are remembered (for tests: memory stays bounded). */
  get size(): number {
    return this.#hits.size;
  }
}
