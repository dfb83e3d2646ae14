import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import portico from '../src/index';
import type { Request, Response } from '../src/index';
import { withServer, send } from './helpers/server';

type App = ReturnType<typeof portico>;

function say(text: string) {
  return function saying(_req: Request, res: Response): void {
    res.end(text);
  };
}

async function fetchText(app: App, path: string, method = 'GET'): Promise<string> {
  return withServer(app, async (srv) => {
    const res = await send(srv.port, { path, method });
    return res.status === 200 ? res.text : String(res.status);
  });
}

describe('portico.Router([options])', () => {
  it('returns a function usable as middleware, with or without new', async () => {
    const router = portico.Router();
    const constructed = new (portico.Router as unknown as new () => typeof router)();
    assert.equal(typeof router, 'function');
    assert.equal(typeof constructed.use, 'function');
    router.get('/x', say('routed'));
    const app = portico();
    app.use(router);
    assert.equal(await fetchText(app, '/x'), 'routed');
  });

  it('starts with an empty stack and no param callbacks', () => {
    const router = portico.Router();
    assert.deepEqual(router.stack, []);
    assert.deepEqual(Object.keys(router.params), []);
  });

  describe('caseSensitive', () => {
    it('is off by default: /Foo and /foo are the same', async () => {
      const app = portico();
      const router = portico.Router();
      router.get('/Foo', say('foo'));
      app.use(router);
      assert.equal(await fetchText(app, '/foo'), 'foo');
    });

    it('tells /Foo and /foo apart when on, for routes and mount paths', async () => {
      const app = portico();
      const router = portico.Router({ caseSensitive: true });
      router.get('/Foo', say('Foo'));
      router.use('/Mw', say('Mw'));
      app.use(router);
      assert.equal(await fetchText(app, '/Foo'), 'Foo');
      assert.equal(await fetchText(app, '/foo'), '404');
      assert.equal(await fetchText(app, '/Mw/x'), 'Mw');
      assert.equal(await fetchText(app, '/mw/x'), '404');
    });
  });

  describe('strict', () => {
    it('is off by default: /foo and /foo/ are the same', async () => {
      const app = portico();
      const router = portico.Router();
      router.get('/foo', say('foo'));
      app.use(router);
      assert.equal(await fetchText(app, '/foo/'), 'foo');
    });

    it('tells /foo and /foo/ apart when on, for routes only', async () => {
      const app = portico();
      const router = portico.Router({ strict: true });
      router.get('/foo', say('foo'));
      router.get('/bar/', say('bar/'));
      router.use('/mw', say('mw'));
      app.use(router);
      assert.equal(await fetchText(app, '/foo'), 'foo');
      assert.equal(await fetchText(app, '/foo/'), '404');
      assert.equal(await fetchText(app, '/bar'), '404');
      assert.equal(await fetchText(app, '/bar/'), 'bar/');
      assert.equal(await fetchText(app, '/mw/'), 'mw');
    });
  });

  it('turns an option on with any truthy value', async () => {
    const app = portico();
    const router = portico.Router({ mergeParams: 1, caseSensitive: 'yes', strict: {} } as never);
    router.get('/Leaf/', (req, res) => res.json(req.params));
    app.use('/:id', router);
    assert.equal(await fetchText(app, '/7/Leaf/'), '{"id":"7"}');
    assert.equal(await fetchText(app, '/7/leaf/'), '404');
    assert.equal(await fetchText(app, '/7/Leaf'), '404');
    assert.ok(!portico.Router().mergeParams);
  });
});

