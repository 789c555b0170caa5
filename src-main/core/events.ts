// Typed events the core emits; the control API's SSE stream and the hosts subscribe.
import { EventEmitter } from 'node:events';
import type { JournalSummary, StateEvent } from '../../src-shared/control';

export interface SimulatorEvents {
  request: [JournalSummary];
  state: [StateEvent];
}

export class SimulatorEventBus extends EventEmitter<SimulatorEvents> {
  /** `defer` holds a state event back until the write it reports is committed (Database.afterCommit). */
  constructor(private readonly defer: (publish: () => void) => void = (publish) => publish()) {
    super();
    this.setMaxListeners(1000);
  }
  state(entity: StateEvent['entity'], id: string | number, action: string): void {
    const event = { entity, id: String(id), action };
    this.defer(() => this.emit('state', event));
  }
}
