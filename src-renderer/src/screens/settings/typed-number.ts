// Numbers as a tester types them into a form field.

/**
 * A number as typed: digits with an optional sign and decimal point. Empty text and words ("zero") are not
 * numbers — `Number('')` is 0, which is how a blank or a word used to slip through as a real value.
 */
export function numberOf(text: string): number | undefined {
  const t = text.trim();
  return /^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(t) ? Number(t) : undefined;
}
