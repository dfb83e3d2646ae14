import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import portico from '../src/index';
import type { NextFunction, Request, Response } from '../src/index';
import { withServer, send } from './helpers/server';

type App = ReturnType<typeof portico>;

function params(req: Request, res: Response): void {
  res.json({ params: req.params, keys: Object.keys(req.params) });
}

async function json(app: App, path: string): Promise<{ status: number; body: unknown }> {
  return withServer(app, async (srv) => {
    const res = await send(srv.port, { path });
    return { status: res.status, body: res.headers['content-type']?.startsWith('application/json') ? JSON.parse(res.text) : res.text };
  });
}

describe('req.params', () => {
  it('is an empty object in middleware mounted without parameters', async () => {
    const app = portico();
    app.use(params);
    assert.deepEqual((await json(app, '/a/b')).body, { params: {}, keys: [] });
  });

  it('holds the parameters of a middleware mount path', async () => {
    const app = portico();
    app.use('/:lang/docs', params);
    assert.deepEqual((await json(app, '/en/docs/intro')).body, { params: { lang: 'en' }, keys: ['lang'] });
  });

  it('lists an optional parameter that did not match among the keys', async () => {
    const app = portico();
    app.get('/u/:id/:op?', params);
    assert.deepEqual((await json(app, '/u/1')).body, { params: { id: '1' }, keys: ['id', 'op'] });
  });

  it('answers 400 for a malformed escape in a parameter, never crashing', async () => {
    const app = portico();
    app.get('/users/:id', params);
    await withServer(app, async (srv) => {
      const res = await send(srv.port, { path: '/users/%E0%A4%A' });
      assert.equal(res.status, 400);
      assert.match(res.text, /URIError: Failed to decode param &#39;%E0%A4%A&#39;/);
      assert.equal((await send(srv.port, { path: '/users/%41' })).text, '{"params":{"id":"A"},"keys":["id"]}');
    });
  });

  it('hands the decode error to error middleware as a URIError with status 400', async () => {
    const app = portico();
    app.use('/m/:id', params);
    app.use((err: URIError & { status: number; statusCode: number }, _req: Request, res: Response, _next: NextFunction) => {
      res.json({ uri: err instanceof URIError, status: err.status, statusCode: err.statusCode, message: err.message });
    });
    assert.deepEqual((await json(app, '/m/%zz')).body, { uri: true, status: 400, statusCode: 400, message: "Failed to decode param '%zz'" });
  });

  it("decodes a '*' match too", async () => {
    const app = portico();
    app.get('*', params);
    assert.deepEqual((await json(app, '/caf%C3%A9/x')).body, { params: { 0: '/café/x' }, keys: ['0'] });
    assert.equal((await json(app, '/%')).status, 400);
  });
});

describe('Router({ mergeParams })', () => {
  it('hides the parent parameters by default', async () => {
    const app = portico();
    const router = portico.Router();
    router.get('/posts/:pid', params);
    app.use('/users/:uid', router);
    assert.deepEqual((await json(app, '/users/1/posts/2')).body, { params: { pid: '2' }, keys: ['pid'] });
  });

  it('keeps the parent parameters with mergeParams, the child winning on conflict', async () => {
    const app = portico();
    const router = portico.Router({ mergeParams: true });
    router.get('/posts/:pid', params);
    router.get('/same/:uid', params);
    app.use('/users/:uid', router);
    assert.deepEqual((await json(app, '/users/1/posts/2')).body, { params: { uid: '1', pid: '2' }, keys: ['uid', 'pid'] });
    assert.deepEqual((await json(app, '/users/1/same/9')).body, { params: { uid: '9' }, keys: ['uid'] });
  });

  it('numbers the child captures after the parent ones', async () => {
    const app = portico();
    const router = portico.Router({ mergeParams: true });
    router.get(/^\/(\d+)\/(\d+)$/, params);
    app.use(/^\/(\w+)/, router);
    assert.deepEqual((await json(app, '/abc/1/2')).body, { params: { 0: 'abc', 1: '1', 2: '2' }, keys: ['0', '1', '2'] });
  });

  it('merges through several levels', async () => {
    const app = portico();
    const a = portico.Router({ mergeParams: true });
    const b = portico.Router({ mergeParams: true });
    b.get('/:c', params);
    a.use('/:b', b);
    app.use('/:a', a);
    assert.deepEqual((await json(app, '/1/2/3')).body, { params: { a: '1', b: '2', c: '3' }, keys: ['a', 'b', 'c'] });
  });

  it('gives a mounted sub-app none of the parent parameters', async () => {
    const app = portico();
    const sub = portico();
    sub.get('/:x', params);
    app.use('/:lang', sub);
    assert.deepEqual((await json(app, '/en/1')).body, { params: { x: '1' }, keys: ['x'] });
  });
});

describe('router.param(name, callback)', () => {
  it('runs for the parameters of the routes of its router', async () => {
    const app = portico();
    const router = portico.Router();
    router.param('id', (req, _res, next, value) => {
      req.params.id = 'loaded ' + String(value);
      next();
    });
    router.get('/:id', params);
    app.use('/items', router);
    assert.deepEqual((await json(app, '/items/5')).body, { params: { id: 'loaded 5' }, keys: ['id'] });
  });

  it('is not run for parameters of a parent router, even with mergeParams', async () => {
    const app = portico();
    const router = portico.Router({ mergeParams: true });
    let ran = 0;
    router.param('uid', (_req, _res, next) => {
      ran++;
      next();
    });
    router.get('/x', params);
    app.use('/u/:uid', router);
    assert.deepEqual((await json(app, '/u/1/x')).body, { params: { uid: '1' }, keys: ['uid'] });
    assert.equal(ran, 0);
  });

  it('is not inherited by a router mounted inside', async () => {
    const app = portico();
    const outer = portico.Router();
    const inner = portico.Router();
    let ran = 0;
    outer.param('id', (_req, _res, next) => {
      ran++;
      next();
    });
    inner.get('/:id', params);
    outer.use('/in', inner);
    app.use(outer);
    assert.deepEqual((await json(app, '/in/3')).body, { params: { id: '3' }, keys: ['id'] });
    assert.equal(ran, 0);
  });

  it('runs for middleware mount paths with the parameter', async () => {
    const app = portico();
    const router = portico.Router();
    router.param('lang', (_req, res, next, value) => {
      res.setHeader('X-Lang', String(value));
      next();
    });
    router.use('/:lang', (_req, res) => res.end(String(res.getHeader('X-Lang'))));
    app.use(router);
    assert.equal((await json(app, '/fr/page')).body, 'fr');
  });

  it('does not take an array as a list of names (unlike app.param)', async () => {
    const app = portico();
    const router = portico.Router();
    let ran = 0;
    router.param(['a', 'b'] as unknown as string, (_req, _res, next) => {
      ran++;
      next();
    });
    router.get('/:a/:b', params);
    app.use(router);
    assert.deepEqual((await json(app, '/1/2')).body, { params: { a: '1', b: '2' }, keys: ['a', 'b'] });
    assert.equal(ran, 0);
  });

  it('accepts the deprecated customiser form', async () => {
    const app = portico();
    const router = portico.Router();
    router.param((name: string, fn: unknown) => (typeof fn === 'string' ? (_req: Request, res: Response, next: NextFunction) => {
      res.setHeader('X-Custom', name + '=' + fn);
      next();
    } : undefined));
    router.param('id', 'marker' as never);
    router.get('/:id', (_req, res) => res.end(String(res.getHeader('X-Custom'))));
    app.use(router);
    assert.equal((await json(app, '/1')).body, 'id=marker');
  });
});
