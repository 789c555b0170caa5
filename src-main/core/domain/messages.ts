// A consultation's thread (behaviour §16): the vet and the pet owner write in an open chat; the simulator marks
// the lifecycle with system messages (vet joined, chat ended, video outcome). Indexes run 1, 2, … per thread,
// times come from the simulator clock. A post is one unit of work like any other write: durable once answered.
import type { MessageAuthor, ThreadMessage } from '../../../src-shared/control';
import { MESSAGE_MAX_CHARS } from '../../../src-shared/schemas/control';
import type { SimClock } from '../clock';
import type { MessageRow } from '../db/repositories/messages';
import type { ConsultationRow } from '../db/repositories/types';
import { consultationClosed, DomainError, validation } from '../errors';
import { THREAD_CAP } from './chat-limits';
import type { Reads, Tx } from './context';
import { vetDisplayName } from './vets';

/** Only an open chat takes new messages from the vet or the owner. */
export const OPEN_CHAT = new Set(['waiting', 'active']);

/** A full thread: the vet's and the owner's posts stop here (chat-limits.ts); the chat can still be ended. */
export const threadFull = () =>
  new DomainError(409, [`This chat has reached its limit of ${THREAD_CAP.toLocaleString('en-US')} messages and takes no new ones; end it and start a new consultation.`], {}, 'thread_full');

/**
 * A UTF-16 code unit of a surrogate pair without its other half (`"\ud800"` in JSON): no character at all.
 * Stored, it would come back as U+FFFD; it is refused instead.
 */
const LONE_SURROGATE = /\p{Cs}/u;

export const toMessage = (r: MessageRow): ThreadMessage => ({
  id: r.id, index: r.idx, author: r.author as MessageAuthor, author_name: r.author_name, body: r.body, created_at: r.created_at,
});

export function messageService({ clock, reads }: { clock: SimClock; reads: Reads }) {
  /** The thread's length is its last index (one index seek, never a count): the cap and the next index from one read. */
  const add = (tx: Tx, c: ConsultationRow, author: MessageAuthor, authorName: string, body: string): ThreadMessage => {
    const last = tx.messages.lastIndex(c.id);
    if (author !== 'system' && last >= THREAD_CAP) throw threadFull();
    const row = { consultation_id: c.id, author, author_name: authorName, body, created_at: clock.iso() };
    const { id, idx } = tx.messages.append(row, last + 1);
    tx.events.message({ sid: c.sid, index: idx, author });
    return toMessage({ id, idx, ...row }); // every field is known: no read-back
  };

  /** How the thread names a writer: the vet as the owner sees them, the owner by the name they registered. */
  const nameOf = (tx: Tx, c: ConsultationRow, author: 'vet' | 'owner'): string => {
    if (author === 'vet') {
      const vet = c.vet_id ? tx.vets.row(c.vet_id) : undefined;
      return vet ? vetDisplayName(vet) : 'Vet';
    }
    const user = tx.users.byId(c.user_id);
    return [user?.first_name, user?.last_name].filter(Boolean).join(' ') || user?.email || 'Pet owner';
  };

  return {
    /**
     * The vet or the owner writes; the body is trimmed and must be 1–1,600 characters, counted as code points
     * of the decoded text (an emoji is one, however it was escaped), with no lone surrogate.
     */
    post(tx: Tx, c: ConsultationRow, author: 'vet' | 'owner', body: string): ThreadMessage {
      const text = body.trim();
      if (!text) throw validation('The body field is required.');
      if (LONE_SURROGATE.test(text)) throw validation('The body field must be valid Unicode text: it holds half of a surrogate pair (\\ud800–\\udfff) without the other half.');
      if ([...text].length > MESSAGE_MAX_CHARS) throw validation(`The body field must not be greater than ${MESSAGE_MAX_CHARS} characters.`);
      if (c.type === 'video') throw consultationClosed('A video consultation has no chat thread.');
      if (!OPEN_CHAT.has(c.status)) throw consultationClosed(`The chat has ${c.status === 'ended' ? 'ended' : `status ${c.status}`}; it takes no new messages.`);
      return add(tx, c, author, nameOf(tx, c, author), text);
    },
    /** A lifecycle mark in the thread, written by the simulator in the same unit of work as the change. */
    system: (tx: Tx, c: ConsultationRow, body: string): ThreadMessage => add(tx, c, 'system', 'Vet Consult', body),
    /** A consultation's thread, oldest first, after index `after`; 404 for an unknown sid. */
    thread(sid: string, after = 0, limit = 200): { items: ThreadMessage[]; total: number } {
      const c = reads.consultations.bySid(sid);
      if (!c) throw new DomainError(404, ['Consultation Not Found']);
      const { rows, total } = reads.messages.page(c.id, after, limit);
      return { items: rows.map(toMessage), total };
    },
  };
}

export type MessageService = ReturnType<typeof messageService>;
