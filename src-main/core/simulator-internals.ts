// What the control API may reach inside a simulator.
import type { DomainContext } from './domain/context';
import type { Services } from './domain/services';

export interface SimulatorInternals {
  ctx: DomainContext;
  services: Services;
  version: string;
  dataDir?: string;
  journalCap: number;
  notices: string[];
  /** When set, clients on other hosts may drive the control API with this bearer token. */
  controlToken?: string;
  /**
   * Everything back to the defaults. `answer`, when given, is called as soon as the reset is committed
   * and in the op log, before the in-memory bookkeeping that follows it (caches, limiter windows, the
   * journal, the state event): that bookkeeping runs synchronously right after `answer`, so no other
   * request can be handled in between and none can see the state from before the reset.
   */
  reset(answer?: () => void): Promise<void>;
  restore(bytes: Uint8Array): Promise<void>;
  loadDemoData(): Promise<{ loaded: boolean; users: number; consultations: number; message: string }>;
  persistClock(): void;
}
