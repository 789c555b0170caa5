// The package catalogue as the tester edits it (control API): a write is a unit of work with its state
// event, as every other write. The catalogue is part of payments (behaviour §10), so the event names the
// `payment` entity with the action `package` (the UI's list of entity kinds stays as it is).
import type { PackageRow } from '../db/repositories/types';
import type { UnitOfWork } from '../db/unit-of-work';
import type { Reads } from './context';

export function packageService({ uow, reads }: { uow: UnitOfWork; reads: Reads }) {
  return {
    list: (): PackageRow[] => reads.payments.packages(),
    /** Creates or replaces package `id`; returns it as stored. */
    put: (id: string, fields: Omit<PackageRow, 'id'>): PackageRow =>
      uow.run((tx) => {
        tx.payments.upsertPackage({ id, ...fields });
        tx.events.state('payment', id, 'package');
        return tx.payments.packageById(id)!;
      }),
  };
}
