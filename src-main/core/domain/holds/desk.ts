// Held requests (behaviour §18): partner calls that passed routing, app, auth, rate limit and validation and
// now wait for a decision — from the tester, a script, their deadline, or their client leaving. They live
// in memory only: a held call is an open connection, which a restart closes anyway. The desk knows nothing
// of HTTP; the partner pipeline turns each decision into an answer and reports the outcome back here.
import type { EndpointId } from '../../../../src-shared/endpoint-list';
import type { HeldRequest, Hold, HoldDecider, HoldOutcome } from '../../../../src-shared/schemas/holds';
import { DomainError } from '../../errors';
import type { SimulatorEventBus } from '../../events';

/** `agent`: the MCP client's name, when an agent decided (behaviour §21). */
export type Decision =
  | { kind: 'release'; vet_id?: string; by: HoldDecider; agent?: string }
  | { kind: 'fail'; status: number; message?: string; by: HoldDecider; agent?: string }
  | { kind: 'respond'; status: number; message: string[]; data: unknown; by: HoldDecider; agent?: string }
  | { kind: 'close'; by: HoldDecider; agent?: string }
  | { kind: 'client_gone'; by: 'client' };

/** What the pipeline knows of a request when it holds it. */
export interface HeldFacts {
  endpoint: EndpointId;
  app: string;
  method: string;
  path: string;
  query: string;
  body: string | null;
}

/** A parked request, as the pipeline holds it. */
export interface Parking {
  id: string;
  /** Settles once, with the first decision (or the client leaving, or the deadline). */
  decision: Promise<Decision>;
  /** The pipeline answered (or closed): the outcome goes to whoever decided, and into the journal. */
  answered(outcome: HoldOutcome): void;
  /** The client closed its connection while held. */
  clientGone(): void;
  /** Real milliseconds since the request was held. */
  heldMs(): number;
  hold: Hold;
}

interface Parked {
  item: HeldRequest;
  since: number;
  settle: (d: Decision) => void;
  timer: NodeJS.Timeout;
  decided: boolean;
  /** Resolves the decide() call that settled it, with what the client got. */
  report?: (o: HoldOutcome) => void;
}

/** Ids of decided requests remembered, so a late second decision is 409 (not 404): enough for any test run. */
const REMEMBERED = 10_000;
/**
 * Requests held at once, at the most; past it a matching request is answered normally. Each holds a connection and
 * its body: 510 held A5s once took every connection a loopback address may open, locking out the control API too.
 */
export const MAX_HELD = 256;

export class HoldDesk {
  private readonly parked = new Map<string, Parked>();
  private readonly gone: string[] = [];
  private readonly goneSet = new Set<string>();
  private seq = 0;
  private readonly waiters = new Set<{ holdId?: string; resolve: (h: HeldRequest | undefined) => void }>();
  /** Called when the last parked request has been answered (closeAll waits for it). */
  private drained?: () => void;

  constructor(private readonly events: SimulatorEventBus) {}

  /** Whether another request may be held now (MAX_HELD). */
  get full(): boolean {
    return this.parked.size >= MAX_HELD;
  }

