// Issue 14: the route match is remembered per method and path (partner/route-resolver.ts routeOf). A
// remembered match must be exactly what matching afresh gives, for every method of a path, shared
// matches must not be changeable by one request, and a client sending endless new paths fills no memory.
import { describe, expect, it } from 'vitest';
import { matchRoute, routeOf } from '../../src-main/core/partner/route-resolver';
import { DEMO_AUTH, makeSim } from '../helpers';

const PATHS = [
  '/api/v2/demo/pet/list', '/api/v2/demo/pet/list/', '/api/v2/de%6Do/pet/add', '/api/v2/demo/', '/api/v2/demo/nope',
  '/client/user/1/v2/register-user', '/client/user/demo/v2/login', '/client/user/1/v2', '/nowhere', '/api/v2/%E0%A4%A/pet/list',
];
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'];

describe('routeOf', () => {
  it('answers as matchRoute does, the first time and every time after, whichever method came first', () => {
    for (const order of [METHODS, [...METHODS].reverse()]) {
      for (let pass = 0; pass < 2; pass++) {
        for (const path of PATHS) for (const method of order) expect(routeOf(path, method)).toEqual(matchRoute(path, method));
      }
    }
  });

  it('hands out frozen matches, and stays right after more distinct paths than it keeps', () => {
    const first = routeOf('/api/v2/demo/pet/list', 'GET');
    expect(Object.isFrozen(first)).toBe(true);
    for (let i = 0; i < 2000; i++) expect(routeOf(`/api/v2/app${i}/pet/list`, 'GET')).toMatchObject({ kind: 'endpoint', appName: `app${i}` });
    expect(routeOf('/api/v2/demo/pet/list', 'GET')).toEqual(first);
    const long = `/api/v2/${'x'.repeat(4000)}/pet/list`;
    expect(routeOf(long, 'POST')).toEqual(matchRoute(long, 'POST'));
  });

  it('a path answered once by GET still answers other methods with 405 and its Allow header', async () => {
    const h = await makeSim();
    try {
      expect((await h.get('/api/v2/demo/media-url')).status).toBe(200);
      const r = await h.http.delete('/api/v2/demo/media-url').set('authorization', DEMO_AUTH);
      expect(r.status).toBe(405);
      expect(r.headers.allow).toBe('GET, HEAD');
      expect(r.body).toEqual({ success: false, status_code: 405, message: ['Method Not Allowed'], data: [] });
      expect((await h.get('/api/v2/demo/media-url')).status).toBe(200);
    } finally {
      await h.sim.close();
    }
  });
});
