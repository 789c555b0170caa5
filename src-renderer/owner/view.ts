// What the owner's page shows: the vet, the pet, the consultation's state and the thread. Plain DOM, and
// only textContent for anything that came from the server or the link (a message is never markup).
import type { Message } from '../src/store/shared';

export type Status = 'waiting' | 'active' | 'ended' | 'ringing' | 'accepted' | 'declined' | 'notanswered' | 'completed';
export interface Vet { username: string; first_name: string; last_name: string; profile_image: string | null }
export interface Consultation { sid: string; type: 'chat' | 'video'; status: Status; vet: Vet | null; pet: { name: string; species: string | null } | null }

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
export const els = {
  avatar: $<HTMLSpanElement>('avatar'),
  title: $<HTMLHeadingElement>('title'),
  subtitle: $<HTMLParagraphElement>('subtitle'),
  state: $<HTMLParagraphElement>('state'),
  thread: $<HTMLOListElement>('thread'),
  form: $<HTMLFormElement>('composer'),
  text: $<HTMLTextAreaElement>('message'),
  send: $<HTMLButtonElement>('send'),
  note: $<HTMLParagraphElement>('composer-note'),
};

/** The words and the badge for each state, from the owner's side of the conversation. */
const STATES: Record<Status, [badge: string, sentence: string]> = {
  waiting: ['Waiting', 'Waiting for a vet to join. You can already write.'],
  active: ['Active', 'The vet has joined the chat.'],
  ended: ['Ended', 'This chat has ended.'],
  ringing: ['Ringing', 'Calling the vet…'],
  accepted: ['In call', 'The vet accepted the call. The call is in progress.'],
  declined: ['Declined', 'The vet declined the call.'],
  notanswered: ['Not answered', 'The call was not answered.'],
  completed: ['Completed', 'The call has ended.'],
};
/** States after which nothing more happens to the consultation. */
export const FINISHED: ReadonlySet<Status> = new Set(['ended', 'declined', 'notanswered', 'completed']);
export const NOTE = 'Enter sends, Shift+Enter starts a new line.';

const vetName = (v: Vet) => [v.first_name, v.last_name].filter(Boolean).join(' ') || v.username;
const initials = (v: Vet) => ((v.first_name?.[0] ?? '') + (v.last_name?.[0] ?? '')).toUpperCase() || v.username.slice(0, 1).toUpperCase();

let shownAvatar: string | undefined;
function renderAvatar(v: Vet | null): void {
  const photo = v?.profile_image ?? null;
  const key = v ? `${initials(v)}|${photo ?? ''}` : '';
  if (key === shownAvatar) return; // the poll repeats it twice a second: no flicker, no second download
  shownAvatar = key;
  els.avatar.replaceChildren(v ? initials(v) : ''); // empty: the stylesheet's cross, as before a vet is assigned
  if (!photo || !v) return;
  const img = document.createElement('img');
  img.alt = ''; // the name is beside it, and the whole avatar is hidden from screen readers
  img.decoding = 'async';
  img.src = photo;
  // A photo on a host the phone cannot reach (or one the page's policy blocks) leaves the initials.
  img.addEventListener('load', () => els.avatar.replaceChildren(img));
}

export function renderConsultation(c: Consultation): void {
  renderAvatar(c.vet);
  const call = c.type === 'video';
  const title = c.vet ? `${call ? 'Video call' : 'Chat'} with ${vetName(c.vet)}` : call ? 'Video call with a vet' : 'Chat with a vet';
  if (els.title.textContent !== title) (els.title.textContent = title), (document.title = title);
  const pet = c.pet ? `about ${c.pet.name}${c.pet.species ? ` (${c.pet.species})` : ''}` : '';
  els.subtitle.textContent = [c.vet ? `@${c.vet.username}` : 'No vet assigned yet', pet].filter(Boolean).join(' · ');
  const [badge, sentence] = STATES[c.status] ?? [c.status, `Status: ${c.status}`];
  setState(sentence, 'status', badge, c.status);
  document.body.classList.toggle('call', call);
}

/**
 * The one line that says where things stand (a live region: a call going from ringing to accepted is
 * read out). Touched only when it changes, so a poll twice a second never re-announces it.
 */
export function setState(text: string, kind: 'status' | 'error' | 'offline', badge?: string, status?: string): void {
  const key = `${kind}|${badge ?? ''}|${text}`;
  if (els.state.dataset.key === key) return;
  els.state.dataset.key = key;
  els.state.className = `state ${kind}`;
  const parts: Node[] = [];
  if (badge) {
    const pill = document.createElement('span');
    pill.className = `pill ${status ?? ''}`;
    pill.textContent = badge;
    parts.push(pill, document.createTextNode(' '));
  }
  parts.push(document.createTextNode(text));
  els.state.replaceChildren(...parts);
}

/** A readable page instead of the conversation: the link is broken, or the server refused the token. */
export function showFatal(title: string, detail: string): void {
  els.title.textContent = title;
  document.title = title;
  els.subtitle.textContent = 'Not connected';
  setState(detail, 'error');
  els.state.setAttribute('role', 'alert');
  document.body.classList.add('fatal');
  setComposer('hidden');
}

const byIndex = new Map<number, HTMLLIElement>();
const timeOf = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
};

function messageItem(m: Message): HTMLLIElement {
  const li = document.createElement('li');
  li.className = `msg ${m.author}`;
  li.dataset.index = String(m.index);
  li.dataset.author = m.author;
  const meta = document.createElement('p');
  meta.className = 'meta';
  const who = document.createElement('span');
  who.className = 'author';
  who.textContent = m.author === 'owner' ? 'You' : m.author_name;
  const time = document.createElement('time');
  time.dateTime = m.created_at;
  time.textContent = timeOf(m.created_at);
  meta.append(who, ' ', time);
  const body = document.createElement('p');
  body.className = 'body';
  body.textContent = m.body;
  li.append(meta, body);
  return li;
}

/** Adds the messages not shown yet, in index order, and follows the newest one if the reader was at the bottom. */
export function addMessages(list: Message[], follow = false): number {
  const t = els.thread;
  const atBottom = t.scrollHeight - t.scrollTop - t.clientHeight < 80;
  let added = 0;
  for (const m of list) {
    if (byIndex.has(m.index)) continue; // a sent message also comes back with the next poll
    const li = messageItem(m);
    const next = [...byIndex.keys()].filter((i) => i > m.index).sort((a, b) => a - b)[0];
    t.insertBefore(li, next === undefined ? null : byIndex.get(next)!);
    byIndex.set(m.index, li);
    added++;
  }
  if (added) {
    t.classList.remove('empty');
    if (atBottom || follow) t.scrollTop = t.scrollHeight;
  }
  return added;
}


/** open: the owner can write; closed: shown but disabled, with the reason; hidden: a call has no composer. */
export function setComposer(mode: 'open' | 'closed' | 'hidden', reason = NOTE): void {
  els.form.hidden = mode === 'hidden';
  els.form.classList.toggle('closed', mode === 'closed');
  els.text.disabled = mode !== 'open';
  if (els.note.textContent !== reason) els.note.textContent = reason;
  updateSend();
}

export function updateSend(sending = false): void {
  els.send.disabled = els.text.disabled || sending || !els.text.value.trim();
  els.send.textContent = sending ? 'Sending…' : 'Send';
}

/** Grows the box with its text, up to a few lines (then it scrolls), so a long message stays readable. */
export function fitText(): void {
  els.text.style.height = 'auto';
  els.text.style.height = `${Math.min(els.text.scrollHeight + 2, 140)}px`;
}
