// GET /__sim/v1/events: server-sent events, batched every 100 ms so a burst of thousands of requests arrives
// as a few messages, never a flood. One broadcaster for every stream: each batch is encoded once and the same
// text written to every client. A client that stops reading is dropped once its unsent output passes a bound
// (its kernel buffer full, Node would otherwise queue every later batch in memory: 20 stalled readers took the
// server from 91 MB to 1.1 GB), and the number of streams is capped, so a tab left open per test cannot starve
// the partner API.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JournalSummary, MessageEvent, StateEvent } from '../../../src-shared/control';
import type { HeldEvent } from '../../../src-shared/schemas/holds';
import type { SimulatorEventBus } from '../events';
import { withIsoTime } from '../journal/time';
import { sendRefusal } from './answer';
import type { EventRecords } from './event-records';
import { isoTimeReplacer } from './iso-times';

export interface StreamLimits {
  /** Unsent bytes a client may hold before it is dropped. */
  maxBufferedBytes: number;
  /** Streams open at once; one more is answered 503. */
  maxStreams: number;
  batchMs: number;
  heartbeatMs: number;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = { maxBufferedBytes: 1024 * 1024, maxStreams: 64, batchMs: 100, heartbeatMs: 15_000 };

/** `records`: what state and message events carry (event-records.ts); without it, their names only. */
export function eventStream(bus: SimulatorEventBus, limits: StreamLimits = DEFAULT_STREAM_LIMITS, records?: EventRecords) {
  const clients = new Set<ServerResponse>();
  let requests: JournalSummary[] = [];
  let states: StateEvent[] = [];
  let messages: MessageEvent[] = [];
  let held: HeldEvent[] = [];
  let flush: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const onRequest = (e: JournalSummary) => requests.push(withIsoTime(e)); // ISO 8601 with its zone, as GET /requests
  const onState = (e: StateEvent) => states.push(e);
  const onMessage = (e: MessageEvent) => messages.push(e);
  const onHeld = (e: HeldEvent) => held.push(e);

  const drop = (res: ServerResponse, reason: string) => {
    clients.delete(res);
    try {
      res.end(`event: dropped\ndata: ${JSON.stringify({ reason })}\n\n`);
    } catch {
      res.destroy();
    }
    if (!clients.size) stop();
  };
  const broadcast = (text: string) => {
    for (const res of [...clients]) {
      if (res.writableLength > limits.maxBufferedBytes) {
        drop(res, `This client stopped reading: more than ${Math.round(limits.maxBufferedBytes / 1024)} KiB of events waited for it. Reconnect to resume.`);
        continue;
      }
      res.write(text);
    }
  };
  const start = () => {
    bus.on('request', onRequest);
    bus.on('state', onState);
    bus.on('message', onMessage);
    bus.on('held', onHeld);
    flush = setInterval(() => {
      let text = '';
      if (requests.length) text += `event: request\ndata: ${JSON.stringify(requests)}\n\n`;
      // Records go out with ISO times, as the control API's answers (iso-times.ts).
      if (states.length) text += `event: state\ndata: ${JSON.stringify(records ? records.states(states) : states, isoTimeReplacer)}\n\n`;
      if (messages.length) text += `event: message\ndata: ${JSON.stringify(records ? records.messages(messages) : messages, isoTimeReplacer)}\n\n`;
      if (held.length) text += `event: held\ndata: ${JSON.stringify(held)}\n\n`;
      requests = [];
      states = [];
      messages = [];
      held = [];
      if (text) broadcast(text);
    }, limits.batchMs);
    heartbeat = setInterval(() => broadcast(': keep-alive\n\n'), limits.heartbeatMs);
  };
  // Nobody listening: no listeners on the bus and no timers, so events are not collected for nobody.
  const stop = () => {
    clearInterval(flush);
    clearInterval(heartbeat);
    bus.off('request', onRequest);
    bus.off('state', onState);
    bus.off('message', onMessage);
    bus.off('held', onHeld);
    requests = [];
    states = [];
    messages = [];
    held = [];
  };

  return (req: IncomingMessage, res: ServerResponse) => {
    if (clients.size >= limits.maxStreams) {
      // Its socket is closed with the answer: a script retrying in a loop on keep-alive sockets would otherwise hold
      // one open per attempt until the total connection cap closed new partner connections unanswered.
      res.setHeader('connection', 'close');
      res.once('finish', () => req.socket.end());
      return sendRefusal(res, { status: 503, code: 'too_many_streams', message: `At most ${limits.maxStreams} event streams may be open at once; close one (a tab of the UI, a test's listener) and retry.` });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    res.write(': connected\n\n');
    if (!clients.size) start();
    clients.add(res);
    req.on('close', () => {
      if (clients.delete(res) && !clients.size) stop();
    });
  };
}
