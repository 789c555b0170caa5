// Typed domain errors; one middleware turns them into the partner envelope.
export class DomainError extends Error {
  constructor(readonly status: number, readonly messages: string[], readonly headers: Record<string, string> = {}) {
    super(messages.join(' '));
  }
}

export const notFound = (what: 'User' | 'Pet' | 'Channel' | 'Room' | 'Identity' | 'Feedback' | 'App' | 'Route' | 'Consultation' | 'Vet') =>
  new DomainError(404, [`${what} Not Found`]);
export const conflict = (message: string) => new DomainError(409, [message]);
export const validation = (...messages: string[]) => new DomainError(422, messages);
export const unauthenticated = () =>
  new DomainError(401, ['Unauthenticated.'], { 'www-authenticate': 'Basic realm="vet-consult"' });