describe('router methods', () => {
  it('router.METHOD routes by method; router.all routes every method', async () => {
    const app = portico();
    const router = portico.Router();
    router.post('/x', say('post'));
    router.all('/x', say('all'));
    app.use(router);
    assert.equal(await fetchText(app, '/x', 'POST'), 'post');
    assert.equal(await fetchText(app, '/x', 'PUT'), 'all');
  });

  it('returns the router from use, METHOD, all and param, so calls chain', () => {
    const router = portico.Router();
    assert.equal(router.use(say('a')), router);
    assert.equal(router.get('/a', say('a')), router);
    assert.equal(router.all('/a', say('a')), router);
    assert.equal(router.param('a', (_req, _res, next) => next()), router);
  });

  it('router.route(path) returns a route whose position is fixed at creation', async () => {
    const app = portico();
    const router = portico.Router();
    const route = router.route('/x');
    router.get('/x', say('later route'));
    route.get(say('first route'));
    app.use(router);
    assert.equal(route.path, '/x');
    assert.equal(await fetchText(app, '/x'), 'first route');
  });

  it('route methods chain and flatten nested arrays of handlers', async () => {
    const app = portico();
    const router = portico.Router();
    const mark = (name: string) => (_req: Request, res: Response, next: () => void) => {
      res.setHeader('X-' + name, '1');
      next();
    };
    router
      .route('/x')
      .all(mark('all'))
      .get([mark('a'), [mark('b')]], (_req, res) => res.end(Object.keys(res.getHeaders()).filter((h) => h.startsWith('x-') && h !== 'x-powered-by').join(',')));
    app.use(router);
    assert.equal(await fetchText(app, '/x'), 'x-all,x-a,x-b');
  });

  it('router.use mounts on a path and strips it, with the forms of app.use', async () => {
    const app = portico();
    const router = portico.Router();
    const echo = (req: Request, res: Response) => res.end(req.baseUrl + ' ' + req.url);
    router.use('/one', echo);
    router.use(['/two', /^\/three/], echo);
    router.use([[echo]]);
    app.use('/r', router);
    assert.equal(await fetchText(app, '/r/one/x'), '/r/one /x');
    assert.equal(await fetchText(app, '/r/two'), '/r/two /');
    assert.equal(await fetchText(app, '/r/three/y'), '/r/three /y');
    assert.equal(await fetchText(app, '/r/other'), '/r /other');
  });

  it('rejects use() without a function, naming what it got', () => {
    const router = portico.Router();
    assert.throws(() => (router.use as unknown as () => void)(), /Router.use\(\) requires a middleware function$/);
    assert.throws(() => router.use('/x'), /Router.use\(\) requires a middleware function$/);
    assert.throws(() => router.use('/x', 'nope' as never), /requires a middleware function but got a string/);
    assert.throws(() => router.use('/x', {} as never), /requires a middleware function but got a Object/);
    assert.throws(() => router.use('/x', null as never), /requires a middleware function but got a Null/);
  });

  it('accepts a route method with no handlers: the route then passes every request on', async () => {
    const app = portico();
    const router = portico.Router();
    (router.get as unknown as (path: string) => void)('/x');
    router.get('/x', say('second'));
    app.use(router);
    assert.equal(await fetchText(app, '/x'), 'second');
  });

  it('rejects route handlers that are not functions', () => {
    const router = portico.Router();
    assert.throws(() => router.get('/x', undefined as never), /Route.get\(\) requires a callback function but got a \[object Undefined\]/);
    assert.throws(() => router.route('/x').post(5 as never), (err: Error) => !(err instanceof TypeError) && /Route.post\(\)/.test(err.message));
    assert.throws(() => router.route('/x').all({} as never), (err: Error) => err instanceof TypeError && /Route.all\(\) requires a callback function but got a \[object Object\]/.test(err.message));
  });
});

describe('a router as middleware', () => {
  it('can be mounted on several apps and paths', async () => {
    const router = portico.Router();
    router.get('/leaf', (req, res) => res.end(req.baseUrl));
    const a = portico();
    const b = portico();
    a.use('/a', router);
    b.use('/b1', router);
    b.use('/b2', router);
    assert.equal(await fetchText(a, '/a/leaf'), '/a');
    assert.equal(await fetchText(b, '/b2/leaf'), '/b2');
  });

  it('can be mounted inside another router', async () => {
    const app = portico();
    const outer = portico.Router();
    const inner = portico.Router();
    inner.get('/leaf', (req, res) => res.end(req.baseUrl + ' ' + req.originalUrl));
    outer.use('/inner', inner);
    app.use('/outer', outer);
    assert.equal(await fetchText(app, '/outer/inner/leaf?q'), '/outer/inner /outer/inner/leaf?q');
  });

  it('hands the request back with next() when nothing in it answers', async () => {
    const app = portico();
    const router = portico.Router();
    router.get('/other', say('other'));
    app.use('/r', router);
    app.use((req, res) => res.end('after ' + req.url));
    assert.equal(await fetchText(app, '/r/x'), 'after /r/x');
  });

  it('runs middleware of one router for another mounted on the same path', async () => {
    const app = portico();
    const first = portico.Router();
    const second = portico.Router();
    first.use((_req, res, next) => {
      res.setHeader('X-First', 'ran');
      next();
    });
    second.get('/x', (_req, res) => res.end(String(res.getHeader('X-First'))));
    app.use('/p', first);
    app.use('/p', second);
    assert.equal(await fetchText(app, '/p/x'), 'ran');
  });

  it('can be called as a plain function with (req, res, next)', async () => {
    const router = portico.Router();
    router.get('/x', say('direct'));
    const app = portico();
    app.use((req, res, next) => router(req, res, next));
    assert.equal(await fetchText(app, '/x'), 'direct');
  });
});

