// The pet owner's page (behaviour §16): opened from the partner's app as
// /<app name>/main/talk-to-vet?data=<stringify_response>, on any device — a phone on the LAN included.
// Its own bundle, no React and nothing shared with the tester UI, because other hosts may fetch only
// /__sim/assets/owner-* and a phone should not download the tester's code. It polls twice a second, which
// keeps new messages under a second old without a connection the phone's browser may drop.
import './owner.css';
import type { Message } from '../src/store/shared';
import {
  FINISHED, NOTE, addMessages, els, fitText, renderBrand, renderCall, renderConsultation, setComposer, setState, showFatal, updateCount, updateSend,
  type Consultation,
} from './view';

const POLL_MS = 500;
/** In a background tab, or once the consultation is over, a slow poll is enough and spares the battery. */
const IDLE_POLL_MS = 5000;

class ApiError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

/** The token from the link's `data` (the partner API's stringify_response), or a sentence saying what is wrong. */
function readToken(): { token: string; sid: string } | { problem: string } {
  const raw = new URLSearchParams(location.search).get('data');
  if (!raw) return { problem: 'This link does not say which consultation to open (it has no data). Open the chat again from the app.' };
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { problem: 'This link is damaged: the consultation data in it cannot be read. Open the chat again from the app.' };
  }
  const token = (data as { rtcToken?: unknown } | null)?.rtcToken;
  if (typeof token !== 'string' || !token) return { problem: 'This link has no access token for the consultation. Open the chat again from the app.' };
  const sid = grantedSid(token);
  if (!sid) return { problem: 'This link\'s access token names no consultation (it is not from a talk-to-vet answer). Open the chat again from the app.' };
  return { token, sid };
}

/**
 * The channel or room the token grants, read from its payload (the server checks the signature): the page
 * names the consultation in its calls, and the server refuses a token that does not grant that one.
 */
function grantedSid(token: string): string | undefined {
  try {
    const payload = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    const grants = (JSON.parse(atob(payload)) as { grants?: { chat?: { channel_sid?: unknown }; video?: { room?: unknown } } }).grants;
    const sid = grants?.chat?.channel_sid ?? grants?.video?.room;
    return typeof sid === 'string' && /^[A-Za-z0-9]+$/.test(sid) ? sid : undefined;
  } catch {
    return undefined;
  }
}

// The page's API sits under its own path: /<app name>/main/talk-to-vet/api/…
const API = `${location.pathname.replace(/\/+$/, '')}/api`;

