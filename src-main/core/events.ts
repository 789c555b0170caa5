// Typed events the core emits; the control API's SSE stream and the hosts subscribe.
// State events of data writes come from the unit of work, after the write committed (db/unit-of-work.ts);
// what is emitted here directly is published at once (a reset done, the journal cleared, a notice).
import { EventEmitter } from 'node:events';
import type { JournalSummary, MessageEvent, StateEvent } from '../../src-shared/control';
import type { HeldEvent } from '../../src-shared/schemas/holds';

export interface SimulatorEvents {
  request: [JournalSummary];
  state: [StateEvent];
  message: [MessageEvent];
  /** A partner request held, or decided (holds, behaviour §18). */
  held: [HeldEvent];
}

export class SimulatorEventBus extends EventEmitter<SimulatorEvents> {
  constructor() {
    super();
    this.setMaxListeners(1000);
  }
  state(entity: StateEvent['entity'], id: string | number, action: string): void {
    this.emit('state', { entity, id: String(id), action });
  }
}
