// Issue 35 item 1: an autopilot rule's `match.email` glob once became a backtracking RegExp; the probe's rule with
// 12 `*` and one A8 for a 48-character e-mail never finished, and every request and SIGTERM waited behind it.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { globMatches } from '../../src-main/core/domain/autopilot/match';
import { wildcardMatches } from '../../src-shared/glob';
import { makeSim, type Harness } from '../helpers';

const PROBE_RULE = '*a*a*a*a*a*a*a*a*a*a*a*b';
const PROBE_EMAIL = `${'a'.repeat(36)}@example.com`; // 48 characters, no `b` at the end: every split is tried

let h: Harness | undefined;
afterEach(async () => h?.sim.close());

describe('the probe\'s rule', () => {
  it('answers A8 for a 48-character e-mail in milliseconds, and the rule simply does not match', async () => {
    expect(PROBE_EMAIL).toHaveLength(48);
    h = await makeSim();
    await h.registerUser({ email: PROBE_EMAIL });
    await h.addPet(PROBE_EMAIL);
    expect((await h.ctl.put('/autopilot', { rules: [{ match: { email: PROBE_RULE }, steps: [{ do: 'accept' }] }] })).status).toBe(200);
    const started = performance.now();
    const a8 = await h.post('/api/v2/demo/talk-to-vet', { email: PROBE_EMAIL, conversation_request: 'chat', pet_id: 1 });
    expect(a8.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(500); // the RegExp never finished at all
    expect((await h.ctl.get('/autopilot/pending')).body.items).toEqual([]);
  });

  it('the matcher itself: 48 characters and 2,000 characters both in well under a millisecond or so', () => {
    const started = performance.now();
    expect(globMatches(PROBE_RULE, PROBE_EMAIL)).toBe(false);
    expect(globMatches(PROBE_RULE, `${'a'.repeat(2000)}`)).toBe(false);
    expect(globMatches(PROBE_RULE, `${'a'.repeat(2000)}b`)).toBe(true);
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe('what a glob means', () => {
  it('* any run, ? one character, the rest literal (regex characters too), letter case ignored', () => {
    expect(globMatches('*@example.com', 'Ann@Example.COM')).toBe(true);
    expect(globMatches('ann?@x.io', 'ann1@x.io')).toBe(true);
    expect(globMatches('ann?@x.io', 'ann@x.io')).toBe(false);
    expect(globMatches('a.b+c(d)[e]$', 'a.b+c(d)[e]$')).toBe(true);
    expect(globMatches('a.b', 'axb')).toBe(false);
    expect(globMatches('?@x', '🐶@x')).toBe(true); // one character, not one UTF-16 unit
    expect(globMatches('*', '')).toBe(true);
    expect(globMatches('', 'a')).toBe(false);
  });

  it('agrees with a plain recursive reference on small inputs (fast-check)', () => {
    // The reference: the definition, written the slow obvious way.
    const reference = (p: string[], t: string[], anyOne: boolean): boolean => {
      if (!p.length) return !t.length;
      if (p[0] === '*') return reference(p.slice(1), t, anyOne) || (t.length > 0 && reference(p, t.slice(1), anyOne));
      return t.length > 0 && (p[0] === t[0] || (anyOne && p[0] === '?')) && reference(p.slice(1), t.slice(1), anyOne);
    };
    const alphabet = fc.constantFrom('a', 'b', 'A', '*', '?', '.');
    const word = fc.array(alphabet, { maxLength: 8 });
    fc.assert(
      fc.property(word, fc.array(fc.constantFrom('a', 'b', 'A', '?', '.', '*'), { maxLength: 10 }), fc.boolean(), fc.boolean(), (p, t, anyOne, ignoreCase) => {
        const lower = (xs: string[]) => (ignoreCase ? xs.map((c) => c.toLowerCase()) : xs);
        expect(wildcardMatches(p.join(''), t.join(''), { anyOne, ignoreCase })).toBe(reference(lower(p), lower(t), anyOne));
      }),
      { numRuns: 3000 },
    );
  });
});
