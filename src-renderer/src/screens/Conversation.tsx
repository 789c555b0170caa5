// A consultation's thread as the vet sees it: live (the `message` events carry each new message, appended here
// without asking; a gap is fetched), a composer that posts as the vet, quick replies, and the owner's page, so one
// person can play both sides of a chat in two windows.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ApiError, control } from '../api';
import { messageFeed } from '../feeds';
import { useStore } from '../store';
import type { Message } from '../store/shared';
import type { ConsultationView } from './ConsultationDetail';

const PAGE = 500;

/** Why the vet cannot write, or null when the chat takes messages (waiting or active, behaviour §16). */
export function closedReason(c: Pick<ConsultationView, 'type' | 'status'>): string | null {
  if (c.type === 'video') return 'A video call has no chat: the owner’s page shows the call’s state instead.';
  if (c.status === 'ended') return 'This chat has ended: it takes no more messages.';
  return null;
}

function quickReplies(c: ConsultationView): string[] {
  const pet = c.pet?.name ?? 'your pet';
  return [
    c.vet ? `Hi, I'm ${c.vet.first_name}. How is ${pet} today?` : `Hi, how is ${pet} today?`,
    'Could you send a photo?',
    'Please keep an eye on it and write back if it gets worse.',
  ];
}

/** The thread of one consultation, oldest first, following the `message` events for its sid (mounted per sid). */
function useThread(sid: string) {
  const asked = useStore((s) => s.messageVersions[sid] ?? 0);
  // Bumped when a message arrives out of order (one this view missed): then the thread asks for what is new.
  const [gaps, setGaps] = useState(0);
  const version = asked + gaps;
  const [messages, setMessages] = useState<Message[]>([]);
  const [error, setError] = useState<string | null>(null);
  // The newest index a fetch has returned: the next fetch asks for what came after it. Only fetches move
  // it, since the answer to Send may be ahead of an owner's message this view has not fetched yet.
  const last = useRef(0);

  const merge = (items: Message[]) => {
    if (!items.length) return;
    setMessages((prev) => {
      const byIndex = new Map(prev.map((m) => [m.index, m]));
      for (const m of items) byIndex.set(m.index, m);
      return [...byIndex.values()].sort((a, b) => a.index - b.index);
    });
  };

  // A fetch still running when the next event arrives is kept, not dropped (merging is idempotent): under
  // a steady flow of messages, dropping it could starve the thread.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  // The event stream carries each new message whole (issue 36): the next one is appended without asking.
  useEffect(
    () =>
      messageFeed.subscribe((items) => {
        const mine = items.filter((i) => i.sid === sid).map((i) => i.message as Message).sort((a, b) => a.index - b.index);
        const next: Message[] = [];
        for (const m of mine) if (m.index === last.current + 1 + next.length) next.push(m);
        if (next.length) {
          last.current += next.length;
          merge(next);
        }
        if (mine.some((m) => m.index > last.current)) setGaps((g) => g + 1);
      }),
    [sid],
  );
  useEffect(() => {
    (async () => {
      // Pages until the end, so that a long thread arrives whole and a short one in one request.
      for (;;) {
        const page = (await control.listMessages({ params: { sid }, query: { after: last.current, limit: PAGE } })) as { items: Message[]; total: number };
        if (!mounted.current) return;
        for (const m of page.items) last.current = Math.max(last.current, m.index);
        merge(page.items);
        setError(null);
        if (page.items.length < PAGE) return;
      }
    })().catch((e: Error) => mounted.current && setError(e.message));
  }, [sid, version]);
  return { messages, error, merge };
}

/** The server's limit (behaviour §16): 1,600 characters after trimming, counted as code points, not UTF-16 units. */
export const MESSAGE_MAX = 1600;
export const characters = (text: string) => [...text.trim()].length;

