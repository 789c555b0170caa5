// What a listening simulator answers when nothing of its own can: a request Node's parser refused, and a request
// whose handler (the control router, the express side) could not be loaded. An envelope either way, never a hang.
import type { ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { sendFailure } from './envelope';

/**
 * Requests Node's HTTP parser refuses (headers over 16 KiB, garbage) never reach express; they
 * still get the partner envelope rather than a bare status line.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable) return void socket.destroy();
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const reason = status === 431 ? 'Request Header Fields Too Large' : 'Bad Request';
  const body = JSON.stringify({ success: false, status_code: status, message: [reason], data: [] });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncache-control: no-cache, private\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/** The answer when the control router or the express side cannot be loaded at all (a broken install): an envelope, never a hang. */
export function answerHostFailure(res: ServerResponse, err: unknown): void {
  console.error(`The control API and UI could not be loaded: ${(err as Error).message}`);
  if (res.headersSent) return void res.destroy();
  sendFailure(res, 500, ['Server Error']);
}
