import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import portico from '../src/index';
import type { NextFunction, Request, Response } from '../src/index';
import { withServer, send } from './helpers/server';

function ok(label: string) {
  return function answer(_req: Request, res: Response): void {
    res.end(label);
  };
}

describe('automatic OPTIONS answer', () => {
  it('answers 200 with the methods of the matching routes in Allow and as the body', async () => {
    const app = portico();
    app.get('/o', ok('get'));
    app.post('/o', ok('post'));
    app.delete('/other', ok('delete'));
    await withServer(app, async (srv) => {
      const res = await send(srv.port, { method: 'OPTIONS', path: '/o' });
      assert.equal(res.status, 200);
      assert.equal(res.headers.allow, 'GET,HEAD,POST');
      assert.equal(res.text, 'GET,HEAD,POST');
      assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
    });
  });

  it('merges the methods of several routes without repeating one', async () => {
    const app = portico();
    app.put('/items/:id', ok('put'));
    app.get('/items/:id', ok('get'));
    app.put('/items/*', ok('put again'));
    app.patch('/items/1', ok('patch'));
    await withServer(app, async (srv) => {
      const res = await send(srv.port, { method: 'OPTIONS', path: '/items/1' });
      assert.equal(res.headers.allow, 'PUT,GET,HEAD,PATCH');
    });
  });

  it('lists HEAD once when a head route exists beside GET', async () => {
    const app = portico();
    app.head('/h', ok('head'));
    app.get('/h', ok('get'));
    await withServer(app, async (srv) => {
      assert.equal((await send(srv.port, { method: 'OPTIONS', path: '/h' })).headers.allow, 'HEAD,GET');
    });
  });

  it('leaves OPTIONS to an options route when there is one', async () => {
    const app = portico();
    app.get('/o', ok('get'));
    app.options('/o', (_req, res) => {
      res.setHeader('Allow', 'CUSTOM');
      res.end('own answer');
    });
    await withServer(app, async (srv) => {
      const res = await send(srv.port, { method: 'OPTIONS', path: '/o' });
      assert.equal(res.headers.allow, 'CUSTOM');
      assert.equal(res.text, 'own answer');
    });
  });

  it('does not answer for a route with all() handlers: it handles OPTIONS itself', async () => {
    const app = portico();
    app.route('/r').all((_req, _res, next) => next()).put(ok('put'));
    app.all('/a', ok('all'));
    await withServer(app, async (srv) => {
      assert.equal((await send(srv.port, { method: 'OPTIONS', path: '/r' })).status, 404);
      assert.equal((await send(srv.port, { method: 'OPTIONS', path: '/a' })).text, 'all');
    });
  });

  it('is a 404 when no route matches the path', async () => {
    const app = portico();
    app.get('/o', ok('get'));
    await withServer(app, async (srv) => {
      const res = await send(srv.port, { method: 'OPTIONS', path: '/nothing' });
      assert.equal(res.status, 404);
      assert.equal(res.headers.allow, undefined);
    });
  });

  it('lets middleware after the routes answer first', async () => {
    const app = portico();
    app.get('/o', ok('get'));
    app.use((req, res, next) => {
      if (req.method === 'OPTIONS') res.end('middleware');
      else next();
    });
    await withServer(app, async (srv) => {
      assert.equal((await send(srv.port, { method: 'OPTIONS', path: '/o' })).text, 'middleware');
    });
  });

  it('passes an error on instead of answering', async () => {
    const app = portico();
    app.get('/o', ok('get'));
    app.use((_req, _res, next) => next(Object.assign(new Error('refused'), { status: 403 })));
    await withServer(app, async (srv) => {
      const res = await send(srv.port, { method: 'OPTIONS', path: '/o' });
      assert.equal(res.status, 403);
      assert.equal(res.headers.allow, undefined);
    });
  });

  it('is answered by the router whose routes matched, inside its mount path', async () => {
    const app = portico();
    const router = portico.Router();
    router.get('/in', ok('get'));
    router.patch('/in', ok('patch'));
    app.use('/r', router);
    app.post('/r/in', ok('outer post'));
    await withServer(app, async (srv) => {
      assert.equal((await send(srv.port, { method: 'OPTIONS', path: '/r/in' })).headers.allow, 'GET,HEAD,PATCH');
    });
  });

  it('reports an error thrown while answering to the next handler', async () => {
    const app = portico();
    app.use((_req, res, next) => {
      // A response whose header setter fails, as a broken wrapper might.
      (res as unknown as { set: () => never }).set = () => {
        throw new Error('cannot set');
      };
      next();
    });
    app.get('/o', ok('get'));
    await withServer(app, async (srv) => {
      const res = await send(srv.port, { method: 'OPTIONS', path: '/o' });
      assert.equal(res.status, 500);
    });
  });

  it('runs nothing but error handlers when answering', async () => {
    const app = portico();
    let errorHandlerRan = false;
    app.get('/o', ok('get'));
    app.use((_err: unknown, _req: Request, _res: Response, next: NextFunction) => {
      errorHandlerRan = true;
      next();
    });
    await withServer(app, async (srv) => {
      assert.equal((await send(srv.port, { method: 'OPTIONS', path: '/o' })).status, 200);
    });
    assert.equal(errorHandlerRan, false);
  });
});
