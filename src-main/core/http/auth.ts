// B9–B11's api_key, checked after parsing (A2–A14's Basic credentials: apps.basicAllows).
import type { AppRecord } from '../../../src-shared/control';
import { sameSecret } from '../domain/apps';
import { DomainError } from '../errors';

/** B9–B11: a present but wrong api_key is 401; a missing one is left to validation (422). */
export function checkApiKey(app: AppRecord, body: unknown): void {
  const key = body && typeof body === 'object' ? (body as Record<string, unknown>).api_key : undefined;
  if (typeof key === 'string' && key !== '' && !sameSecret(key, app.api_key)) throw new DomainError(401, ['Invalid API key.']);
}
