import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import portico from '../src/index';
import type { NextFunction, Request, Response } from '../src/index';
import { withServer, send } from './helpers/server';

describe('app.all(path, callback [, callback ...])', () => {
  it('runs for every method node:http accepts', async () => {
    const app = portico();
    app.all('/any', (req, res) => res.end(req.method));
    await withServer(app, async (srv) => {
      for (const method of http.METHODS.filter((m) => m !== 'CONNECT')) {
        const res = await send(srv.port, { method, path: '/any' });
        assert.equal(res.status, 200, method);
        if (method !== 'HEAD') assert.equal(res.text, method);
      }
    });
  });

  it('only matches its path', async () => {
    const app = portico();
    app.all('/any', (_req, res) => res.end('any'));
    await withServer(app, async (srv) => {
      assert.equal((await send(srv.port, { path: '/other', method: 'POST' })).status, 404);
    });
  });

  it('guards a prefix before the routes that follow it', async () => {
    const app = portico();
    app.all('/api/*', (req: Request, res: Response, next: NextFunction) => {
      if (req.get('Authorization') === 'yes') return next();
      res.status(401).end('denied');
    });
    app.get('/api/data', (_req, res) => res.end('data'));
    await withServer(app, async (srv) => {
      assert.equal((await send(srv.port, { path: '/api/data' })).status, 401);
      assert.equal((await send(srv.port, { path: '/api/data', headers: { Authorization: 'yes' } })).text, 'data');
    });
  });

  it('takes several callbacks and arrays, and next("route")', async () => {
    const app = portico();
    app.all('/x', [(_req: Request, res: Response, next: NextFunction) => {
      res.setHeader('X-A', '1');
      next();
    }], (_req, _res, next) => next('route'), (_req, res) => res.end('never'));
    app.all('/x', (_req, res) => res.end('second ' + String(res.getHeader('X-A'))));
    await withServer(app, async (srv) => {
      assert.equal((await send(srv.port, { path: '/x', method: 'PATCH' })).text, 'second 1');
    });
  });

  it('registers one route that knows every method', () => {
    const app = portico();
    app.all('/x', (_req, res) => res.end());
    const route = (app as unknown as { _router: { stack: Array<{ route?: { methods: Record<string, boolean> } }> } })._router.stack.find((layer) => layer.route)?.route;
    assert.ok(route);
    assert.equal(route.methods.get, true);
    assert.equal(route.methods.propfind, true);
    assert.equal(Object.keys(route.methods).length, http.METHODS.length);
  });

  it('throws for a callback that is not a function', () => {
    assert.throws(() => portico().all('/x', 5 as never), /requires a callback function but got a \[object Number\]/);
  });
});
