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
  reset(): Promise<void>;
  restore(bytes: Uint8Array): Promise<void>;
  loadDemoData(): Promise<{ loaded: boolean; users: number; consultations: number; message: string }>;
  persistClock(): void;
}
