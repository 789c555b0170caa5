// Wrong control tokens, counted and slowed per address (issue 35 #11). A container publishes the control API to
// whoever reaches its port, and a DNS-rebinding page reaches a loopback one: without a brake, a script tried
// thousands of tokens a second. After FREE_FAILURES wrong tokens an address waits before its next attempt, twice
// as long after each further failure (up to MAX_WAIT_MS); while it waits, every attempt from it is refused 429,
// the right token too, so waiting is the only way on. A right token clears the address's count. Each counted
// failure is logged with the address and the count, never with the token sent.

const FREE_FAILURES = 3;
const FIRST_WAIT_MS = 1000;
const MAX_WAIT_MS = 60_000;
/** An address with no failure for this long starts over. */
const FORGET_AFTER_MS = 15 * 60_000;
/** Addresses remembered at most: the oldest goes first, so a flood of addresses cannot grow memory. */
const MAX_ADDRESSES = 10_000;

interface Failures {
  count: number;
  last: number;
  /** No attempt is looked at before this time (epoch ms); 0 when the address may try now. */
  waitUntil: number;
}

export class TokenFailures {
  private byAddress = new Map<string, Failures>();
  constructor(
    private readonly now: () => number = Date.now,
    private readonly log: (line: string) => void = (line) => console.warn(line),
  ) {}

  /** Milliseconds `address` must still wait before a token of its is looked at; 0 when it may try. */
  waitFor(address: string): number {
    const f = this.current(address);
    return f ? Math.max(0, f.waitUntil - this.now()) : 0;
  }

  /** A wrong token from `address`: counted, logged, and from the FREE_FAILURES-th on, a wait before the next try. */
  failed(address: string): void {
    const now = this.now();
    const f = this.current(address) ?? { count: 0, last: now, waitUntil: 0 };
    f.count++;
    f.last = now;
    const wait = f.count < FREE_FAILURES ? 0 : Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (f.count - FREE_FAILURES));
    f.waitUntil = wait ? now + wait : 0;
    this.byAddress.delete(address); // re-inserted last: the map's order is oldest failure first
    this.byAddress.set(address, f);
    if (this.byAddress.size > MAX_ADDRESSES) this.byAddress.delete(this.byAddress.keys().next().value!);
    this.log(
      `Control API: wrong control token from ${address} (${f.count} ${f.count === 1 ? 'failure' : 'failures'} from this address` +
        `${wait ? `; its next attempt is looked at in ${Math.ceil(wait / 1000)} s` : ''}).`,
    );
  }

  /** The right token from `address`: its count starts over. */
  succeeded(address: string): void {
    this.byAddress.delete(address);
  }

  /** Failures counted for `address` (0 when none, or forgotten). */
  count(address: string): number {
    return this.current(address)?.count ?? 0;
  }

  private current(address: string): Failures | undefined {
    const f = this.byAddress.get(address);
    if (f && this.now() - f.last > FORGET_AFTER_MS) {
      this.byAddress.delete(address);
      return undefined;
    }
    return f;
  }
}
