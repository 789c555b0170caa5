// Where the keyboard goes after each vet action (issue 37): never to <body>. An action asks for a target; the
// consultation view moves focus there once the answer is rendered (the button that was pressed may be gone).
export type FocusTarget = 'primary' | 'composer' | 'feedback' | 'queue';

let pending: { sid: string; target: FocusTarget } | null = null;

/** Asks for focus on `target` of consultation `sid` at its next render. */
export function focusSoon(sid: string, target: FocusTarget): void {
  pending = { sid, target };
}

/** The target asked for this consultation, once. */
export function takeFocus(sid: string): FocusTarget | null {
  if (!pending || pending.sid !== sid) return null;
  const { target } = pending;
  pending = null;
  return target;
}

const visible = (el: Element | null): el is HTMLElement => !!el && (el as HTMLElement).offsetParent !== null && !(el as HTMLButtonElement).disabled;

/** The queue's current item (the roving tab stop), else its first. */
export function focusQueue(): boolean {
  const item = document.querySelector<HTMLElement>('[data-testid=queue-item][tabindex="0"]') ?? document.querySelector<HTMLElement>('[data-testid=queue-item]');
  item?.focus();
  return !!item;
}

/**
 * Focuses the most useful control for `target`, falling back along the order of the task: the state's primary
 * action, the message box, the feedback form, the first action, the thread, the queue.
 */
let generation = 0;

export function focusIn(root: HTMLElement, target: FocusTarget): void {
  const mine = ++generation; // a later request (the next action) ends this one's watch
  place(root, target);
  // The answer's render may be followed by a refetch that rebuilds the control (the feedback form moves from the
  // rail to the bottom once a chat ends): for a moment after, focus that fell to <body> is put back.
  const until = performance.now() + 1500;
  const watch = () => {
    if (performance.now() > until || mine !== generation) return;
    const now = document.activeElement;
    if (!now || now === document.body) {
      const view = document.querySelector<HTMLElement>('[data-testid=consultation-detail]');
      if (view) place(view, target);
      return;
    }
    if (root.contains(now) || now.closest('[data-testid=consultation-detail]')) requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
}

function place(root: HTMLElement, target: FocusTarget): void {
  if (target === 'queue' && focusQueue()) return;
  const order: string[] = {
    primary: ['[data-primary]', '[data-focus=composer]', '[data-focus=feedback]'],
    composer: ['[data-focus=composer]', '[data-primary]', '[data-focus=feedback]'],
    feedback: ['[data-focus=feedback]', '[data-primary]', '[data-focus=composer]'],
    queue: [],
  }[target];
  for (const sel of [...order, '.consult-toolbar button', '[data-testid=thread]', '[data-testid=call-stage]']) {
    const el = root.querySelector(sel);
    if (visible(el)) return el.focus();
  }
  focusQueue();
}
