// What a partner answers for anything thrown in its pipeline (behaviour §4). Every expected failure is a
// DomainError already (the body reader's 400, 413 and 415 included); anything else is unexpected: 500
// ["Server Error"], and its stack goes to the journal only.
import { DomainError } from '../errors';

export interface ErrorAnswer {
  status: number;
  messages: string[];
  headers: Record<string, string>;
  /** For the journal's `error`: set for an unexpected error only. */
  stack?: string;
}

const NO_HEADERS: Record<string, string> = Object.freeze({}) as Record<string, string>;

export function errorAnswer(err: unknown): ErrorAnswer {
  if (err instanceof DomainError) return { status: err.status, messages: err.messages, headers: err.headers };
  return { status: 500, messages: ['Server Error'], headers: NO_HEADERS, stack: (err as Error | undefined)?.stack ?? String(err) };
}
