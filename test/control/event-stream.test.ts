// GET /__sim/v1/events under abuse (issue 29 item 4): a client that stops reading is dropped with a last event
// saying why instead of holding the server's memory, and streams beyond the cap are answered 503.
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_STREAM_LIMITS, eventStream } from '../../src-main/core/control/events';
import { SimulatorEventBus } from '../../src-main/core/events';
import { makeSim, type Harness } from '../helpers';

/** A response that keeps what it is sent; a stalled one never sends it, so its unsent output only grows. */
function fakeResponse(drains: boolean) {
  return {
    text: '', writableLength: 0, ended: undefined as string | undefined,
    writeHead() {},
    write(chunk: string) {
      this.text += chunk;
      if (!drains) this.writableLength += chunk.length;
      return drains;
    },
    end(chunk: string) {
      this.ended = chunk;
    },
    destroy() {},
  };
}

let h: Harness;
let url: string;
beforeEach(async () => {
  h = await makeSim();
  ({ url } = await h.sim.listen(0, '127.0.0.1'));
  await h.ctl.patch('/apps/1', { rate_limit_per_minute: 0 });
});
afterEach(async () => h.sim.close());

describe('the event stream', () => {
  it('drops a client that stops reading, with a last event saying why, and keeps serving one that reads', async () => {
    // A real stalled socket first fills the kernel's buffers (up to tens of MB on loopback) before Node holds
    // anything, so the reader here is a response whose unsent output only grows, as a stalled one's does.
    const bus = new SimulatorEventBus();
    const stream = eventStream(bus, { ...DEFAULT_STREAM_LIMITS, batchMs: 5, maxBufferedBytes: 64 * 1024 });
    const stalled = fakeResponse(false);
    const reading = fakeResponse(true);
    stream(new EventEmitter() as never, stalled as never);
    stream(new EventEmitter() as never, reading as never);
    for (let i = 0; i < 40; i++) {
      bus.state('user', i, `changed ${'x'.repeat(4000)}`);
      await new Promise((r) => setTimeout(r, 6));
    }
    expect(stalled.ended).toMatch(/^event: dropped\ndata: \{"reason":"This client stopped reading: more than 64 KiB of events waited for it\. Reconnect to resume\."\}\n\n$/);
    expect(stalled.writableLength).toBeLessThan(64 * 1024 + 50_000); // its bound and one batch, not every batch since
    expect(reading.ended).toBeUndefined();
    expect(reading.text.match(/event: state/g)!.length).toBeGreaterThan(10);
    // A batch is encoded once: the reader got the very text the stalled client was sent while it still was.
    expect(reading.text.startsWith(stalled.text)).toBe(true);
  });

  it('answers 503 past 64 open streams, and takes a new one once one closes', async () => {
    const streams = await Promise.all(Array.from({ length: 64 }, () => fetch(`${url}/__sim/v1/events`)));
    expect(streams.map((s) => s.status)).toEqual(Array(64).fill(200));
    const extra = await fetch(`${url}/__sim/v1/events`);
    expect(extra.status).toBe(503);
    expect(await extra.json()).toEqual({ error: { code: 'too_many_streams', message: 'At most 64 event streams may be open at once; close one (a tab of the UI, a test\'s listener) and retry.', details: [] } });
    await streams[0].body!.cancel();
    await new Promise((r) => setTimeout(r, 100));
    const again = await fetch(`${url}/__sim/v1/events`);
    expect(again.status).toBe(200);
    await Promise.all([again, ...streams.slice(1)].map((s) => s.body!.cancel()));
  }, 30_000);
});
