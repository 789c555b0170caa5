// Test-card payments and the package catalogue (behaviour §10).
import { readFileSync } from 'node:fs';
import type { AppRecord } from '../../../src-shared/control';
import type { PackageRow } from '../db/repositories/types';
import { parseTimestamp, type SimClock } from '../clock';
import { isNumeric } from '../../../src-shared/schemas/php-values';
import { DomainError, validation } from '../errors';
import type { Tx } from './context';

export const DECLINED = new Map([
  ['4000000000000002', 'Your card was declined.'],
  ['4000000000009995', 'Your card has insufficient funds.'],
]);

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) (d *= 2), d > 9 && (d -= 9);
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'card';
}

/**
 * Cents as the payment row's `amount` (`9.99`, `-5.00`). What `numeric` accepts may be far past any price
 * (`1e300`): such an amount is still written in digits, never `1e+300` or `Infinity`.
 */
export function amountText(cents: number): string {
  if (!Number.isFinite(cents)) return cents < 0 ? '-INF' : 'INF'; // PHP's own spelling of a float past its range
  if (Math.abs(cents) < 1e15) return (cents / 100).toFixed(2);
  const digits = BigInt(cents).toString(); // a whole number of cents this large: exact as the float holds it
  const sign = digits.startsWith('-') ? '-' : '';
  const abs = digits.replace('-', '');
  return `${sign}${abs.slice(0, -2)}.${abs.slice(-2)}`;
}

export interface Card { number: string; exp_month: string; exp_year: string; cvc: string }
export interface Charge { amount: string; package: PackageRow; addOn?: PackageRow; brand: string; last4: string }

export function paymentService({ clock }: { clock: SimClock }) {
  return {
    /** Adds whichever package of the catalogue file is missing. */
    seedCatalogue(tx: Tx, file: string): void {
      const items = JSON.parse(readFileSync(file, 'utf8')) as PackageRow[];
      for (const p of items) if (!tx.payments.packageById(p.id)) tx.payments.upsertPackage(p);
    },
    /**
     * Validates card and package fields (422 with every broken rule), then charges the
     * test card (402 for the declining ones). Nothing is written here: the caller
     * records the payment in the same transaction as the user it creates.
     */
    charge(tx: Tx, body: Card & { package_id: string; price: string; is_addOn: boolean; addOn_package_id: string; addOn_price: string }): Charge {
      const errors: string[] = [];
      const number = body.number.replace(/[\s-]/g, '');
      if (!luhnValid(number)) errors.push('The number is not a valid card number.');
      const month = Number(body.exp_month);
      if (!/^\d{1,2}$/.test(body.exp_month) || month < 1 || month > 12) errors.push('The exp month must be between 1 and 12.');
      let year = Number(body.exp_year);
      if (!/^\d{2}(\d{2})?$/.test(body.exp_year)) errors.push('The exp year must be a 2 or 4 digit year.');
      else if (year < 100) year += 2000;
      if (!errors.length) {
        const now = clock.now();
        const expired = year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
        if (expired) errors.push('The card has expired.');
      }
      // Laravel's digits_between:3,4 (digits only, 3 or 4 of them), in its own words.
      if (!/^\d{3,4}$/.test(body.cvc)) errors.push('The cvc must be between 3 and 4 digits.');
      const pkg = tx.payments.packageById(body.package_id);
      if (!pkg) errors.push('The selected package id is invalid.');
      // Laravel's `numeric` is PHP's is_numeric: `-5`, `+5`, `1e3`, `.5` are numbers.
      if (!isNumeric(body.price)) errors.push('The price must be a number.');
      const addOnWanted = body.is_addOn; // read by the schema (booleanLike), the one boolean reading of the API
      const addOn = addOnWanted ? tx.payments.packageById(body.addOn_package_id) : undefined;
      if (addOnWanted && !addOn) errors.push('The selected add on package id is invalid.');
      if (addOnWanted && !isNumeric(body.addOn_price)) errors.push('The add on price must be a number.');
      if (errors.length) throw validation(...errors);
      const declined = DECLINED.get(number);
      if (declined) throw new DomainError(402, [declined]);
      const cents = Math.round(Number(body.price) * 100) + (addOnWanted ? Math.round(Number(body.addOn_price) * 100) : 0);
      return { amount: amountText(cents), package: pkg!, addOn, brand: cardBrand(number), last4: number.slice(-4) };
    },
    record(tx: Tx, app: AppRecord, user: { id: number; email: string; first_name: string; last_name: string | null; role: string }, charge: Charge, at: string): number {
      const id = tx.payments.insert({
        app_id: app.id, user_id: user.id, email: user.email, first_name: user.first_name, last_name: user.last_name,
        amount: charge.amount, status: 'succeeded', package_id: charge.package.id, package_name: charge.package.name,
        package_type: charge.package.type, role: user.role, card_brand: charge.brand, card_last4: charge.last4, failure_reason: null,
        initiated_at: at,
      });
      tx.events.state('payment', id, 'created');
      return id;
    },
    expired: (iso: string) => parseTimestamp(iso) < clock.nowMs(),
  };
}

export type PaymentService = ReturnType<typeof paymentService>;
