import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import portico from '../src/index';
import type { NextFunction, Request, Response } from '../src/index';
import { withServer, send } from './helpers/server';

/** Middleware that appends `name` to `res.locals.trail`, then continues. */
function step(name: string) {
  return function stepper(_req: Request, res: Response, next: NextFunction): void {
    (res.locals.trail ??= []).push(name);
    next();
  };
}

/** Answers with the trail so far plus `name`. */
function answer(name: string) {
  return function answering(_req: Request, res: Response): void {
    res.end([...(res.locals.trail ?? []), name].join(','));
  };
}

async function get(app: ReturnType<typeof portico>, path: string, method = 'GET'): Promise<{ status: number; text: string }> {
  return withServer(app, (srv) => send(srv.port, { path, method }));
}

describe('router dispatch', () => {
  describe('registration order', () => {
    it('runs middleware and routes in the order they were added', async () => {
      const app = portico();
      app.use(step('a'));
      app.get('/x', step('route'));
      app.use(step('b'));
      app.get('/x', answer('end'));
      assert.equal((await get(app, '/x')).text, 'a,route,b,end');
    });

    it('stops at a handler that answers without calling next()', async () => {
      const app = portico();
      app.get('/x', answer('first'));
      app.get('/x', answer('second'));
      assert.equal((await get(app, '/x')).text, 'first');
    });

    it('keeps the position of a route fixed when its handlers are added later', async () => {
      const app = portico();
      const route = app.route('/x');
      app.use(step('after route'));
      route.get(answer('route'));
      assert.equal((await get(app, '/x')).text, 'route');
    });
  });

  describe("next('route')", () => {
    it('skips the remaining handlers of the route and goes on with the next layer', async () => {
      const app = portico();
      app.get('/x', step('1'), (_req, _res, next) => next('route'), step('never'));
      app.get('/x', answer('2'));
      assert.equal((await get(app, '/x')).text, '1,2');
    });

    it('acts as next() in plain middleware', async () => {
      const app = portico();
      app.use((_req, _res, next) => next('route'));
      app.get('/x', answer('reached'));
      assert.equal((await get(app, '/x')).text, 'reached');
    });
  });

  describe("next('router')", () => {
    it('leaves the router and continues in its parent', async () => {
      const app = portico();
      const router = portico.Router();
      router.get('/x', step('in router'), (_req, _res, next) => next('router'));
      router.get('/x', answer('never'));
      app.use(router);
      app.get('/x', answer('parent'));
      assert.equal((await get(app, '/x')).text, 'in router,parent');
    });

    it('ends in a 404 when used in the top-level app', async () => {
      const app = portico();
      app.get('/x', (_req, _res, next) => next('router'));
      app.get('/x', answer('never'));
      const res = await get(app, '/x');
      assert.equal(res.status, 404);
    });
  });

  describe('errors', () => {
    it('skips ordinary middleware and routes until an error handler', async () => {
      const app = portico();
      app.use((_req, _res, next) => next(new Error('boom')));
      app.use(step('skipped'));
      app.get('/x', answer('skipped route'));
      app.use((err: Error, _req: Request, res: Response, _next: NextFunction) => {
        res.status(500).end('handled ' + err.message);
      });
      const res = await get(app, '/x');
      assert.equal(res.status, 500);
      assert.equal(res.text, 'handled boom');
    });

    it('treats a function with fewer than four parameters as ordinary middleware', async () => {
      const app = portico();
      app.use((_req, _res, next) => next(new Error('boom')));
      app.use(function threeParameters(_err: unknown, _req: unknown, res: Response) {
        res.end('wrongly called');
      } as never);
      app.use((err: Error, _req: Request, res: Response, _next: NextFunction) => {
        res.end('four: ' + err.message);
      });
      assert.equal((await get(app, '/x')).text, 'four: boom');
    });

    it('skips error handlers when there is no error', async () => {
      const app = portico();
      app.use((_err: unknown, _req: Request, res: Response, _next: NextFunction) => {
        res.end('error handler');
      });
      app.use(answer('ordinary'));
      assert.equal((await get(app, '/x')).text, 'ordinary');
    });

    it('catches an exception thrown by a handler', async () => {
      const app = portico();
      app.get('/x', () => {
        throw Object.assign(new Error('thrown'), { status: 418 });
      });
      app.use((err: Error & { status: number }, _req: Request, res: Response, _next: NextFunction) => {
        res.status(err.status).end(err.message);
      });
      const res = await get(app, '/x');
      assert.equal(res.status, 418);
      assert.equal(res.text, 'thrown');
    });

    it('runs error handlers inside a route and recovers with next()', async () => {
      const app = portico();
      app.get(
        '/x',
        (_req, _res, next) => next(new Error('first')),
        step('skipped'),
        (err: Error, _req: Request, res: Response, next: NextFunction) => {
          res.locals.trail = ['recovered from ' + err.message];
          next();
        },
        answer('end'),
      );
      assert.equal((await get(app, '/x')).text, 'recovered from first,end');
    });

    it('does not enter routes while an error is pending', async () => {
      const app = portico();
      app.use((_req, _res, next) => next(new Error('pending')));
      app.get('/x', (_err: unknown, _req: Request, res: Response, _next: NextFunction) => {
        res.end('route error handler');
      });
      app.use((err: Error, _req: Request, res: Response, _next: NextFunction) => {
        res.end('app-level: ' + err.message);
      });
      assert.equal((await get(app, '/x')).text, 'app-level: pending');
    });
  });

  describe('routes', () => {
    it("runs a route's all() handlers in the order they were added among the others", async () => {
      const app = portico();
      app.route('/x').get(step('get')).all(step('all')).get(answer('end'));
      assert.equal((await get(app, '/x')).text, 'get,all,end');
      assert.equal((await get(app, '/x', 'POST')).status, 404);
    });

    it('serves HEAD with GET handlers unless a head route came earlier', async () => {
      const app = portico();
      app.get('/g', (req, res) => {
        res.setHeader('X-Seen', req.method);
        res.end('body');
      });
      app.head('/h', (_req, res) => {
        res.setHeader('X-Seen', 'head route');
        res.end();
      });
      app.get('/h', (_req, res) => {
        res.setHeader('X-Seen', 'get route');
        res.end();
      });
      await withServer(app, async (srv) => {
        const g = await send(srv.port, { method: 'HEAD', path: '/g' });
        assert.equal(g.headers['x-seen'], 'HEAD');
        assert.equal(g.text, '');
        const h = await send(srv.port, { method: 'HEAD', path: '/h' });
        assert.equal(h.headers['x-seen'], 'head route');
      });
    });

    it('sets req.route to the matched route', async () => {
      const app = portico();
      app.get('/users/:id', (req, res) => {
        const route = req.route as { path: string; methods: Record<string, boolean>; stack: Array<{ name: string; method: string }> };
        res.json({ path: route.path, methods: route.methods, stack: route.stack.map((l) => [l.name, l.method]) });
      });
      const res = await get(app, '/users/1');
      assert.deepEqual(JSON.parse(res.text), { path: '/users/:id', methods: { get: true }, stack: [['<anonymous>', 'get']] });
    });

    it('resets req.params after a route and after a mounted router', async () => {
      const app = portico();
      const router = portico.Router();
      router.get('/:inner', (req, _res, next) => {
        req.params.inner = 'changed';
        next();
      });
      app.use('/:outer', router);
      app.get('/:top', (req, _res, next) => {
        req.params.top = 'changed';
        next();
      });
      app.use((req, res) => {
        res.json(req.params);
      });
      assert.equal((await get(app, '/a/b')).text, '{}');
    });

    it('gives each route its own params', async () => {
      const app = portico();
      app.get('/:a/:b', (req, _res, next) => {
        (req.params as Record<string, string>).extra = 'x';
        next();
      });
      app.get('/:c/*', (req, res) => {
        res.json(req.params);
      });
      assert.deepEqual(JSON.parse((await get(app, '/1/2')).text), { 0: '2', c: '1' });
    });
  });

  describe('mounted middleware', () => {
    it('strips the mount path from req.url and restores it afterwards', async () => {
      const app = portico();
      app.use('/blog', (req, res, next) => {
        res.locals.inside = req.url + ' ' + req.baseUrl;
        next();
      });
      app.use((req, res) => {
        res.end(String(res.locals.inside) + ' | ' + req.url + ' ' + JSON.stringify(req.baseUrl));
      });
      assert.equal((await get(app, '/blog/post?x=1')).text, '/post?x=1 /blog | /blog/post?x=1 ""');
      assert.equal((await get(app, '/blog')).text, '/ /blog | /blog ""');
    });

    it('does not match a path that merely starts with the mount path', async () => {
      const app = portico();
      app.use('/blog', answer('blog'));
      app.use(answer('other'));
      assert.equal((await get(app, '/blogs')).text, 'other');
      assert.equal((await get(app, '/blog.json')).text, 'other');
    });

    it('survives thousands of synchronous layers without overflowing the stack', async () => {
      const app = portico();
      for (let i = 0; i < 20000; i++) app.use((_req, _res, next) => next());
      const route = app.route('/deep');
      for (let i = 0; i < 20000; i++) route.get((_req, _res, next) => next());
      route.get(answer('bottom'));
      assert.equal((await get(app, '/deep')).text, 'bottom');
    });
  });
});
