// Vet feedback on a consultation, and the emergency activation it may trigger.
import { normalizeRecommendation } from '../../../src-shared/recommendations';
import type { FeedbackRow } from '../db/repositories/types';
import { formatIsoMicros, formatTimestamp, parseTimestamp, type SimClock } from '../clock';
import { conflict, DomainError, notFound } from '../errors';
import type { Tx } from './context';
import { activationBlockers, activationDates } from './emergency';

/** "Non-urgent" → `non_urgent`: the one reading of a recommendation, shared with the schemas. */
export { normalizeRecommendation };

export function feedbackService({ clock }: { clock: SimClock }) {
  return {
    /** Written by the vet; writing again replaces it and moves feedback_date. */
    write(tx: Tx, sid: string, input: { recommendation: string; reason: string; vet_id?: string }): FeedbackRow & { emergency_activated: number } {
      const c = tx.consultations.bySid(sid);
      if (!c) throw new DomainError(404, ['Consultation Not Found']);
      if (c.status === 'waiting' || c.status === 'ringing')
        throw conflict(`Feedback can be written once the consultation has started; it is ${c.status}.`);
      const recommendation = normalizeRecommendation(input.recommendation);
      if (!recommendation) throw new DomainError(422, ['The selected recommendation is invalid.']);
      if (!input.reason?.trim()) throw new DomainError(422, ['The reason field is required.']);
      const vetId = input.vet_id ?? c.vet_id;
      if (!tx.vets.row(vetId)) throw notFound('Vet');
      const nowMs = clock.nowMs();
      const now = formatTimestamp(nowMs);
      let activated = 0;
      let note: string | null = null;
      if (recommendation === 'emergency') {
        const user = tx.users.byId(c.user_id)!;
        const blockers = activationBlockers(user, nowMs);
        if (blockers.length === 0) {
          const dates = activationDates(nowMs);
          tx.users.update(user.id, { ...dates, updated_at: now });
          activated = 1;
          note = `Emergency fund activated; next activation possible from ${dates.next_emergency_activation_date}.`;
          tx.events.state('user', user.id, 'emergency');
        } else {
          note = `Emergency fund not activated: ${blockers.join('; ')}.`;
        }
      }
      const existing = tx.feedback.ofConsultation(c.id);
      tx.feedback.upsert({
        consultation_id: c.id, app_id: c.app_id, user_id: c.user_id, vet_id: vetId, type: c.type, recommendation,
        reason: input.reason.trim(), feedback_date: now, emergency_activated: activated, emergency_note: note,
        created_at: existing?.created_at ?? now, updated_at: now,
      });
      tx.events.state('feedback', c.sid, existing ? 'replaced' : 'created');
      return tx.feedback.ofConsultation(c.id)!;
    },
    /** A11: the single feedback of a chat (channel_sid) or a video call (room_sid) of this app. */
    forPartner(tx: Tx, appId: number, type: 'chat' | 'video', sid: string) {
      const c = tx.consultations.bySid(sid);
      if (!c || c.type !== type || c.app_id !== appId) throw notFound(type === 'chat' ? 'Channel' : 'Room');
      const f = tx.feedback.ofConsultation(c.id);
      if (!f) throw notFound('Feedback');
      const vet = tx.vets.row(f.vet_id)!;
      return {
        type: f.type, vet_first_name: vet.first_name, vet_last_name: vet.last_name, recommendation: f.recommendation,
        reason: f.reason, feedback_date: formatIsoMicros(parseTimestamp(f.feedback_date)),
      };
    },
  };
}
