// Typed events the core emits; the control API's SSE stream and the hosts subscribe.
import { EventEmitter } from 'node:events';
import type { JournalSummary, StateEvent } from '../../src-shared/control';

export interface SimulatorEvents {
  request: [JournalSummary];
  state: [StateEvent];
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
