// The pet owner's page where the vendor's hosted page lives (behaviour §16): `GET /<app>/main/talk-to-vet?data=…`
// and the page's two calls. Served to any client — a phone on the LAN under `--host 0.0.0.0` — because access is
// the rtcToken in `data`, never the network; only the page's own assets are exempt from the UI's loopback rule.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import { MESSAGE_MAX_CHARS } from '../../../src-shared/schemas/control';
import type { OwnerPort } from '../domain/owner-port';
import { DomainError } from '../errors';
import { ownerErrorPage } from './error-page';
import { OwnerAccessError, rtcTokenOfData } from './owner-access';

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
const postBody = z.object({ body: z.string({ message: 'body is required' }) });

export function ownerRoutes(port: OwnerPort, uiDir: string | undefined): Router {
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
      return void res.status(e.status).type('html').send(ownerErrorPage('This link cannot be opened', e.message));
    }
    if (!port.appExists(req.params.app))
      return void res.status(404).type('html').send(ownerErrorPage('Unknown app', `There is no app named ${req.params.app} on this simulator.`));
    if (!pageFile || !existsSync(pageFile))
      return void res.status(503).type('html').send(ownerErrorPage('The page is not built', 'Run `npm run build` (or `npm install`), then open this link again.'));
    res.type('html').send((page ??= readFileSync(pageFile, 'utf8')));
  });

  r.get('/:app/main/talk-to-vet/api/consultations/:sid', async (req, res) => {
    res.set('cache-control', 'no-store');
    const c = await port.granted(req.params.app, req.params.sid, req.headers.authorization);
    const after = typeof req.query.after === 'string' && /^\d{1,9}$/.test(req.query.after) ? Number(req.query.after) : 0;
    res.json(port.view(c, after));
  });

  r.post('/:app/main/talk-to-vet/api/consultations/:sid/messages', express.json({ limit: `${MESSAGE_MAX_CHARS * 8}b` }), async (req, res) => {
    const c = await port.granted(req.params.app, req.params.sid, req.headers.authorization);
    const parsed = postBody.safeParse(req.body ?? {});
    if (!parsed.success) return void res.status(422).json({ error: { code: 'invalid', message: 'body is required' } });
    res.status(201).json(port.post(c.sid, parsed.data.body));
  });

  r.use('/:app/main/talk-to-vet/api', ownerApiErrors);
  return r;
}

/** The page's API answers in the control API's error shape: a code and a sentence, never a stack trace. */
function ownerApiErrors(err: unknown, _req: Request, res: Response, _next: NextFunction): void {
  if (res.headersSent) return;
  if (err instanceof OwnerAccessError) return void res.status(err.status).json({ error: { code: err.code, message: err.message } });
  if (err instanceof DomainError) {
    const code = err.code ?? ({ 404: 'not_found', 409: 'conflict', 422: 'invalid' } as Record<number, string>)[err.status] ?? 'error';
    return void res.status(err.status).json({ error: { code, message: err.messages.join(' ') } });
  }
  const e = err as { type?: string };
  if (e.type === 'entity.parse.failed') return void res.status(400).json({ error: { code: 'malformed_json', message: 'Malformed JSON body.' } });
  if (e.type === 'entity.too.large') return void res.status(413).json({ error: { code: 'too_large', message: 'The message is too long.' } });
  console.error('owner page error:', err);
  res.status(500).json({ error: { code: 'server_error', message: 'Server Error' } });
}
