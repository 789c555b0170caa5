// Typed domain errors; one middleware turns them into the partner envelope.
export class DomainError extends Error {
  /** `code`: the control API's error code when the status alone does not say it (e.g. consultation_closed). */
  constructor(readonly status: number, readonly messages: string[], readonly headers: Record<string, string> = {}, readonly code?: string) {
    super(messages.join(' '));
  }
}

export const notFound = (what: 'User' | 'Pet' | 'Channel' | 'Room' | 'Identity' | 'Feedback' | 'App' | 'Route' | 'Consultation' | 'Vet') =>
  new DomainError(404, [`${what} Not Found`]);
export const conflict = (message: string) => new DomainError(409, [message]);
/** A thread that takes no new messages: an ended chat, or any video consultation. */
export const consultationClosed = (message: string) => new DomainError(409, [message], {}, 'consultation_closed');
export const validation = (...messages: string[]) => new DomainError(422, messages);
export const unauthenticated = () =>
  new DomainError(401, ['Unauthenticated.'], { 'www-authenticate': 'Basic realm="vet-consult"' });
