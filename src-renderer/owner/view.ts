// What the owner's page shows: the vet, the pet, the consultation's state and the thread. Plain DOM, and
// only textContent for anything that came from the server or the link (a message is never markup).
import type { Message } from '../src/store/shared';

export type Status = 'waiting' | 'active' | 'ended' | 'ringing' | 'accepted' | 'declined' | 'notanswered' | 'completed';
export interface Vet { username: string; first_name: string; last_name: string; profile_image: string | null }
export interface Consultation {
  sid: string; type: 'chat' | 'video'; status: Status; vet: Vet | null; pet: { name: string; species: string | null } | null;
  /** ISO 8601 (a server from before issue 37 sends none: the call then shows no timer). */
  created_at?: string; accepted_at?: string | null; ended_at?: string | null;
}

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
  count: $<HTMLSpanElement>('composer-count'),
  brand: $<HTMLParagraphElement>('brand'),
  call: $<HTMLElement>('call'),
  callTimer: $<HTMLParagraphElement>('call-timer'),
  callTiles: $<HTMLDivElement>('call-tiles'),
  tileVet: $<HTMLSpanElement>('tile-vet'),
  tileVetName: $<HTMLSpanElement>('tile-vet-name'),
  callNote: $<HTMLParagraphElement>('call-note'),
};

/** The partner app's name on the page (its users know the app, not the simulator). */
export function renderBrand(displayName: string | undefined): void {
  const text = displayName ? `${displayName} · Talk to a vet` : 'Talk to a vet';
  if (els.brand.textContent !== text) els.brand.textContent = text;
}

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
  if (els.title.textContent !== title) els.title.textContent = title;
  const tab = els.brand.textContent && els.brand.textContent !== 'Talk to a vet' ? `${title} — ${els.brand.textContent.split(' · ')[0]}` : title;
  if (document.title !== tab) document.title = tab;
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

/** The server's limit (behaviour §16): 1,600 characters after trimming, counted as code points. */
export const MESSAGE_MAX = 1600;
export const characters = (text: string) => [...text.trim()].length;
/** How far over the limit the box is (0 when it fits). */
export const overLimit = () => Math.max(0, characters(els.text.value) - MESSAGE_MAX);

/** The box's count, and the refusal under it once the text is too long (the text is never cut). */
export function updateCount(): string | null {
  const n = characters(els.text.value);
  els.count.textContent = `${n.toLocaleString('en-US')} / ${MESSAGE_MAX.toLocaleString('en-US')}`;
  const over = n - MESSAGE_MAX;
  els.count.classList.toggle('over', over > 0);
  return over > 0 ? `Too long: ${n.toLocaleString('en-US')} characters, and a message holds at most ${MESSAGE_MAX.toLocaleString('en-US')}. Shorten it by ${over.toLocaleString('en-US')}.` : null;
}

export function updateSend(sending = false): void {
  els.send.disabled = els.text.disabled || sending || !els.text.value.trim() || overLimit() > 0;
  els.send.textContent = sending ? 'Sending…' : 'Send';
}

/** Grows the box with its text, up to a few lines (then it scrolls), so a long message stays readable. */
export function fitText(): void {
  els.text.style.height = 'auto';
  els.text.style.height = `${Math.min(els.text.scrollHeight + 2, 140)}px`;
}

/** `75` → `01:15`; an hour or more → `1:01:15`. */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mm}:${ss}` : `${mm}:${ss}`;
}

/**
 * A video call on screen (issue 37): ringing, in call with a running timer and two placeholder tiles (no media is
 * simulated), ended with its outcome and how long it lasted. `now` is the simulator's clock, in epoch ms.
 */
export function renderCall(c: Consultation, now: number): void {
  const call = c.type === 'video';
  els.call.hidden = !call;
  document.body.classList.toggle('ringing', call && c.status === 'ringing');
  if (!call) return;
  const at = (iso: string | null | undefined) => (iso ? Date.parse(iso) : NaN);
  const show = (timer: string, tiles: boolean, note: string) => {
    if (els.callTimer.textContent !== timer) els.callTimer.textContent = timer;
    els.callTimer.hidden = !timer;
    els.callTiles.hidden = !tiles;
    if (els.callNote.textContent !== note) els.callNote.textContent = note;
  };
  const vet = c.vet ? vetName(c.vet) : 'The vet';
  if (els.tileVetName.textContent !== vet) els.tileVetName.textContent = vet;
  const face = c.vet ? initials(c.vet) : '?';
  if (els.tileVet.textContent !== face) els.tileVet.textContent = face;
  const rang = (now - at(c.created_at)) / 1000;
  if (c.status === 'ringing') return show(Number.isFinite(rang) ? duration(rang) : '', false, 'Waiting for the vet to answer.');
  if (c.status === 'accepted') {
    const inCall = (now - at(c.accepted_at ?? c.created_at)) / 1000;
    return show(Number.isFinite(inCall) ? duration(inCall) : '', true, 'No audio or video is simulated: the tiles stand for the two cameras.');
  }
  if (c.status === 'completed') {
    const lasted = (at(c.ended_at) - at(c.accepted_at)) / 1000;
    return show(Number.isFinite(lasted) ? `Lasted ${duration(lasted)}` : '', false, 'Thank you for calling.');
  }
  show('', false, c.status === 'declined' ? 'You can call again from the app.' : 'Nobody answered. You can call again from the app.');
}