async function call<T>(token: string, method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
  const res = await fetch(`${API}/${path}`, {
    method,
    cache: 'no-store',
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  let data: unknown;
  try {
    data = await res.json();
  } catch {
    data = undefined; // a proxy's HTML error page: the status still says enough
  }
  if (!res.ok) {
    const err = (data as { error?: { code?: string; message?: string } } | undefined)?.error;
    throw new ApiError(res.status, err?.code ?? 'error', err?.message ?? `The server answered ${res.status}.`);
  }
  return data as T;
}

/** 401/403: the token is not (or no longer) good for this consultation. Nothing more is sent with it. */
function refusal(e: ApiError): [string, string] {
  if (e.status === 401) return ['This link no longer works', `The server did not accept its access token (${e.message}). Open the chat again from the app to get a new link.`];
  if (e.status === 403) return ['No access to this consultation', `This link's access token does not give access to this consultation (${e.message}). Open the chat again from the app.`];
  return ['Consultation not found', `There is no such consultation any more (${e.message}). It may have been removed; open the chat again from the app.`];
}

function start(token: string, sid: string): void {
  let consultation: Consultation | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight = false;
  let stopped = false;
  let sending = false;
  /**
   * The newest index a poll has returned. Only polls move it: a poll returns every message after it, but the
   * answer to Send can be ahead of a vet's message not polled yet, which `after` must not skip.
   */
  let polled = 0;
  /** Why the last message was not sent; it stays under the box until the owner edits or sends. */
  let sendError: string | null = null;

  const stop = (e: ApiError) => {
    stopped = true;
    clearTimeout(timer);
    showFatal(...refusal(e));
  };

  /** The simulator clock minus this device's (the clock may be moved): a call's timer runs on the simulator's. */
  let clockOffset = 0;
  const apply = (c: Consultation, messages: Message[]) => {
    consultation = c;
    renderConsultation(c);
    renderCall(c, Date.now() + clockOffset);
    addMessages(messages);
    if (sending) return; // the answer to Send sets the composer; a poll meanwhile must not re-enable it
    if (c.type === 'video') setComposer('hidden');
    else if (c.status === 'ended') setComposer('closed', 'The chat has ended: messages can no longer be sent.');
    else setComposer('open', updateCount() ?? sendError ?? NOTE); // a too-long text keeps its refusal under the box
  };

  const schedule = () => {
    clearTimeout(timer);
    if (stopped) return;
    const idle = document.hidden || (consultation !== undefined && FINISHED.has(consultation.status));
    timer = setTimeout(poll, idle ? IDLE_POLL_MS : POLL_MS);
  };

  async function poll(): Promise<void> {
    if (inFlight || stopped) return;
    inFlight = true;
    try {
      const snap = await call<{ consultation: Consultation; messages: Message[]; app?: { display_name: string }; now?: string }>(token, 'GET', `consultations/${sid}?after=${polled}`);
      for (const m of snap.messages) polled = Math.max(polled, m.index);
      if (snap.now && Number.isFinite(Date.parse(snap.now))) clockOffset = Date.parse(snap.now) - Date.now();
      renderBrand(snap.app?.display_name);
      apply(snap.consultation, snap.messages);
    } catch (e) {
      if (e instanceof ApiError && [401, 403, 404].includes(e.status)) return stop(e);
      // The server restarting or the phone changing networks: say so, keep what is shown, keep trying.
      setState(e instanceof ApiError ? `The server answered ${e.status} (${e.message}). Trying again…` : 'No connection to the server. Trying again…', 'offline');
    } finally {
      inFlight = false;
      schedule();
    }
  }

  els.form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const body = els.text.value.trim();
    if (!body || sending || els.text.disabled || updateCount()) return; // too long: refused here, with the count
    sending = true;
    updateSend(true);
    try {
      const m = await call<Message>(token, 'POST', `consultations/${sid}/messages`, { body });
      els.text.value = '';
      updateCount();
      fitText();
      addMessages([m], true);
      sendError = null;
      setComposer('open', NOTE);
    } catch (e) {
      if (e instanceof ApiError && [401, 403, 404].includes(e.status)) return stop(e);
      if (e instanceof ApiError && e.status === 409) {
        setComposer('closed', `Not sent: ${e.message}`);
        void poll(); // the new state says why (the chat ended meanwhile)
      } else {
        // The text stays in the box, so trying again is one key.
        sendError = e instanceof ApiError ? `Not sent: ${e.message}` : 'Not sent: no connection to the server. Try again.';
        setComposer('open', sendError);
      }
    } finally {
      sending = false;
      updateSend();
      if (!els.text.disabled) els.text.focus();
    }
  });
  els.text.addEventListener('keydown', (ev) => {
    // Enter sends, Shift+Enter is a new line; never while an input method is still composing a word.
    if (ev.key !== 'Enter' || ev.shiftKey || ev.isComposing) return;
    ev.preventDefault();
    els.form.requestSubmit();
  });
  els.text.addEventListener('input', () => {
    if (sendError) {
      sendError = null;
      setComposer('open', NOTE);
    }
    // Counted as the server counts (code points, after trimming); over 1,600 the note says so and Send waits.
    const tooLong = updateCount();
    els.note.classList.toggle('over', !!tooLong);
    els.note.setAttribute('role', tooLong ? 'alert' : 'status');
    const text = tooLong ?? sendError ?? NOTE;
    if (els.note.textContent !== text) els.note.textContent = text;
    fitText();
    updateSend(sending);
  });
  // A call's timer ticks every second, between polls too.
  setInterval(() => {
    if (consultation?.type === 'video' && !stopped) renderCall(consultation, Date.now() + clockOffset);
  }, 1000);
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden && !stopped) void poll(); // back in front: catch up at once
  });
  void poll();
}

const found = readToken();
if ('token' in found) start(found.token, found.sid);
else showFatal('This link cannot open the chat', found.problem);