  park(hold: Hold, facts: HeldFacts): Parking {
    const id = `held_${++this.seq}`;
    const since = performance.now();
    const now = Date.now();
    const item: HeldRequest = {
      id, hold_id: hold.id, ...facts, received_at: new Date(now).toISOString(), deadline_at: new Date(now + hold.timeout_ms).toISOString(),
      on_timeout: hold.on_timeout, client_connected: true,
      // Whose hold caught it (behaviour §21): the hold itself may be gone by now (its count used up).
      ...(hold.agent ? { agent: hold.agent } : {}),
    };
    let settle!: (d: Decision) => void;
    const decision = new Promise<Decision>((resolve) => (settle = resolve));
    const timer = setTimeout(() => {
      const d: Decision = hold.on_timeout === 'release' ? { kind: 'release', by: 'timeout' } : { kind: 'fail', status: 503, by: 'timeout' };
      this.settle(id, d);
    }, hold.timeout_ms);
    timer.unref?.();
    const p: Parked = { item, since, settle, timer, decided: false };
    this.parked.set(id, p);
    this.emit(item, 'held');
    for (const w of [...this.waiters]) if (!w.holdId || w.holdId === hold.id) {
      this.waiters.delete(w);
      w.resolve(item);
    }
    return {
      id, decision, hold,
      heldMs: () => Math.round(performance.now() - since),
      clientGone: () => {
        if (p.decided) return;
        item.client_connected = false;
        this.settle(id, { kind: 'client_gone', by: 'client' });
      },
      answered: (outcome) => {
        this.parked.delete(id);
        this.remember(id);
        p.report?.(outcome);
        this.emit(item, 'decided', outcome.decision);
        if (!this.parked.size) this.drained?.();
      },
    };
  }

  /** Waiting requests, oldest first. */
  list(): HeldRequest[] {
    return [...this.parked.values()].filter((p) => !p.decided).map((p) => ({ ...p.item }));
  }

  /**
   * Decides held request `id`: resolves with what its client got once the pipeline answered. 404 for an id
   * never held, 409 for one already decided or whose client left.
   */
  decide(id: string, d: Decision): Promise<HoldOutcome> {
    const p = this.parked.get(id);
    if (!p || p.decided) {
      if (p || this.goneSet.has(id)) throw new DomainError(409, [`Held request ${id} was already decided (or its client left).`], {}, 'already_decided');
      throw new DomainError(404, [`No held request ${id}.`], {}, 'not_found');
    }
    const reported = new Promise<HoldOutcome>((resolve) => (p.report = resolve));
    this.settle(id, d);
    return reported;
  }

  /**
   * The request held next by `holdId` (or by any hold), or one already waiting; undefined after `ms`, or at once
   * when `signal` aborts (a long poll whose client left must not keep its waiter and timer).
   */
  waitFor(holdId: string | undefined, ms: number, signal?: AbortSignal): Promise<HeldRequest | undefined> {
    const waiting = this.list().find((h) => !holdId || h.hold_id === holdId);
    if (waiting || signal?.aborted) return Promise.resolve(waiting);
    return new Promise((resolve) => {
      const done = (h: HeldRequest | undefined) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abandon);
        this.waiters.delete(w);
        resolve(h);
      };
      const w = { holdId, resolve: done };
      const abandon = () => done(undefined);
      const timer = setTimeout(abandon, ms);
      timer.unref?.();
      signal?.addEventListener('abort', abandon, { once: true });
      this.waiters.add(w);
    });
  }

  /**
   * At shutdown: every waiting request is closed, so no client hangs on a server that is going away. Resolves once
   * each has been answered (journaled), so the journal is not closed under them; after `ms` at the latest.
   */
  closeAll(ms = 1000): Promise<void> {
    if (!this.parked.size) return Promise.resolve();
    const drained = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref?.();
      this.drained = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    for (const id of [...this.parked.keys()]) if (!this.parked.get(id)!.decided) this.settle(id, { kind: 'close', by: 'control_api' });
    return drained;
  }

  private settle(id: string, d: Decision): void {
    const p = this.parked.get(id);
    if (!p || p.decided) return;
    p.decided = true;
    clearTimeout(p.timer);
    p.settle(d);
  }

  private remember(id: string): void {
    this.gone.push(id);
    this.goneSet.add(id);
    if (this.gone.length > REMEMBERED) this.goneSet.delete(this.gone.shift()!);
  }

  private emit(item: HeldRequest, action: 'held' | 'decided', decision?: HoldOutcome['decision']): void {
    this.events.emit('held', { id: item.id, hold_id: item.hold_id, endpoint: item.endpoint, action, ...(decision ? { decision } : {}) });
  }
}
