// Masking by what a value looks like, not what its key is called (issue 29 item 6): a payment card number
// sent under a key no list names (`pan`, `cardNo`, a free-text note) is still a card number. A card is 13–19
// digits, single spaces or dashes between them allowed, that pass the Luhn check (so an order id or a phone
// number rarely matches); a CVC is a 3–4 digit value under a key beside such a number, unless the key names
// what such short numbers usually are (an expiry year, a zip code, an id).

export const MASK = '***';

/** Luhn's check over a string of digits (what card numbers carry, and most other long numbers do not). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = digits.length - 1, double = false; i >= 0; i--, double = !double) {
    let d = digits.charCodeAt(i) - 48;
    if (double && (d *= 2) > 9) d -= 9;
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * A run of 13–19 digits with at most one space or dash between two of them, not part of a longer number
 * (no digit on either side, and not the fraction of a decimal: `0.4242…` is a measurement, not a card).
 */
const CARD_RUN = /(?<![\d.])\d(?:[ -]?\d){12,18}(?!\d|\.\d)/g;

const isCard = (run: string) => luhnValid(run.replace(/[ -]/g, ''));

/**
 * The run with its card masked. A run that is no card as a whole may still hold one between its separators:
 * "4111 1111 1111 1111 123" (a card, then its CVC, typed in a note) or a body cut just after a card is one
 * 19-digit run that fails Luhn's check. Its groups (split at the separators, at most 19) are tried as every
 * span of 13–19 digits, longest first: the first that is a card is masked, the digits around it stay.
 */
function maskRun(run: string): string {
  if (/\d/.test(run) && isCard(run)) return MASK;
  const groups = run.split(/([ -])/); // digits, separator, digits, …
  for (let from = 0; from < groups.length; from += 2) {
    for (let to = groups.length - 1; to >= from; to -= 2) {
      if (from === 0 && to === groups.length - 1) continue; // the whole run: not a card
      const digits = groups.slice(from, to + 1).join('').replace(/[ -]/g, '');
      if (digits.length >= 13 && digits.length <= 19 && luhnValid(digits))
        return groups.slice(0, from).join('') + MASK + (to + 1 < groups.length ? maskRun(groups.slice(to + 1).join('')) : '');
    }
  }
  return run;
}

/** Whether a text holds a card number anywhere. */
export function holdsCard(text: string): boolean {
  CARD_RUN.lastIndex = 0;
  for (let m = CARD_RUN.exec(text); m; m = CARD_RUN.exec(text)) if (maskRun(m[0]) !== m[0]) return true;
  return false;
}

/** Every card number in a text becomes `***`; everything around it stays as it was. */
export function maskCards(text: string): string {
  // Most bodies hold no four digits in a row (a separator allowed between): no card can be there, no copy is made.
  if (!/\d[ -]?\d[ -]?\d[ -]?\d/.test(text)) return text;
  return text.replace(CARD_RUN, maskRun);
}

/** Words of a key (`exp_year`, `expYear`, `card[exp-year]` → exp, year) that say a short number is no CVC. */
const NOT_A_CVC = new Set([
  'exp', 'expiry', 'expires', 'expiration', 'year', 'yr', 'yy', 'yyyy', 'month', 'mm', 'date', 'dob',
  'zip', 'postal', 'postcode', 'id', 'page', 'count', 'qty', 'quantity', 'price', 'amount', 'age', 'weight',
]);

/** Whether `value`, under `key`, beside a card number, is that card's CVC. */
export function isCvcBeside(key: string, value: unknown): boolean {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{3,4}$/.test(text)) return false;
  const words = key.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase().split(/[^a-z0-9]+/);
  return !words.some((w) => NOT_A_CVC.has(w));
}

/** The parent of a form field (`card[cvc]` → `card`, `cvc` → ``): fields with one parent are beside each other. */
export function parentOf(name: string): string {
  const open = name.lastIndexOf('[');
  return open > 0 && name.endsWith(']') ? name.slice(0, open) : '';
}

/** The last segment of a form field's name (`card[cvc]` → `cvc`). */
export function leafOf(name: string): string {
  const open = name.lastIndexOf('[');
  return open > 0 && name.endsWith(']') ? name.slice(open + 1, -1) : name;
}

/**
 * Name/value fields (a form, a query string, multipart fields) masked by shape: card numbers in any value,
 * and a CVC-like value beside a field that held one. `secret` says which values the key rules already mask.
 */
export function maskFieldsByShape(fields: readonly (readonly [string, string])[], secret: (name: string) => boolean): string[] {
  const withCard = new Set<string>();
  // A card under a secret key (`number`) still puts its CVC beside it, whatever that key is called.
  for (const [name, value] of fields) if (holdsCard(value)) withCard.add(parentOf(name));
  return fields.map(([name, value]) => {
    if (secret(name)) return MASK;
    if (withCard.has(parentOf(name)) && isCvcBeside(leafOf(name), value)) return MASK;
    return maskCards(value);
  });
}