describe('router internals read by route-listing tools', () => {
  interface ToolLayer {
    name: string;
    handle: { stack?: ToolLayer[] };
    regexp: RegExp & { fast_slash?: boolean; fast_star?: boolean };
    keys: Array<{ name: string | number; optional: boolean }>;
    route?: { path: unknown; methods: Record<string, boolean>; stack: Array<{ method: string; name: string }> };
  }

  it('exposes app._router.stack with routes, nested routers and the RegExp shortcuts', () => {
    const app = portico();
    const router = portico.Router();
    router.post('/items/:id', function createItem() {});
    app.use(function logger(_req, _res, next) {
      next();
    });
    app.use('/api', router);
    app.get('*', function notFound() {});
    const stack = (app as unknown as { _router: { stack: ToolLayer[] } })._router.stack;
    const [logger, mounted, star] = stack.slice(-3);
    assert.equal(logger.name, 'logger');
    assert.equal(logger.regexp.fast_slash, true);
    assert.equal(mounted.name, 'router');
    assert.equal(mounted.regexp.fast_slash, false);
    assert.ok(mounted.regexp.test('/api/items/1'));
    const inner = mounted.handle.stack?.[0];
    assert.equal(inner?.route?.path, '/items/:id');
    assert.deepEqual(inner?.route?.methods, { post: true });
    assert.ok(Object.prototype.hasOwnProperty.call(inner?.route?.methods, 'post'));
    assert.deepEqual(inner?.keys.map((k) => k.name), ['id']);
    assert.deepEqual(inner?.route?.stack.map((l) => [l.method, l.name]), [['post', 'createItem']]);
    assert.equal(star.regexp.fast_star, true);
  });

  it("names route, sub-app and router layers as Express does ('bound dispatch', 'mounted_app', 'router')", () => {
    const app = portico();
    app.get('/x', say('x'));
    app.use('/sub', portico());
    app.use('/r', portico.Router());
    const stack = (app as unknown as { _router: { stack: ToolLayer[] } })._router.stack;
    assert.deepEqual(stack.map((layer) => layer.name), ['query', 'expressInit', 'bound dispatch', 'mounted_app', 'router']);
  });

  it('gives every router the Router factory as prototype, so methods replaced on it reach all routers', async () => {
    const Router = portico.Router as unknown as Record<string, unknown>;
    const router = portico.Router();
    assert.equal(Object.getPrototypeOf(router), portico.Router);
    assert.equal(typeof Router.use, 'function');
    assert.equal(typeof Router.route, 'function');
    const original = Router.get as (this: unknown, ...args: unknown[]) => unknown;
    Router.get = function countedGet(this: unknown, ...args: unknown[]) {
      return original.apply(this, ['/patched' + String(args[0]), ...args.slice(1)]);
    };
    try {
      portico.Router().get('/x', say('unused'));
      router.get('/x', say('patched'));
    } finally {
      delete Router.get;
    }
    const app = portico();
    app.use(router);
    assert.equal(await fetchText(app, '/patched/x'), 'patched');
    assert.equal(await fetchText(app, '/x'), '404');
  });

  it("answers Express's private route queries _handles_method and _options", () => {
    const route = new portico.Route('/p') as unknown as {
      get(fn: () => void): void;
      put(fn: () => void): void;
      _handles_method(method: string): boolean;
      _options(): string[];
    };
    route.get(() => {});
    route.put(() => {});
    assert.equal(route._handles_method('head'), true);
    assert.equal(route._handles_method('GET'), true);
    assert.equal(route._handles_method('post'), false);
    assert.deepEqual(route._options(), ['GET', 'PUT', 'HEAD']);
  });

  it('leaves a RegExp path given by the application untouched', () => {
    const app = portico();
    const pattern = /^\/re/;
    app.use(pattern, function regexMiddleware() {});
    assert.equal(Object.prototype.hasOwnProperty.call(pattern, 'fast_slash'), false);
  });
});
