// The why of a 409 (the current state that refused the action) and of a 503 (which vets are busy or offline),
// issue 37. Read after the refusal, from the committed data.
import type { Reads } from '../../db/repositories';
import type { UserRow, VetRow } from '../../db/repositories/types';
import { detail, listed, why, type Why } from './why';

/** At most this many vets are named in a 503's why. */
const LISTED_VETS = 20;

export function conflictWhy(reads: Reads, message: string, sid: string | undefined, input: Record<string, unknown>, appId: number): Why {
  const c = sid ? reads.consultations.bySid(sid) : undefined;
  if (c) {
    const times = [`created ${c.created_at}`, c.accepted_at && `accepted ${c.accepted_at}`, c.ended_at && `ended ${c.ended_at}`].filter(Boolean).join(', ');
    return why(`${c.type === 'chat' ? 'Chat' : 'Video call'} ${c.sid} is ${c.status}${c.outcome ? ` (outcome ${c.outcome})` : ''}: ${message}`, [
      detail('Current state', `${c.status}; ${times}.`),
    ]);
  }
  const user = typeof input.email === 'string' ? reads.users.liveByEmail(appId, input.email) : undefined;
  if (user) return why(message, [detail('Current state', `user ${user.email}: role ${user.role}, status ${user.status} (${userType(user)}).`)]);
  return why(message);
}

const userType = (u: UserRow) => `type ${u.type}`;

/** Vets and what each is doing: the busy ones with the consultation that holds them. */
export function noVetWhy(reads: Reads, requested: { doctorEmail?: unknown; chosenVet?: string }): Why {
  const vets = reads.vets.list() as (VetRow & { busy: number })[];
  const holding = reads.all<{ vet_id: string; sid: string; status: string }>(
    "SELECT vet_id, sid, status FROM consultations WHERE status IN ('active','accepted') ORDER BY id",
  );
  const name = (v: VetRow) => `${[v.first_name, v.last_name].filter(Boolean).join(' ') || v.username} (${v.id})`;
  const busy = vets.filter((v) => v.online === 1 && v.busy);
  const offline = vets.filter((v) => v.online !== 1);
  const details = [
    detail('Busy', busy.length ? listed(busy.slice(0, LISTED_VETS).map((v) => {
      const c = holding.find((h) => h.vet_id === v.id);
      return `${name(v)}${c ? ` in ${c.sid} (${c.status})` : ''}`;
    })) : 'none'),
    detail('Offline', offline.length ? listed(offline.slice(0, LISTED_VETS).map(name)) : 'none'),
  ];
  if (typeof requested.doctorEmail === 'string') details.push(detail('Requested vet', `doctor_email "${requested.doctorEmail}" names a vet who is not online and free; another free vet would have been taken.`));
  if (requested.chosenVet) details.push(detail('Chosen vet', `the hold released this request to ${requested.chosenVet}, who is no longer online and free.`));
  const summary = vets.length
    ? `No vet is online and free: ${busy.length} busy, ${offline.length} offline, of ${vets.length}.`
    : 'There are no vets at all.';
  return why(summary, details);
}
