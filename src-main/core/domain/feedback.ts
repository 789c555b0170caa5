// Vet feedback on a consultation, and the emergency activation it may trigger.
import { RECOMMENDATIONS, type Recommendation } from '../../../src-shared/control';
import { consultationsRepo, feedbackRepo } from '../db/repositories/consultations';
import { usersRepo } from '../db/repositories/users';
import { vetsRepo } from '../db/repositories/vets';
import type { FeedbackRow } from '../db/repositories/types';
import { formatIsoMicros, parseTimestamp } from '../clock';
import { conflict, DomainError, notFound } from '../errors';
import { type DomainContext, nowStamp } from './context';
import { activationBlockers, activationDates } from './emergency';

/** "Non-urgent" → `non_urgent`: stored lower-case with `_`. */
export function normalizeRecommendation(input: string): Recommendation | undefined {
  const r = input.trim().toLowerCase().replace(/[\s-]+/g, '_');
  return (RECOMMENDATIONS as readonly string[]).includes(r) ? (r as Recommendation) : undefined;
}

export function feedbackService(ctx: DomainContext) {
  const repo = feedbackRepo(ctx.db);
  const consultations = consultationsRepo(ctx.db);
  const users = usersRepo(ctx.db);
  const vets = vetsRepo(ctx.db);
  return {
    repo,
    /** Written by the vet; writing again replaces it and moves feedback_date. */
    write(sid: string, input: { recommendation: string; reason: string; vet_id?: string }): FeedbackRow & { emergency_activated: number } {
      return ctx.db.tx(() => {
        const c = consultations.bySid(sid);
        if (!c) throw new DomainError(404, ['Consultation Not Found']);
        if (c.status === 'waiting' || c.status === 'ringing')
          throw conflict(`Feedback can be written once the consultation has started; it is ${c.status}.`);
        const recommendation = normalizeRecommendation(input.recommendation);
        if (!recommendation) throw new DomainError(422, ['The selected recommendation is invalid.']);
        if (!input.reason?.trim()) throw new DomainError(422, ['The reason field is required.']);
        const vetId = input.vet_id ?? c.vet_id;
        if (!vets.byId(vetId)) throw notFound('Vet');
        const nowMs = ctx.clock.nowMs();
        const now = nowStamp(ctx);
        let activated = 0;
        let note: string | null = null;
        if (recommendation === 'emergency') {
          const user = users.byId(c.user_id)!;
          const blockers = activationBlockers(user, nowMs);
          if (blockers.length === 0) {
            const dates = activationDates(nowMs);
            users.update(user.id, { ...dates, updated_at: now });
            activated = 1;
            note = `Emergency fund activated; next activation possible from ${dates.next_emergency_activation_date}.`;
            ctx.events.state('user', user.id, 'emergency');
          } else {
            note = `Emergency fund not activated: ${blockers.join('; ')}.`;
          }
        }
        const existing = repo.ofConsultation(c.id);
        repo.upsert({
          consultation_id: c.id, app_id: c.app_id, user_id: c.user_id, vet_id: vetId, type: c.type, recommendation,
          reason: input.reason.trim(), feedback_date: now, emergency_activated: activated, emergency_note: note,
          created_at: existing?.created_at ?? now, updated_at: now,
        });
        ctx.events.state('feedback', c.sid, existing ? 'replaced' : 'created');
        return repo.ofConsultation(c.id)!;
      });
    },
    /** A11: the single feedback of a chat (channel_sid) or a video call (room_sid) of this app. */
    forPartner(appId: number, type: 'chat' | 'video', sid: string) {
      const c = consultations.bySid(sid);
      if (!c || c.type !== type || c.app_id !== appId) throw notFound(type === 'chat' ? 'Channel' : 'Room');
      const f = repo.ofConsultation(c.id);
      if (!f) throw notFound('Feedback');
      const vet = vets.byId(f.vet_id)!;
      return {
        type: f.type, vet_first_name: vet.first_name, vet_last_name: vet.last_name, recommendation: f.recommendation,
        reason: f.reason, feedback_date: formatIsoMicros(parseTimestamp(f.feedback_date)),
      };
    },
  };
}
