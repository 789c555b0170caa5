// The vet roster: who is online, who is busy, and who takes the next consultation.
import type { VetRecord } from '../../../src-shared/control';
import type { VetRow } from '../db/repositories/types';
import type { UnitOfWork } from '../db/unit-of-work';
import { DomainError, notFound } from '../errors';
import type { Reads, Tx } from './context';
import { keyedDraw } from './randomness';

export const SEED_VETS: VetRow[] = [
  { id: 'vet_1', username: 'dr.ada', first_name: 'Ada', last_name: 'Moreno', email: 'ada.moreno@vets.example', profile_image: null, online: 1 },
  { id: 'vet_2', username: 'dr.ben', first_name: 'Ben', last_name: 'Okafor', email: 'ben.okafor@vets.example', profile_image: null, online: 1 },
  { id: 'vet_3', username: 'dr.chloe', first_name: 'Chloé', last_name: 'Yilmaz', email: 'chloe.yilmaz@vets.example', profile_image: null, online: 1 },
];

const toRecord = (v: VetRow & { busy?: number }): VetRecord => ({ ...v, online: v.online === 1, busy: v.busy === 1 });

/** How the pet owner and the thread name a vet. */
export const vetDisplayName = (vet: Pick<VetRow, 'first_name' | 'last_name'>) => `Dr. ${vet.first_name} ${vet.last_name}`;

/** What a consultation card shows of its vet. */
export type VetName = Pick<VetRow, 'id' | 'username' | 'first_name' | 'last_name'>;

export interface VetDeps {
  uow: UnitOfWork;
  reads: Reads;
  /** A fixed chance for the roster draw (tests pass () => 0: the first free vet); else the keyed draw below. */
  random?: () => number;
  /**
   * The seed of the roster draw: the vet a consultation gets is hash(seed, consultation number), as the
   * autopilot's draws are hash(seed, sid), so the same data and the same calls give the same vet (behaviour §9).
   */
  drawSeed?: () => number;
}

export function vetService({ uow, reads, random, drawSeed = () => 0 }: VetDeps) {
  /** The vet as `from` reads it: the database, or a unit of work's transaction. */
  const require = (from: Pick<Reads, 'vets'>, id: string): VetRecord => {
    const v = from.vets.byId(id);
    if (!v) throw notFound('Vet');
    return toRecord(v);
  };
  return {
    list: () => reads.vets.list().map(toRecord),
    /** A consultation's vet as a card names it (no busy flag: that is the roster's), if it exists. */
    named: (id: string): VetName | undefined => {
      const v = reads.vets.row(id);
      return v && { id: v.id, username: v.username, first_name: v.first_name, last_name: v.last_name };
    },
    require: (id: string) => require(reads, id),
    /** Adds whichever default vet is missing. */
    seed(tx: Tx): void {
      for (const v of SEED_VETS) if (!tx.vets.byId(v.id)) tx.vets.insert(v);
    },
    setOnline: (id: string, online: boolean): VetRecord =>
      uow.run((tx) => {
        require(tx, id);
        tx.vets.setOnline(id, online);
        tx.events.state('vet', id, online ? 'online' : 'offline');
        return require(tx, id);
      }),
    /**
     * The preferred vet when online and free, else an online free vet drawn from the seed and the consultation
     * about to be opened (its number: sids follow from it too), else 503; writes nothing.
     */
    pick(tx: Tx, preferredEmail?: string, chosenId?: string): VetRow {
      if (chosenId) {
        // The vet a tester picked when releasing a held A8/B10: that one, or no vet at all (checked when the
        // tester decided; only a change since then, e.g. the vet went offline, gets here).
        const v = tx.vets.byId(chosenId);
        if (v && v.online === 1 && v.busy === 0) return v;
        throw new DomainError(503, ['No vet is available right now.']);
      }
      if (preferredEmail) {
        const v = tx.vets.byEmail(preferredEmail);
        if (v && v.online === 1 && v.busy === 0) return v;
      }
      const free = tx.vets.freeOnline();
      if (!free.length) throw new DomainError(503, ['No vet is available right now.']);
      const draw = random ? random() : keyedDraw(drawSeed(), `vet:${tx.consultations.nextId()}`);
      return free[Math.floor(draw * free.length)];
    },
  };
}

export type VetService = ReturnType<typeof vetService>;
