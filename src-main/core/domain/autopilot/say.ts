// What the autopilot's vet writes: `say` with its placeholders filled in from the consultation as stored now.
import { PLACEHOLDER } from '../../../../src-shared/schemas/autopilot';
import type { ConsultationRow } from '../../db/repositories/types';
import type { Tx } from '../context';

/** `Hi, I'm {vet.first_name}. How is {pet.name} today?` → `Hi, I'm Ada. How is Rex today?`; an empty value leaves nothing. */
export function fillPlaceholders(tx: Tx, c: ConsultationRow, text: string): string {
  const of: Record<string, object | undefined> = {
    vet: tx.vets.byId(c.vet_id),
    pet: c.pet_id ? tx.pets.byId(c.pet_id) : undefined,
    user: tx.users.byId(c.user_id),
  };
  return text.replace(PLACEHOLDER, (_whole, record: string, field: string) => {
    const value = (of[record] as Record<string, unknown> | undefined)?.[field];
    return value === null || value === undefined ? '' : String(value);
  });
}
