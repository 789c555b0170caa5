// The state a new or reset simulator starts from: the demo app, the vet roster, the package catalogue.
import { readFileSync } from 'node:fs';
import type { Database } from '../db/database';
import type { UnitOfWork } from '../db/unit-of-work';
import type { AppService } from './apps';
import type { Tx } from './context';
import type { PaymentService } from './payments';
import type { VetService } from './vets';

interface DefaultsDeps {
  db: Database;
  uow: UnitOfWork;
  apps: AppService;
  vets: VetService;
  payments: PaymentService;
  catalogueFile: string;
}

export function defaultsService({ db, uow, apps, vets, payments, catalogueFile }: DefaultsDeps) {
  /** Adds whichever default is missing. */
  const seedInto = (tx: Tx) => {
    apps.seedDefault(tx);
    vets.seed(tx);
    payments.seedCatalogue(tx, catalogueFile);
  };
  return {
    /** The missing defaults, in one unit of work (at start, and after a restore). */
    seed: () => uow.run(seedInto),
    /**
     * Every table back to the defaults, as one durable step (Lifecycle.reset). The seeded state is
     * reused while the catalogue file reads the same; the demo app is created "now" at every reset,
     * as the seeding of an empty database would have it. `keep` writes what survives a reset (configuration
     * such as the autopilot's rules) into the same logged step.
     */
    reset: (keep?: (tx: Tx) => void) =>
      db.resetToSeeded(seedInto, {
        key: readFileSync(catalogueFile, 'utf8'),
        fresh: (tx) => {
          apps.stampDefault(tx);
          keep?.(tx);
        },
      }),
  };
}
