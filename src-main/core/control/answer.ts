// How every control answer leaves: JSON with its length, times in ISO 8601 with their zone (iso-times.ts), and
// refusals in the one body of behaviour §12 (guard.ts's refusalBody), 429s with their Retry-After.
import type { ServerResponse } from 'node:http';
import { refusalBody, type ControlRefusal } from './guard';
import { isoTimeReplacer } from './iso-times';

/** The JSON text each answer was sent with, while its response lives: an agent's call journals it (agent-calls.ts). */
const sentText = new WeakMap<ServerResponse, string>();
export const answerText = (res: ServerResponse): string | null => sentText.get(res) ?? null;

export function sendJson(res: ServerResponse, status: number, value: unknown, isoTimes = true): void {
  if (res.headersSent || res.destroyed) return; // a long poll whose client left, an answer already given
  const text = JSON.stringify(value, isoTimes ? isoTimeReplacer : undefined);
  sentText.set(res, text);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

export function sendBytes(res: ServerResponse, bytes: Buffer): void {
  if (res.headersSent || res.destroyed) return;
  res.statusCode = 200;
  res.setHeader('Content-Length', bytes.length);
  res.end(bytes);
}

export function sendRefusal(res: ServerResponse, refusal: ControlRefusal): void {
  if (refusal.retryAfterSeconds) res.setHeader('retry-after', String(refusal.retryAfterSeconds));
  sendJson(res, refusal.status, refusalBody(refusal));
}
