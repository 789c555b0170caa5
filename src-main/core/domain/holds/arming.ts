// Armed holds (behaviour §18): which partner calls wait for a decision. Configuration, stored in the meta
// table so it survives a restart; a reset clears the meta table, and with it every hold. Every way in is
// checked by one schema: the control API's body (src-shared/schemas/holds.ts) and the stored list at start,
// after a reset and after a restore.
import type { z } from 'zod';
import { storedHoldsSchema, type Hold, type holdArmBody } from '../../../../src-shared/schemas/holds';
import type { UnitOfWork } from '../../db/unit-of-work';
import { DomainError } from '../../errors';
import type { Reads, Tx } from '../context';
import { readStoredSetting } from '../stored-setting';

const HOLDS_KEY = 'holds';
const SEQ_KEY = 'holds_seq';

/** A matched field: Laravel reads body and query alike as input, and a hold written `{ pet_id: 3 }` fits `"3"`. */
const sameValue = (actual: unknown, wanted: string | number | boolean) =>
  actual !== undefined && actual !== null && typeof actual !== 'object' && String(actual) === String(wanted);
/** A field the request itself carries: never one inherited from Object.prototype (`constructor`). */
const fieldOf = (input: Record<string, unknown>, key: string) => (Object.hasOwn(input, key) ? input[key] : undefined);

export function holdArmingService({ uow, reads }: { uow: UnitOfWork; reads: Reads }) {
  let holds: Hold[] = [];
  /**
   * The highest id this process handed out: a reset clears the stored sequence, but a request held before the
   * reset may still wait under its old hold id, and a new hold must never share it (sim.holds.next() polls by id).
   */
  let lastIssued = 0;
  /** Endpoints with an armed hold: the one check every partner request pays. */
  let armed = new Set<string>();
  const remember = (next: Hold[]) => {
    holds = next;
    armed = new Set(next.map((h) => h.endpoint));
  };
  const persist = (tx: Tx, next: Hold[]) => {
    tx.meta.set(HOLDS_KEY, JSON.stringify(next));
    tx.events.state('holds', 'all', 'updated');
  };

  return {
    /** The stored holds (at start, after a reset or a restore); a list that does not read as holds means none. */
    load(): string | undefined {
      const read = readStoredSetting(reads.meta, HOLDS_KEY, (json) => storedHoldsSchema.parse(json) as Hold[], [],
        () => 'The stored holds do not read as holds; none are armed.');
      remember(read.value);
      return read.problem;
    },
    list: (): Hold[] => holds,
    /** `agent`: the MCP client arming it, when an agent does (behaviour §21): the holds list marks it. */
    arm(body: z.output<typeof holdArmBody>, agent?: string): Hold {
      const hold = uow.run((tx) => {
        const seq = Math.max(Number(tx.meta.get(SEQ_KEY) ?? '0'), lastIssued) + 1;
        tx.meta.set(SEQ_KEY, String(seq));
        const h: Hold = {
          id: `hold_${seq}`, endpoint: body.endpoint, method: body.method ?? null, app: body.app ?? null, match: body.match ?? null,
          count: body.count, remaining: body.count === 0 ? null : body.count, timeout_ms: body.timeout_ms, on_timeout: body.on_timeout,
          created_at: new Date().toISOString(), // real time, as a held request's deadline
          ...(agent ? { agent } : {}),
        };
        if (holds.length >= 100) throw new DomainError(409, ['At most 100 holds may be armed at once; remove some first.'], {}, 'too_many_holds');
        persist(tx, [...holds, h]);
        return h;
      });
      remember([...holds, hold]); // once stored: a refused write leaves the holds that are armed
      lastIssued = Math.max(lastIssued, Number(hold.id.slice('hold_'.length)));
      return hold;
    },
    remove(id: string): Hold {
      const hold = holds.find((h) => h.id === id);
      if (!hold) throw new DomainError(404, [`No hold ${id} is armed.`], {}, 'not_found');
      const next = holds.filter((h) => h !== hold);
      uow.run((tx) => persist(tx, next));
      remember(next);
      return hold;
    },
    /** Whether any hold is armed for this endpoint (the read cache is bypassed then: a held read must reach the hold). */
    armedFor: (endpoint: string): boolean => armed.has(endpoint),
    /** The first hold that fits this validated request, without taking one of its count. */
    match(endpoint: string, method: string, app: string, input: Record<string, unknown>): Hold | undefined {
      if (!armed.has(endpoint)) return undefined;
      return holds.find((h) =>
        h.endpoint === endpoint && (!h.method || h.method === method) && (!h.app || h.app === app) &&
        (!h.match || Object.entries(h.match).every(([k, v]) => sameValue(fieldOf(input, k), v))));
    },
    /**
     * Takes one of `hold`'s count as it holds a request (a hold whose count runs out is removed, in the same
     * write). Called only after routing, app, rate limit, auth and validation passed.
     */
    consume(hold: Hold): void {
      if (hold.remaining === null || !holds.includes(hold)) return;
      const next = hold.remaining <= 1 ? holds.filter((h) => h !== hold) : holds.map((h) => (h === hold ? { ...h, remaining: h.remaining! - 1 } : h));
      uow.run((tx) => persist(tx, next));
      remember(next);
    },
  };
}

export type HoldArmingService = ReturnType<typeof holdArmingService>;
