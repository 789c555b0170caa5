// The state a new or reset simulator starts from: the demo app, the vet roster, the package catalogue.
import { readFileSync } from 'node:fs';
import type { DomainContext } from './context';
import type { appService } from './apps';
import type { paymentService } from './payments';
import type { vetService } from './vets';

interface Parts {
  apps: ReturnType<typeof appService>;
  vets: ReturnType<typeof vetService>;
  payments: ReturnType<typeof paymentService>;
}

export function defaultsService(ctx: DomainContext, { apps, vets, payments }: Parts, catalogueFile: string) {
  /** Adds whichever default is missing, in one transaction (at start, and after a restore). */
  const seed = () =>
    ctx.db.tx(() => {
      apps.seedDefault();
      vets.seed();
      payments.seedCatalogue(catalogueFile);
    });
  return {
    seed,
    /**
     * Every table back to the defaults, as one durable step (Database.resetToSeeded). The seeded
     * state is reused while the catalogue file reads the same; the demo app is created "now" at
     * every reset, as the seeding of an empty database would have it.
     */
    reset: () => ctx.db.resetToSeeded(seed, { key: readFileSync(catalogueFile, 'utf8'), fresh: () => apps.stampDefault() }),
  };
}
