// The base URL as the client called it. A phone on the LAN calls http://192.168.1.20:4010, a test
// runner in another container http://simulator:4010: URLs the simulator hands out (A1's media_url,
// a pet's profile, /health's api_base_url) must work from where the caller sits, not name 127.0.0.1.
import type { IncomingMessage } from 'node:http';

// A host name, IPv4 or bracketed IPv6 literal, with an optional port: nothing that could inject a path or a scheme.
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252}))(?::\d{1,5})?$/;

export function requestBaseUrl(req: IncomingMessage, fallback: string): string {
  const host = req.headers.host;
  return host && HOST.test(host) ? `http://${host.toLowerCase()}` : fallback;
}
