// The records the event stream carries (issue 36), handed to the screens that show them: a queue patches the
// consultation that changed, a thread appends the message that came, the counts move a consultation between
// statuses, all without asking the simulator again. Outside React and the store: records are passed on, not kept.
import type { ThreadMessage } from '../../src-shared/control';
import type { AnswerOf } from '../../src-shared/control-api/define';
import type { ControlRoutes } from '../../src-shared/control-api/routes';

/** A consultation's card as the queue and the events carry it. */
export type ConsultationCard = AnswerOf<ControlRoutes['acceptConsultation']>;

export interface Feed<T> {
  publish(items: T[]): void;
  subscribe(listener: (items: T[]) => void): () => void;
}

function feed<T>(): Feed<T> {
  const listeners = new Set<(items: T[]) => void>();
  return {
    publish: (items) => {
      if (items.length) for (const l of [...listeners]) l(items);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** Cards of consultations that changed, as they stand now. */
export const consultationFeed = feed<ConsultationCard>();
/** New messages, each with its consultation's sid. */
export const messageFeed = feed<{ sid: string; message: ThreadMessage }>();

/**
 * The last status the UI saw of each consultation (from queue pages and the feed): a card that changed moves
 * the counts from this status to its new one. Unknown (never seen) means the counts must be asked for.
 */
export const seenStatus = new Map<string, string>();
export const noteStatuses = (cards: { sid: string; status: string }[]) => {
  for (const c of cards) seenStatus.set(c.sid, c.status);
};
