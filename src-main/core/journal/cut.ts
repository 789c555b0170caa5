// How much of a body the journal keeps: the first 64 KiB, with a note saying how much was cut. The held
// requests' list (partner/hold-step.ts) shows a body cut the same way.
export const BODY_LIMIT = 64 * 1024;

export function cut(text: string | null): { text: string | null; truncated: boolean } {
  if (text === null || text.length <= BODY_LIMIT) return { text, truncated: false };
  return { text: `${text.slice(0, BODY_LIMIT)}\n… [cut: ${text.length - BODY_LIMIT} more characters]`, truncated: true };
}
