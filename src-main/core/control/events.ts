// GET /__sim/v1/events: server-sent events, batched every 100 ms so a burst of
// thousands of requests arrives as a few messages, never a flood.
import type { Request, Response } from 'express';
import type { JournalSummary, MessageEvent, StateEvent } from '../../../src-shared/control';
import type { SimulatorEventBus } from '../events';

export function eventStream(bus: SimulatorEventBus, batchMs = 100) {
  return (req: Request, res: Response) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    res.write(': connected\n\n');
    let requests: JournalSummary[] = [];
    let states: StateEvent[] = [];
    let messages: MessageEvent[] = [];
    const onRequest = (e: JournalSummary) => requests.push(e);
    const onState = (e: StateEvent) => states.push(e);
    const onMessage = (e: MessageEvent) => messages.push(e);
    bus.on('request', onRequest);
    bus.on('state', onState);
    bus.on('message', onMessage);
    const flush = setInterval(() => {
      if (requests.length) res.write(`event: request\ndata: ${JSON.stringify(requests)}\n\n`);
      if (states.length) res.write(`event: state\ndata: ${JSON.stringify(states)}\n\n`);
      if (messages.length) res.write(`event: message\ndata: ${JSON.stringify(messages)}\n\n`);
      requests = [];
      states = [];
      messages = [];
    }, batchMs);
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 15000);
    req.on('close', () => {
      clearInterval(flush);
      clearInterval(heartbeat);
      bus.off('request', onRequest);
      bus.off('state', onState);
      bus.off('message', onMessage);
    });
  };
}
