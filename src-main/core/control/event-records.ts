// What a state or message event carries beside its name (issue 36): the changed consultation's card, vet, app,
// clock or fault rules as they stand when the batch leaves, and each new message whole, so a screen updates from the
// stream instead of refetching every list after each action. Read once per entity per batch (every 100 ms at
// most), and only while a stream is open.
import type { MessageEvent, StateEvent } from '../../../src-shared/control';
import type { ControlPort } from '../domain/control-port';

export interface EventRecords {
  /** Each state event with `record` (the entity now) where the entity still exists. */
  states(events: StateEvent[]): (StateEvent & { record?: unknown })[];
  /** Each message event with the message as stored (`message`). */
  messages(events: MessageEvent[]): (MessageEvent & { message?: unknown })[];
}

const orUndefined = <T>(read: () => T): T | undefined => {
  try {
    return read();
  } catch {
    return undefined; // gone since (a reset, a 404): the event still names it
  }
};

export function eventRecords(port: ControlPort): EventRecords {
  const { queries: q } = port;
  const readers: Partial<Record<StateEvent['entity'], (id: string) => unknown>> = {
    consultation: (sid) => q.consultation(sid),
    vet: (id) => q.vets().find((v) => v.id === id),
    app: (id) => q.apps().find((a) => String(a.id) === id),
    clock: () => q.clock(),
    faults: () => ({ items: q.faults() }),
  };
  return {
    states(events) {
      const read = new Map<string, unknown>();
      return events.map((e) => {
        const reader = readers[e.entity];
        if (!reader) return e;
        const key = `${e.entity}:${e.id}`;
        if (!read.has(key)) read.set(key, orUndefined(() => reader(e.id)));
        const record = read.get(key);
        return record === undefined ? e : { ...e, record };
      });
    },
    messages(events) {
      return events.map((e) => {
        const message = orUndefined(() => q.messages(e.sid, e.index - 1, 1).items[0]);
        return message ? { ...e, message } : e;
      });
    },
  };
}
