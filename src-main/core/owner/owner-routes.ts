// The pet owner's page where the vendor's hosted page lives (behaviour §16): `GET /<app>/main/talk-to-vet?data=…`
// and the page's two calls. Served to any client — a phone on the LAN under `--host 0.0.0.0` — because access is
// the rtcToken in `data`, never the network; only the page's own assets are exempt from the UI's loopback rule.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Router } from 'express';
import type { OwnerPort } from '../domain/owner-port';
import { ownerErrorPage } from './error-page';
import { bearerOf, OwnerAccessError, rtcTokenOfData } from '../domain/owner-access';
import { ownerErrors } from './owner-api-errors';
import { readOwnerMessage } from './owner-body';
import { MessageRate } from './owner-rate';
import { OWNER_READ_RATE } from '../domain/chat-limits';
import { OwnerRefusal } from '../domain/owner-refusal';

// The address carries the token: it must not leak to another site, nor be kept by a cache.
const PAGE_HEADERS = {
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  // A vet's photo may live on another host; nothing else is loaded from elsewhere.
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https: http:; connect-src 'self'; base-uri 'none'; form-action 'none'",
};
const OWNER_ASSET = /^\/__sim\/assets\/(owner-[\w-]+\.(?:js|css))$/;

/** `rate` is for tests (a clock of their own); a host gets the limits of chat-limits.ts. */
export function ownerRoutes(port: OwnerPort, uiDir: string | undefined, rate = new MessageRate(), reads = new MessageRate(OWNER_READ_RATE)): Router {
  const r = Router();
  const pageFile = uiDir ? join(uiDir, 'owner.html') : undefined;
  let page: string | undefined;

  // The page's own bundle, to any host (the tester UI's other files stay loopback-only).
  r.get(OWNER_ASSET, (req, res, next) => {
    const file = uiDir && join(uiDir, 'assets', OWNER_ASSET.exec(req.path)![1]);
    if (!file || !existsSync(file)) return next();
    res.sendFile(file, { headers: { 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' } });
  });

  r.get('/:app/main/talk-to-vet', (req, res) => {
    res.set(PAGE_HEADERS);
    try {
      rtcTokenOfData(req.query.data);
    } catch (e) {
      if (!(e instanceof OwnerAccessError)) throw e;
      return void res.status(e.status).type('html').send(ownerErrorPage('This link cannot be opened', e.message, port.appDisplayName(req.params.app)));
    }
    if (!port.appExists(req.params.app))
      return void res.status(404).type('html').send(ownerErrorPage('Unknown app', `There is no app named ${req.params.app} on this simulator.`));
    if (!pageFile || !existsSync(pageFile))
      return void res.status(503).type('html').send(ownerErrorPage('The page is not built', 'Run `npm run build` (or `npm install`), then open this link again.', port.appDisplayName(req.params.app)));
    res.type('html').send((page ??= readFileSync(pageFile, 'utf8')));
  });

  r.get('/:app/main/talk-to-vet/api/consultations/:sid', async (req, res) => {
    res.set('cache-control', 'no-store');
    const c = await port.granted(req.params.app, req.params.sid, req.headers.authorization);
    const { wait } = reads.take([`consultation ${c.id}`, `token ${bearerOf(req.headers.authorization)}`]);
    if (wait) {
      const { messages, windowMs } = reads.limit;
      throw new OwnerRefusal(429, 'too_many_reads', `Too many reads: at most ${messages} every ${windowMs / 1000} seconds in one chat. Try again in ${wait} second${wait === 1 ? '' : 's'}.`, { 'retry-after': String(wait) });
    }
    const after = typeof req.query.after === 'string' && /^\d{1,9}$/.test(req.query.after) ? Number(req.query.after) : 0;
    res.json(port.view(c, after));
  });

  // The rate is taken after the token and before a byte of the body is read (a flood costs a signature check);
  // a post that stores nothing gives its place back.
  r.post('/:app/main/talk-to-vet/api/consultations/:sid/messages', async (req, res) => {
    res.set('cache-control', 'no-store');
    const c = await port.granted(req.params.app, req.params.sid, req.headers.authorization);
    const { wait, refund } = rate.take([`consultation ${c.id}`, `token ${bearerOf(req.headers.authorization)}`]);
    if (wait) {
      const { messages, windowMs } = rate.limit;
      throw new OwnerRefusal(429, 'too_many_messages', `Too many messages: at most ${messages} every ${windowMs / 1000} seconds in one chat. Try again in ${wait} second${wait === 1 ? '' : 's'}.`, { 'retry-after': String(wait) });
    }
    try {
      res.status(201).json(port.post(c.sid, await readOwnerMessage(req)));
    } catch (err) {
      refund();
      throw err;
    }
  });

  r.use(ownerErrors);
  return r;
}
