// Issue 35 finding 11: wrong control tokens are counted and slowed per address, and logged without the token; a
// well-known or weak token is refused at start. (The recipe's random token and 127.0.0.1 publishing: test/container.)
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseServeArgs, UsageError } from '../../src-main/cli/args';
import { peerKey } from '../../src-main/core/control/token-access';
import { TokenFailures } from '../../src-main/core/control/token-failures';
import { createSimulator, type Simulator } from '../../src-main/core/simulator';

const WRONG = 'not-it-Zq81mXw3LkP0aRt7';
let TOKEN: string;
let sim: Simulator;
let warnings: string[];
beforeEach(async () => {
  // One count per token in a process (token-access.ts): each test its own token, so it starts from none.
  TOKEN = randomBytes(18).toString('base64url');
  sim = await createSimulator({ inMemory: true, controlToken: TOKEN });
  warnings = [];
  vi.spyOn(console, 'warn').mockImplementation((...a: unknown[]) => void warnings.push(a.join(' ')));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await sim.close();
});

/** A control call as a client in another container makes it: a Host that is not loopback, a bearer token. */
const call = (token: string, path = '/__sim/v1/health', method: 'get' | 'post' = 'get') =>
  request(sim.handle)[method](path).set('host', 'simulator.internal:4010').set('authorization', `Bearer ${token}`).set('content-type', 'application/json');

describe('wrong control tokens', () => {
  it('are answered 401 three times, then the address waits: 429 with Retry-After, the right token too, until the wait is over', async () => {
    for (let i = 0; i < 3; i++) expect((await call(WRONG)).status).toBe(401);
    const waiting = await call(TOKEN);
    expect(waiting.status).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
    expect(waiting.body).toEqual({ error: { code: 'too_many_token_failures', message: 'Too many wrong control tokens from this address: try again in 1 s.', details: [] } });
    // The vet-console routes answered on their own path (lean-routes.ts) wait as well.
    expect((await call(TOKEN, '/__sim/v1/consultations/CH00000000000000000000000000000000/accept', 'post')).status).toBe(429);

    await new Promise((r) => setTimeout(r, 1100));
    expect((await call(TOKEN)).status).toBe(200); // and the count starts over
    for (let i = 0; i < 3; i++) expect((await call(WRONG)).status).toBe(401);
  });

  it('are not looked at while the address waits: of 200 guesses as fast as they go, a handful are tried', async () => {
    const started = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) statuses.push((await call(`${WRONG}${i}`)).status);
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 429]);
    // Tried: three, then one after each wait (1 s, 2 s, 4 s, …) that has passed.
    const seconds = (Date.now() - started) / 1000;
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(3 + Math.ceil(Math.log2(seconds + 1)));
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
  });

  it('are logged with the address and the count, never with the token sent', async () => {
    for (let i = 0; i < 3; i++) await call(WRONG);
    expect(warnings).toHaveLength(3);
    // A loopback peer is counted per Host it names (a rebinding page cannot keep the runner beside it waiting).
    expect(warnings[0]).toMatch(/^Control API: wrong control token from (::ffff:)?127\.0\.0\.1 \(Host simulator\.internal\) \(1 failure from this address\)\.$/);
    expect(warnings[2]).toMatch(/\(3 failures from this address; its next attempt is looked at in 1 s\)\.$/);
    expect(warnings.join('\n')).not.toContain(WRONG);
  });
});

describe('the wait per address', () => {
  it('doubles with each failure after the third, up to a minute, per address, and is forgotten after 15 quiet minutes', () => {
    let now = 0;
    const f = new TokenFailures(() => now, () => {});
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      f.failed('10.0.0.5');
      waits.push(f.waitFor('10.0.0.5'));
    }
    expect(waits).toEqual([0, 0, 1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000]);
    expect(f.waitFor('10.0.0.6')).toBe(0);
    expect(f.count('10.0.0.5')).toBe(10);
    now += 15 * 60_000 + 1;
    expect(f.count('10.0.0.5')).toBe(0);
  });

  it('remembers at most 10,000 addresses', () => {
    const f = new TokenFailures(() => 0, () => {});
    for (let i = 0; i < 10_050; i++) f.failed(`10.0.${i >> 8}.${i & 255}`);
    expect(f.count('10.0.0.0')).toBe(0); // the oldest went first
    expect(f.count(`10.0.${10_049 >> 8}.${10_049 & 255}`)).toBe(1);
  });
});

describe('a well-known or weak control token', () => {
  const refused = (token: string) => {
    try {
      parseServeArgs([], { VET_SIM_CONTROL_TOKEN: token, VET_SIM_IN_MEMORY: '1' });
      return undefined;
    } catch (err) {
      expect(err).toBeInstanceOf(UsageError);
      return (err as Error).message;
    }
  };
  it('is refused at start: the ones the docs showed, placeholders, few different characters', () => {
    expect(refused('a-control-token-for-tests')).toMatch(/^--control-token \(VET_SIM_CONTROL_TOKEN\) is refused: it is the example token published in this project's documentation\./);
    expect(refused('change-me-0123456789')).toContain('is refused');
    expect(refused('changeme-please-now-1234')).toContain('it reads as a placeholder, not a secret');
    expect(refused('aaaaaaaaaaaaaaaabbbbbbbb')).toContain('fewer than 8 different characters');
    expect(refused('vQ3xK9-2mTzR7pLw8Yb4NcHd')).toBeUndefined();
  });
});

describe('a guessable control token, given to the core directly', () => {
  it.each(['a-control-token-for-tests', 'change-me-0123456789', 'aaaaaaaaaaaaaaaaaaaa'])('%s: the start is refused with the reason, as serve refuses it', async (token) => {
    await expect(createSimulator({ inMemory: true, controlToken: token })).rejects.toThrow(/--control-token \(VET_SIM_CONTROL_TOKEN\) is refused: /);
  });
});

describe('who is counted', () => {
  it('a loopback peer per Host it names: wrong tokens under a rebinding page\'s host name never make the runner wait', async () => {
    const rebinding = (token: string) => request(sim.handle).get('/__sim/v1/health').set('host', 'evil.example:4010').set('authorization', `Bearer ${token}`);
    for (let i = 0; i < 6; i++) await rebinding(WRONG);
    expect((await rebinding(TOKEN)).status).toBe(429); // the page's own name waits
    expect((await call(TOKEN)).status).toBe(200); // the runner beside it does not
  });

  it('an IPv6 peer by its /64, an IPv4 one by its address', () => {
    expect(peerKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(peerKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(peerKey('2001:0db8:0:0::ffff')).toBe('2001:db8:0:0::/64');
    expect(peerKey('fe80::1')).toBe('fe80:0:0:0::/64');
    expect(peerKey('::ffff:10.0.0.7')).toBe('::ffff:10.0.0.7');
    expect(peerKey('10.0.0.7')).toBe('10.0.0.7');
  });
});
