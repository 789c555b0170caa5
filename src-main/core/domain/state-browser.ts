// What the tester's state browser and vet console read (control API): pages of users, pets, payments,
// feedback and consultations, a user's whole record, the queue's counts. Reads only, outside any unit of
// work; each page is one query for its rows (joined where a row shows more) and one for its total.
import { OPEN_STATUSES, type ConsultationStatus } from '../../../src-shared/control';
import { parseTimestamp, type SimClock } from '../clock';
import type { CardFilter, ConsultationCard } from '../db/repositories/consultation-cards';
import type { PaymentFilter } from '../db/repositories/payments';
import type { UserRow } from '../db/repositories/types';
import { DomainError } from '../errors';
import type { AppService } from './apps';
import type { Reads } from './context';
import { activationBlockers, emergencyStats } from './emergency';
import type { VetName, VetService } from './vets';
import { vetActionRefusals } from './vet-action-refusals';

export const CONSULTATION_STATUSES: ConsultationStatus[] = ['waiting', 'active', 'ringing', 'accepted', 'ended', 'completed', 'declined', 'notanswered'];
/** Still needing the vet: a chat not yet ended, a call not yet answered or finished. */

/** Which rows of a list: `limit` rows from `offset` on. */
export interface Window { limit: number; offset: number }

/** A user as the control API shows it: everything but the password hash. */
export function publicUser(u: UserRow) {
  const { password_hash: _hidden, ...rest } = u;
  return rest;
}

export function stateBrowser({ reads, clock, apps, vets }: { reads: Reads; clock: SimClock; apps: AppService; vets: VetService }) {
  /** A consultation card with its app's name, its wait, and its vet from the roster (read once per page). */
  const card = ({ consultation: c, user, pet, feedback }: ConsultationCard, roster: VetName[] = vets.list()) => {
    const vet = roster.find((v) => v.id === c.vet_id);
    // Added to the row as read (each read makes a new one), not spread into a copy of its 19 fields.
    return Object.assign(c, {
      app_name: apps.byId(c.app_id)?.name ?? null,
      waiting_seconds: Math.max(0, Math.round((clock.nowMs() - parseTimestamp(c.created_at)) / 1000)),
      user,
      pet,
      vet: vet && { id: vet.id, username: vet.username, first_name: vet.first_name, last_name: vet.last_name },
      feedback,
      refusals: vetActionRefusals(c), // why the console's Accept, End and Outcome are disabled, in the 409's words
    });
  };
  return {
    users(filter: { appId?: number; q?: string; family?: string }, { limit, offset }: Window) {
      const { total, rows } = reads.users.page(filter, limit, offset);
      const now = clock.nowMs();
      const items = rows.map((u) => ({
        ...publicUser(u), can_activate_Emergency: activationBlockers(u, now).length === 0, remaining_trial_period_days: emergencyStats(u, now).remaining_trial_period_days,
      }));
      return { items, total };
    },
    /** A user's whole record: statuses, emergency state, pets (the default marked), devices, latest consultations. */
    user(id: number) {
      const u = reads.users.byId(id);
      if (!u) return undefined;
      const now = clock.nowMs();
      return {
        user: publicUser(u),
        app: apps.byId(u.app_id),
        statuses: reads.users.statuses(u.id),
        emergency_stats: emergencyStats(u, now),
        emergency_blockers: activationBlockers(u, now),
        pets: reads.pets.liveOfUser(u.id).map((p) => ({ ...p, is_default: p.id === u.default_pet_id })),
        devices: reads.users.devices(u.id),
        consultations: reads.consultations.ofUser(u.id, 50),
      };
    },
    pets(filter: { appId?: number; q?: string }, { limit, offset }: Window) {
      const { total, rows } = reads.pets.page(filter, limit, offset);
      return { items: rows, total };
    },
    payments(filter: PaymentFilter, { limit, offset }: Window) {
      const { total, rows } = reads.payments.list(filter, limit, offset);
      return { items: rows, total };
    },
    feedback(filter: { appId?: number; q?: string }, { limit, offset }: Window) {
      const { total, rows } = reads.feedback.list(filter, limit, offset);
      return { items: rows, total };
    },
    /** A page of the vet console's queue, newest first. */
    consultations(filter: CardFilter, { limit, offset }: Window) {
      const { total, cards } = reads.consultationCards.page(filter, limit, offset);
      // The roster once per page, not once per row: its busy flags scan the open consultations.
      const roster = vets.list();
      return { items: cards.map((c) => card(c, roster)), total };
    },
    consultation(sid: string) {
      const found = reads.consultationCards.bySid(sid);
      if (!found) throw new DomainError(404, ['Consultation Not Found']);
      // Its own vet, not the roster: every vet console action answers with this card.
      const vetId = found.consultation.vet_id;
      const vet = vetId ? vets.named(vetId) : undefined;
      return card(found, vet ? [vet] : []);
    },
    /** Totals per status (all of them, zeros included) and of the open ones: what the console's columns show. */
    consultationCounts(filter: { type?: string; appId?: number }) {
      const by_status = Object.fromEntries(CONSULTATION_STATUSES.map((st) => [st, 0])) as Record<ConsultationStatus, number>;
      for (const { status, n } of reads.consultations.countByStatus(filter)) if (status in by_status) by_status[status as ConsultationStatus] = Number(n);
      return { by_status, open: OPEN_STATUSES.reduce((sum, st) => sum + by_status[st], 0) };
    },
  };
}

export type StateBrowser = ReturnType<typeof stateBrowser>;
