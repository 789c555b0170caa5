// B6 with `export=csv`: the payment rows as a CSV attachment, one header line, CRLF line ends.
import { nowStamp } from '../../domain/context';
import { Attachment, type PartnerContext } from '../endpoint';
import type { paymentRow } from './serializers';

const CSV_COLUMNS = ['payment_id', 'amount', 'user_id', 'status', 'email', 'first_name', 'last_name', 'next_emergency_activation_date', 'payment_initiated_time', 'role', 'package_name', 'package_type'] as const;

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v);
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s; // no formula injection when opened in a spreadsheet
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function paymentsCsv(rows: ReturnType<typeof paymentRow>[], c: PartnerContext): Attachment {
  const csv = [CSV_COLUMNS.join(','), ...rows.map((row) => CSV_COLUMNS.map((col) => csvCell(row[col])).join(','))].join('\r\n') + '\r\n';
  return new Attachment('text/csv; charset=utf-8', csv, `payments-${c.app.name}-${nowStamp(c.ctx).slice(0, 10)}.csv`);
}
