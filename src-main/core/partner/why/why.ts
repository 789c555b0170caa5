// The why of a refused partner call (issue 37): a sentence and labelled details for the tester, recorded beside
// the call's journal entry and never sent to the client. Secrets never appear in it: a password or a token is
// described (its length, whose it is), never shown.
import type { JournalEntry } from '../../../../src-shared/control';
import { isSecretKey, MASK, maskBody, maskCards } from '../../journal';

export type Why = NonNullable<JournalEntry['why']>;
export type WhyDetail = Why['details'][number];

export const why = (summary: string, details: WhyDetail[] = []): Why => ({ summary, details });
export const detail = (label: string, text: string): WhyDetail => ({ label, text });

/** The longest value a why quotes; longer ones are cut with a note. */
const MAX_QUOTED = 120;

/** A value received, as the why quotes it: JSON, cut, masked under a secret's name and, as the journal does, by shape (a card). */
export function quoted(value: unknown, name = ''): string {
  return maskCards(quotedAsIs(value, name));
}

function quotedAsIs(value: unknown, name: string): string {
  if (value === undefined) return 'nothing (the field was absent)';
  if (name && isSecretKey(name.split('.').pop()!)) return `${MASK} (a secret, not shown)`;
  // A long string is cut before it is quoted: a refused body can be a megabyte.
  if (typeof value === 'string' && value.length > MAX_QUOTED) return `${JSON.stringify(value.slice(0, MAX_QUOTED))}… (${value.length} characters)`;
  let text: string;
  try {
    // An object or a list is masked by key as the journal masks a body (`pet.password`, `card[number]`).
    text = JSON.stringify(typeof value === 'object' && value !== null ? maskBody(value) : value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED)}… (${text.length} characters)` : text;
}

/** `a, b and c`. */
export const listed = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
