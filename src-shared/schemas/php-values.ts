// How PHP sees a decoded JSON value, for the Laravel rules that judge it (rule-chain.ts, fields.ts):
// its string form (`regex`, `max` on text), its size (`max`), `is_numeric` (`numeric`) and
// FILTER_VALIDATE_INT (`integer`). JSON objects decode to PHP arrays (Laravel reads JSON with assoc=true).

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** A PHP array: a JSON array or object. */
export const isPhpArray = (v: unknown): v is object => typeof v === 'object' && v !== null;

/**
 * `(string) $float` with PHP's `precision` of 14 (`%.14G`): `0.1`, `1.0E+25`, `1.0E-5`. An integral
 * number within 64 bits is read as the integer json_decode makes of it (JSON cannot say which it was).
 */
export function phpNumberString(n: number): string {
  if (!Number.isFinite(n)) return Number.isNaN(n) ? 'NAN' : n > 0 ? 'INF' : '-INF';
  if (Number.isInteger(n) && n >= -(2 ** 63) && n < 2 ** 63) return BigInt(n).toString();
  const [mantissa, e] = n.toExponential(13).split('e');
  const exp = Number(e);
  if (exp < -4 || exp >= 14) {
    const m = mantissa.replace(/0+$/, '').replace(/\.$/, '.0');
    return `${m}E${exp < 0 ? '-' : '+'}${Math.abs(exp)}`;
  }
  return n.toPrecision(14).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
}

/** What PHP's string cast gives a scalar (`true` → "1", `false` → ""); undefined for an array. */
export function phpString(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return phpNumberString(v);
  if (typeof v === 'boolean') return v ? '1' : '';
  return undefined;
}

/** Validator::getSize without a numeric rule: an array's count, else `mb_strlen` of the string form (code points). */
export function laravelSize(v: unknown): number {
  if (Array.isArray(v)) return v.length;
  if (isPhpArray(v)) return Object.keys(v).length;
  return [...(phpString(v) ?? '')].length;
}

/** PHP's `is_numeric` on a string: optional surrounding whitespace, a sign, `5`, `5.`, `.5`, an exponent. */
const NUMERIC_STRING = /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[ \t\n\r\v\f]*$/;

/** `is_numeric($value)` (Laravel's `numeric`): any JSON number, or a numeric string; never a boolean. */
export const isNumeric = (v: unknown): boolean =>
  (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && NUMERIC_STRING.test(v));

/**
 * `filter_var($value, FILTER_VALIDATE_INT)` (Laravel's `integer`): the integer, or undefined when PHP refuses it.
 * A string: an optional sign, no leading zero, within 64 bits (`9223372036854775807` is taken, one more is not);
 * `true` is "1"; a JSON number without a fraction within 64 bits (beyond 2^53 JSON's digits are already rounded).
 */
export function filterValidateInt(v: unknown): number | undefined {
  if (v === true) return 1;
  if (typeof v === 'number') return Number.isInteger(v) && v >= -(2 ** 63) && v < 2 ** 63 ? v : undefined;
  if (typeof v !== 'string' || !/^[+-]?(?:0|[1-9]\d{0,18})$/.test(v)) return undefined;
  const big = BigInt(v);
  return big >= INT64_MIN && big <= INT64_MAX ? Number(big) : undefined;
}