export function Conversation({ c }: { c: ConsultationView }) {
  const { messages, error, merge } = useThread(c.sid);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const closed = closedReason(c);
  const count = characters(text);
  const over = count - MESSAGE_MAX;

  // Follow the newest message, unless the vet scrolled up to read an older one.
  const atBottom = useRef(true);
  useEffect(() => {
    const el = list.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [messages]);

  const send = async () => {
    const body = text.trim();
    if (!body || sending || closed) return;
    // Refused here, with the count, rather than cut: the server would refuse it too (422).
    if (over > 0) return void box.current?.focus();
    setSending(true);
    try {
      const m = (await control.postMessage({ params: { sid: c.sid }, body: { author: 'vet', body } })) as Message;
      merge([m]);
      atBottom.current = true;
      setText('');
      setSendError(null);
    } catch (e) {
      const reason = e instanceof ApiError && e.code === 'consultation_closed' ? `The chat takes no more messages: ${e.message}` : (e as Error).message;
      setSendError(`Not sent. ${reason}`);
    } finally {
      setSending(false);
      box.current?.focus();
    }
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter is a new line (as on the owner's page); never mid-composition of an input method.
    if (e.key !== 'Enter' || e.shiftKey || e.altKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    void send();
  };
  const fill = (reply: string) => {
    setText(reply);
    setSendError(null);
    box.current?.focus();
  };
  const note = over > 0
    ? `Too long: ${count.toLocaleString('en-US')} characters, and a message holds at most ${MESSAGE_MAX.toLocaleString('en-US')}. Shorten it by ${over.toLocaleString('en-US')}.`
    : sendError ?? 'Enter sends, Shift+Enter starts a new line. Messages go to the owner’s page within a second.';
  const alert = over > 0 || !!sendError;

  return (
    <section className="conversation" aria-label="Conversation" data-testid="conversation">
      {error && <p className="error-text small">The thread could not be loaded: {error}</p>}
      <ol
        className="thread" ref={list} aria-live="polite" aria-label={`Thread, ${messages.length} message${messages.length === 1 ? '' : 's'}`} tabIndex={0} data-testid="thread"
        onScroll={(e) => {
          const el = e.currentTarget;
          atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        }}
      >
        {messages.length === 0 && <li className="thread-empty muted">No messages yet.</li>}
        {messages.map((m) => (
          <li key={m.index} className={`msg ${m.author}`} data-testid="message" data-author={m.author} data-index={m.index}>
            <span className="msg-meta">
              <b>{m.author_name}</b> <span className="muted">{m.author === 'system' ? '' : `${m.author} · `}<time dateTime={m.created_at}>{m.created_at.slice(11, 19)}</time></span>
            </span>
            <span className="msg-body">{m.body}</span>
          </li>
        ))}
      </ol>
      {closed ? (
        <p className="muted small composer-closed" data-testid="composer-note">{closed}</p>
      ) : (
        <form className="composer" aria-label="Write as the vet" onSubmit={(e) => (e.preventDefault(), void send())} data-testid="composer">
          <div className="quick-replies" role="group" aria-label="Quick replies">
            {quickReplies(c).map((r) => (
              <button key={r} type="button" className="btn small quick" onClick={() => fill(r)} title="Put this text in the message box">
                {r}
              </button>
            ))}
          </div>
          <div className="composer-row">
            <label className="sr-only" htmlFor={`message-${c.sid}`}>Message</label>
            <textarea
              id={`message-${c.sid}`} ref={box} rows={2} value={text} data-focus="composer"
              placeholder={`Write to ${c.user?.first_name ?? 'the owner'} as ${c.vet?.first_name ?? 'the vet'}…`}
              aria-describedby={`composer-note-${c.sid} composer-count-${c.sid}`} aria-invalid={over > 0 || undefined}
              onChange={(e) => (setText(e.target.value), setSendError(null))} onKeyDown={onKey}
            />
            <button type="submit" className="btn primary" disabled={sending || !text.trim() || over > 0}>{sending ? 'Sending…' : 'Send'}</button>
          </div>
          <div className="composer-foot">
            <p id={`composer-note-${c.sid}`} className={alert ? 'error-text small' : 'muted small'} role={alert ? 'alert' : undefined} data-testid="composer-note">{note}</p>
            <span id={`composer-count-${c.sid}`} className={over > 0 ? 'composer-count error-text small' : 'composer-count muted small'} data-testid="composer-count">
              {count.toLocaleString('en-US')} / {MESSAGE_MAX.toLocaleString('en-US')}
            </span>
          </div>
        </form>
      )}
    </section>
  );
}
