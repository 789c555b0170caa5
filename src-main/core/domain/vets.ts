// The vet roster: who is online, who is busy, and who takes the next consultation.
import type { VetRecord } from '../../../src-shared/control';
import { vetsRepo } from '../db/repositories/vets';
import type { VetRow } from '../db/repositories/types';
import { DomainError, notFound } from '../errors';
import type { DomainContext } from './context';

export const SEED_VETS: VetRow[] = [
  { id: 'vet_1', username: 'dr.ada', first_name: 'Ada', last_name: 'Moreno', email: 'ada.moreno@vets.example', profile_image: null, online: 1 },
  { id: 'vet_2', username: 'dr.ben', first_name: 'Ben', last_name: 'Okafor', email: 'ben.okafor@vets.example', profile_image: null, online: 1 },
  { id: 'vet_3', username: 'dr.chloe', first_name: 'Chloé', last_name: 'Yilmaz', email: 'chloe.yilmaz@vets.example', profile_image: null, online: 1 },
];

const toRecord = (v: VetRow & { busy?: number }): VetRecord => ({ ...v, online: v.online === 1, busy: v.busy === 1 });

export function vetService(ctx: DomainContext, random: () => number = Math.random) {
  const repo = vetsRepo(ctx.db);
  return {
    list: () => repo.list().map(toRecord),
    require(id: string): VetRecord {
      const v = repo.byId(id);
      if (!v) throw notFound('Vet');
      return toRecord(v);
    },
    seed(): void {
      for (const v of SEED_VETS) if (!repo.byId(v.id)) repo.insert(v);
    },
    setOnline(id: string, online: boolean): VetRecord {
      return ctx.db.tx(() => {
        this.require(id);
        repo.setOnline(id, online);
        ctx.events.state('vet', id, online ? 'online' : 'offline');
        return this.require(id);
      });
    },
    /** The preferred vet when online and free, else a random online free vet, else 503. */
    pick(preferredEmail?: string): VetRow {
      if (preferredEmail) {
        const v = repo.byEmail(preferredEmail);
        if (v && v.online === 1 && v.busy === 0) return v;
      }
      const free = repo.freeOnline();
      if (!free.length) throw new DomainError(503, ['No vet is available right now.']);
      return free[Math.floor(random() * free.length)];
    },
  };
}
