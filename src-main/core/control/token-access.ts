// Opt-in remote driving of the control API (`serve --control-token T`): a test runner in another
// container may call /__sim/v1 with `Authorization: Bearer T`. Without a token configured, or
// without the right one, every request goes through the loopback guard as before. Wrong tokens are counted
// and slowed per address (token-failures.ts); a well-known token is refused at start (weak-tokens.ts).
import type { IncomingMessage } from 'node:http';
import { sameSecret } from '../domain/authentication';
import { controlRefusal, hostName, isLoopbackAddress, type ControlRefusal } from './guard';
import { TokenFailures } from './token-failures';

export function bearerToken(header: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m?.[1];
}

/**
 * One count per configured token: the express guard and the lean routes see the same waits (two simulators of one
 * process with the same token share them: one secret, one guessing budget).
 */
const failuresByToken = new Map<string, TokenFailures>();
export function tokenFailures(token: string): TokenFailures {
  let f = failuresByToken.get(token);
  if (!f) failuresByToken.set(token, (f = new TokenFailures()));
  return f;
}

/**
 * Who is counted: the peer's address, an IPv6 one by its /64 (one machine's interface hands itself a whole /64, so
 * counting each address gave every new one three free guesses and three log lines).
 */
export function peerKey(address: string | undefined): string {
  if (!address) return 'an unknown address';
  if (!address.includes(':') || address.startsWith('::ffff:') || address === '::1') return address;
  const [head, tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.toLowerCase().replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
/**
 * A loopback peer is counted per Host it names too: a DNS-rebinding page in the tester's browser sends its own host
 * name, so its wrong tokens make it wait, not the test runner beside it that names 127.0.0.1 (or a container's name).
 */
const peerOf = (req: IncomingMessage) => {
  const key = peerKey(req.socket.remoteAddress);
  return isLoopbackAddress(req.socket.remoteAddress) ? `${key} (Host ${hostName(req.headers.host) || 'none'})` : key;
};

/**
 * What controlAccess decides, without a framework (the lean vet-console routes ask this): undefined lets the request
 * on. An address that must wait after wrong tokens is refused 429 whatever it sends (token-failures.ts).
 */
export function accessRefusal(token: string | undefined, req: IncomingMessage): ControlRefusal | undefined {
  const presented = token ? bearerToken(req.headers.authorization) : undefined;
  if (presented === undefined) return controlRefusal(req);
  const failures = tokenFailures(token!);
  const wait = failures.waitFor(peerOf(req));
  if (wait > 0) {
    const seconds = Math.ceil(wait / 1000);
    return { status: 429, code: 'too_many_token_failures', message: `Too many wrong control tokens from this address: try again in ${seconds} s.`, retryAfterSeconds: seconds };
  }
  if (!sameSecret(presented, token!)) return { status: 401, code: 'bad_token', message: 'The control token is wrong.' };
  failures.succeeded(peerOf(req));
  return undefined;
}

/**
 * The control API's one door: undefined lets the request on; a refusal says why. A wrong token is counted here,
 * once per request, so the address waits longer after each (token-failures.ts). A bearer header cannot be sent
 * cross-site without a CORS preflight (which the control API never grants), so a right token skips the CSRF
 * content-type rule; Host and peer checks are what the token replaces.
 */
export function admit(token: string | undefined, req: IncomingMessage): ControlRefusal | undefined {
  const refused = accessRefusal(token, req);
  if (refused?.code === 'bad_token') tokenFailures(token!).failed(peerOf(req));
  return refused;
}
