// What the control API may do with holds (behaviour §18): arm and remove them, and decide held requests.
// A decision answers with what the waiting client got, once it has been answered.
import type { z } from 'zod';
import type { Actor } from '../../../../src-shared/control';
import type { failBody, holdArmBody, HoldOutcome, respondBody } from '../../../../src-shared/schemas/holds';
import { DomainError } from '../../errors';
import type { Services } from '../services';

/** The endpoints that pick a vet: a release may name the vet. */
const PICKS_A_VET = new Set(['A8', 'B10']);

export function holdCommands(s: Services) {
  const heldOne = (id: string) => s.held.list().find((h) => h.id === id);
  return {
    armHold: (body: z.output<typeof holdArmBody>, agent?: string) => s.holds.arm(body, agent),
    removeHold: (id: string) => s.holds.remove(id),
    /** Processed normally; for A8/B10, with `vet_id` when given (that vet must be online and free now). */
    releaseHeld(id: string, vetId: string | undefined, by: Actor): Promise<HoldOutcome> {
      const held = heldOne(id);
      if (held && vetId !== undefined) {
        if (!PICKS_A_VET.has(held.endpoint)) throw new DomainError(422, [`vet_id: only a held A8 or B10 picks a vet; this is ${held.endpoint}.`]);
        // One vet's row, busy flag included: not the whole roster to find it.
        const vet = s.reads.vets.byId(vetId);
        if (!vet) throw new DomainError(422, [`vet_id: there is no vet ${vetId}.`]);
        if (vet.online !== 1) throw new DomainError(409, [`${vetId} is offline: set them online first, or release without vet_id.`], {}, 'vet_unavailable');
        if (vet.busy === 1) throw new DomainError(409, [`${vetId} is busy with another consultation: release without vet_id, or pick a free vet.`], {}, 'vet_unavailable');
      }
      return s.held.decide(id, { kind: 'release', vet_id: vetId, ...by });
    },
    failHeld: (id: string, body: z.output<typeof failBody>, by: Actor) => s.held.decide(id, { kind: 'fail', status: body.status, message: body.message, ...by }),
    respondHeld: (id: string, body: z.output<typeof respondBody>, by: Actor) =>
      s.held.decide(id, { kind: 'respond', status: body.status, message: body.message, data: body.data, ...by }),
    closeHeld: (id: string, by: Actor) => s.held.decide(id, { kind: 'close', ...by }),
    /** Every waiting request released (the UI's *Release all*): what each client got. */
    releaseAllHeld: (by: Actor) => Promise.all(s.held.list().map((h) => s.held.decide(h.id, { kind: 'release', ...by }))),
  };
}
