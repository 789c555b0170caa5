// Issue 14: what masking replaced is kept per run of entries sharing one value (the usual partner call
// shares one object per Authorization value), not per entry. Each entry must still get exactly its own
// value back, within the count and byte bounds, after the journal's cap trims, and after ids are
// handed out again.
import { describe, expect, it } from 'vitest';
import { OriginalsStore, type Originals } from '../../src-main/core/journal/originals';

const auth = (v: string): Originals => ({ headers: { authorization: v } });

describe('originals kept in runs (issue 14)', () => {
  it('gives each entry its own value across runs, alternations and entries without one', () => {
    const store = new OriginalsStore(1 << 20, 1_000);
    const a = auth('Basic YTpz');
    const b = auth('Basic Yjpz');
    const sequence = [a, a, a, null, b, a, b, b, null, null, a];
    sequence.forEach((v, i) => store.set(i + 1, v));
    expect(sequence.map((_, i) => store.get(i + 1) ?? null)).toEqual(sequence);
    expect(store.get(0)).toBeUndefined();
    expect(store.get(12)).toBeUndefined();
  });

  it('keeps the newest entries only, by count and by bytes', () => {
    const byCount = new OriginalsStore(1 << 20, 100);
    const shared = auth('Basic c2hhcmVk');
    for (let id = 1; id <= 1_000; id++) byCount.set(id, id % 7 ? shared : auth(`Basic ${id}`));
    expect(byCount.get(900)).toBeUndefined();
    expect(byCount.get(901)).toBe(shared);
    expect(byCount.get(994)).toEqual(auth('Basic 994'));
    expect(byCount.get(1_000)).toBe(shared);

    const one = JSON.stringify(auth('Basic 0000')).length * 2;
    const byBytes = new OriginalsStore(one * 10, 1_000);
    for (let id = 1; id <= 50; id++) byBytes.set(id, auth(`Basic ${String(id).padStart(4, '0')}`));
    expect(byBytes.get(40)).toBeUndefined();
    expect(byBytes.get(41)).toEqual(auth('Basic 0041'));
    expect(byBytes.get(50)).toEqual(auth('Basic 0050'));
  });

  it('forgets what the journal trimmed, and ids handed out again get their new values', () => {
    const store = new OriginalsStore(1 << 20, 1_000);
    const a = auth('Basic YQ==');
    const b = auth('Basic Yg==');
    for (let id = 1; id <= 20; id++) store.set(id, a);
    store.dropBefore(15);
    expect(store.get(14)).toBeUndefined();
    expect(store.get(15)).toBe(a);
    // 18, 19 and 20 handed out again.
    for (let id = 18; id <= 20; id++) store.set(id, b);
    expect([17, 18, 19, 20].map((id) => store.get(id))).toEqual([a, b, b, b]);
    store.clear();
    expect(store.get(18)).toBeUndefined();
  });
});
