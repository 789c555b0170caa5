// The journal as a HAR 1.2 log, for browser dev tools and HAR viewers.
import type { JournalEntry } from '../../../src-shared/control';

const headerList = (h: Record<string, string>) => Object.entries(h).map(([name, value]) => ({ name, value }));

export function toHar(entries: JournalEntry[], baseUrl: string, version: string) {
  return {
    log: {
      version: '1.2',
      creator: { name: 'Vet Consult Simulator', version },
      entries: entries.map((e) => {
        const url = `${baseUrl}${e.path}${e.query ? `?${e.query}` : ''}`;
        return {
          startedDateTime: new Date(e.time.replace(' ', 'T') + 'Z').toISOString(),
          time: e.duration_ms,
          request: {
            method: e.method, url, httpVersion: 'HTTP/1.1', cookies: [], headers: headerList(e.request_headers),
            queryString: [...new URLSearchParams(e.query)].map(([name, value]) => ({ name, value })),
            ...(e.request_body ? { postData: { mimeType: e.request_headers['content-type'] ?? 'application/json', text: e.request_body } } : {}),
            headersSize: -1, bodySize: e.request_body?.length ?? 0,
          },
          response: {
            status: e.status, statusText: '', httpVersion: 'HTTP/1.1', cookies: [], headers: headerList(e.response_headers),
            content: { size: e.response_body?.length ?? 0, mimeType: e.response_headers['content-type'] ?? 'application/json', text: e.response_body ?? '' },
            redirectURL: '', headersSize: -1, bodySize: e.response_body?.length ?? 0,
          },
          cache: {},
          timings: { send: 0, wait: e.duration_ms, receive: 0 },
          comment: [e.endpoint, e.app].filter(Boolean).join(' '),
        };
      }),
    },
  };
}
