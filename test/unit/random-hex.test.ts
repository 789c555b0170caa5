// Ids and sids take their random bytes from a pool (issue 30): each byte is handed out once, across refills.
import { expect, it } from 'vitest';
import { randomHex } from '../../src-main/core/domain/context';

it('hands out hex of the asked length, never the same bytes twice, across the pool refills', () => {
  const seen = new Set<string>();
  for (let i = 0; i < 3000; i++) seen.add(randomHex(16)); // 48,000 bytes: eleven 4 KiB pools
  expect(seen.size).toBe(3000);
  for (const hex of seen) expect(hex).toMatch(/^[0-9a-f]{32}$/);
  expect(randomHex(5000)).toMatch(/^[0-9a-f]{10000}$/); // larger than a pool
  expect(randomHex(4)).toMatch(/^[0-9a-f]{8}$/);
});
