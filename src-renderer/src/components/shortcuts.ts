// The keyboard shortcuts (issue 37), one table: the `?` overlay lists it and the one key handler below runs it.
// A letter alone works outside text fields; with Alt it works anywhere (in the message box too). Actions are the
// controls on screen marked `data-shortcut`: a shortcut does what its button does, and nothing the state forbids.
import { useStore } from '../store';
import { focusQueue } from '../screens/vet-focus';

export interface Shortcut { keys: string[]; does: string; code?: string }

export const SHORTCUTS: Shortcut[] = [
  { keys: ['Up', 'Down', 'Home', 'End'], does: 'Move through the queue (one list); Enter or Space opens the consultation' },
  { keys: ['Q'], does: 'Go to the queue', code: 'KeyQ' },
  { keys: ['A'], does: 'Accept the waiting chat or the ringing call', code: 'KeyA' },
  { keys: ['D'], does: 'Decline the ringing call', code: 'KeyD' },
  { keys: ['N'], does: 'Mark the ringing call not answered', code: 'KeyN' },
  { keys: ['E'], does: 'End the chat or the call', code: 'KeyE' },
  { keys: ['F'], does: 'Go to the feedback form', code: 'KeyF' },
  { keys: ['Enter'], does: 'In the message box: send (Shift+Enter: a new line)' },
  { keys: ['Ctrl', 'Enter'], does: 'In the feedback form: save it' },
  { keys: ['/'], does: 'Search the request log' },
  { keys: ['?'], does: 'Show this list' },
  { keys: ['Esc'], does: 'Close this list or a confirmation' },
];

const isField = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));

const shown = (el: HTMLElement | null): el is HTMLElement => !!el && el.offsetParent !== null && !(el as HTMLButtonElement).disabled;

/** After the screen switched tabs, the element exists one frame later. */
const afterRender = (fn: () => void) => requestAnimationFrame(() => requestAnimationFrame(fn));

function focusLogSearch(): void {
  const s = useStore.getState();
  if (s.tab !== 'requests') s.setTab('requests');
  afterRender(() => {
    const input = document.querySelector<HTMLInputElement>('input[aria-label="Filter requests"]');
    input?.focus();
    input?.select();
  });
}

function goToQueue(): void {
  const s = useStore.getState();
  if (s.tab !== 'vet') s.setTab('vet');
  // The queue's items arrive with its first fetch: try for up to a second, then leave the focus where it is.
  const deadline = performance.now() + 1000;
  const attempt = () => {
    if (!focusQueue() && performance.now() < deadline) setTimeout(attempt, 50);
  };
  afterRender(attempt);
}

/** Runs the shortcut of this key press; true when it did something (the press is then consumed). */
export function runShortcut(e: KeyboardEvent, openHelp: () => void): boolean {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.isComposing) return false;
  // A modal (this list, a confirmation) keeps its keys to itself.
  if (document.querySelector('[aria-modal=true], [role=alertdialog]')) return false;
  const inField = isField(e.target);
  if (inField && !e.altKey) return false;
  if (e.key === '?' && !inField) return openHelp(), true;
  if (e.key === '/' && !e.altKey) return focusLogSearch(), true;
  const letter = /^Key([A-Z])$/.exec(e.code)?.[1]?.toLowerCase();
  if (!letter || (e.shiftKey && !e.altKey)) return false;
  if (letter === 'q') return goToQueue(), true;
  if (letter === 'f') {
    const field = document.querySelector<HTMLElement>('[data-focus=feedback]');
    if (shown(field)) return field.focus(), true;
  }
  const control = document.querySelector<HTMLElement>(`[data-shortcut="${letter}"]`);
  if (!shown(control)) return false;
  control.click();
  return true;
}
