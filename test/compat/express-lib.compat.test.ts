// Express 4's internal modules (`express/lib/...`) as Portico publishes them under `lib/`, and the
// router internals that instrumentation patches and walks, compared with express@4 over real HTTP.
import { describe, it, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import express from 'express';
import portico from '../../src/index';
import { startServer, send } from '../helpers/server';
import type { FrameworkLike } from '../helpers/compare';

type AnyFn = (...args: any[]) => any;
type Proto = Record<string, any>;

/** The module paths of Express 4.22's `lib/` folder. */
const LIB_PATHS = [
  'express', 'application', 'request', 'response', 'utils', 'view',
  'router/index', 'router/route', 'router/layer', 'middleware/init', 'middleware/query',
] as const;

/** Each framework's `lib/` modules: Express's own, Portico's from src/lib. */
function libOf(framework: 'express' | 'portico', path: (typeof LIB_PATHS)[number]): any {
  return framework === 'express' ? require('express/lib/' + path) : require('../../src/lib/' + path);
}

const FRAMEWORKS: Array<{ name: 'express' | 'portico'; fw: FrameworkLike }> = [
  { name: 'express', fw: express },
  { name: 'portico', fw: portico as unknown as FrameworkLike },
];

/** What a module exports, as names and kinds (own members, and the prototype's for a constructor). */
function shapeOf(mod: any): { kind: string; members: string[]; proto: string[] } {
  const skip = new Set(['length', 'name', 'prototype', 'arguments', 'caller', 'constructor']);
  const members = (o: object): string[] => {
    const out = new Set<string>();
    // Portico keeps some members on a prototype where Express has them own: reachable is what counts.
    for (let p: object | null = o; p && p !== Object.prototype && p !== Function.prototype; p = Object.getPrototypeOf(p)) {
      if (p === require('node:http').IncomingMessage.prototype || p === require('node:http').ServerResponse.prototype) break;
      for (const k of Object.getOwnPropertyNames(p)) {
        if (skip.has(k) || k.startsWith('_') && k !== '_handles_method' && k !== '_options') continue;
        const d = Object.getOwnPropertyDescriptor(p, k) as PropertyDescriptor;
        out.add(k + ':' + kindOf(o, k, d));
      }
    }
    return [...out].sort();
  };
  return {
    kind: typeof mod,
    members: members(mod),
    proto: typeof mod === 'function' ? members(mod.prototype) : [],
  };
}

/**
 * The kind of member `k`. On the framework function and on plain module objects, a getter that
 * throws (Express 4's guards for middleware it no longer bundles) is an accessor and any other
 * getter (a transpiled module's export) counts as its value. Getters of prototypes are not run:
 * `req.query` read on the request prototype would memoise a query there.
 */
function kindOf(o: any, k: string, d: PropertyDescriptor): string {
  if (!d.get) return typeof d.value;
  if (o === portico.request || o === portico.response || o === express.request || o === express.response || o.constructor?.prototype === o) return 'accessor';
  try {
    return typeof o[k];
  } catch {
    return 'accessor';
  }
}

/** Patches `obj[key]` for the length of one test. */
const restorers: Array<() => void> = [];
function patch(obj: Proto, key: string, make: (original: AnyFn) => AnyFn): void {
  const had = Object.prototype.hasOwnProperty.call(obj, key);
  const original = obj[key];
  obj[key] = make(original);
  restorers.push(() => {
    if (had) obj[key] = original;
    else delete obj[key];
  });
}
afterEach(() => {
  while (restorers.length) (restorers.pop() as () => void)();
});

/** Runs `build` on both frameworks, sends each request, returns what `observe` recorded per framework. */
async function onBoth<T>(
  build: (fw: FrameworkLike, name: 'express' | 'portico', seen: T[]) => any,
  paths: string[],
): Promise<{ express: { seen: T[]; bodies: string[] }; portico: { seen: T[]; bodies: string[] } }> {
  const out: any = {};
  for (const { name, fw } of FRAMEWORKS) {
    const seen: T[] = [];
    const srv = await startServer(build(fw, name, seen));
    const bodies: string[] = [];
    try {
      for (const p of paths) {
        const r = await send(srv.port, { path: p });
        bodies.push(r.status + ' ' + r.text);
      }
    } finally {
      await srv.close();
    }
    out[name] = { seen, bodies };
  }
  return out;
}

describe('express/lib module paths', () => {
  for (const path of LIB_PATHS) {
    it(`lib/${path} exports what Express's module exports, in the same shape`, () => {
      const e = shapeOf(libOf('express', path));
      const p = shapeOf(libOf('portico', path));
      assert.equal(p.kind, e.kind);
      // Portico ships a cookie parser where Express 4 throws "no longer bundled": a deliberate addition.
      const missing = e.members.filter((m) => !p.members.includes(m) && !(path === 'express' && m === 'cookieParser:accessor'));
      const missingProto = e.proto.filter((m) => !p.proto.includes(m));
      assert.deepEqual({ missing, missingProto }, { missing: [], missingProto: [] });
    });
  }

  it('lib/express is the framework function itself; request and response are its prototypes', () => {
    assert.equal(libOf('portico', 'express'), portico);
    assert.equal(libOf('portico', 'request'), portico.request);
    assert.equal(libOf('portico', 'response'), portico.response);
    assert.equal(libOf('portico', 'application'), portico.application);
    assert.equal(libOf('portico', 'router/index'), portico.Router);
    assert.equal(libOf('portico', 'router/route'), portico.Route);
  });

  it("`const { json } = require('express/lib/response')` is res.json, callable on a response", async () => {
    const results = await onBoth<string>((fw, name) => {
      const { json } = libOf(name, 'response');
      const app = fw();
      app.get('/', (_req, res) => json.call(res, { via: 'lib/response' }));
      return app;
    }, ['/']);
    assert.deepEqual(results.portico.bodies, results.express.bodies);
    assert.deepEqual(results.portico.bodies, ['200 {"via":"lib/response"}']);
  });

  it('lib/router/layer builds layers with or without new, sharing the prototype of the layers routers make', () => {
    for (const name of ['express', 'portico'] as const) {
      const Layer = libOf(name, 'router/layer');
      const withNew = new Layer('/a/:id', {}, function named() {});
      const without = Layer('/a/:id', {}, function named() {});
      assert.ok(withNew instanceof Layer && without instanceof Layer, name);
      assert.equal(withNew.match('/a/7'), true);
      assert.deepEqual({ ...withNew.params }, { id: '7' });
      assert.equal(withNew.path, '/a/7');
      assert.equal(withNew.match('/b'), false);
      const app = (name === 'express' ? express : portico)() as any;
      app.get('/x', () => {});
      assert.ok(app._router.stack.every((l: unknown) => l instanceof Layer), name);
    }
  });

  it('lib/utils helpers answer as Express\'s do', () => {
    const e = libOf('express', 'utils');
    const p = libOf('portico', 'utils');
    assert.equal(p.etag('hello'), e.etag('hello'));
    assert.equal(p.wetag('hello'), e.wetag('hello'));
    assert.equal(p.etag(Buffer.from('hello')), e.etag(Buffer.from('hello')));
    for (const path of ['/a', 'C:\\a', '\\\\srv\\share']) assert.equal(p.isAbsolute(path), e.isAbsolute(path), path);
    assert.ok(!p.isAbsolute('a/b'));
    for (const t of ['html', 'json', 'text/html;q=0.5', 'text/plain; charset=utf-8']) assert.deepEqual(p.normalizeType(t), e.normalizeType(t), t);
    assert.deepEqual(p.normalizeTypes(['json', 'text/html']), e.normalizeTypes(['json', 'text/html']));
    for (const [type, cs] of [['text/html', 'utf-8'], ['text/html; charset=latin1', 'utf-8'], [undefined, 'utf-8'], ['text/plain', undefined]]) {
      assert.equal(p.setCharset(type, cs), e.setCharset(type, cs), String(type));
    }
    assert.equal(p.compileETag(false), e.compileETag(false));
    assert.equal(p.compileETag('strong')('x'), e.compileETag('strong')('x'));
    assert.deepEqual({ ...p.compileQueryParser('extended')('a[b]=1') }, { ...e.compileQueryParser('extended')('a[b]=1') });
    assert.equal(p.compileTrust('loopback')('127.0.0.1', 0), e.compileTrust('loopback')('127.0.0.1', 0));
    assert.throws(() => p.compileETag('bogus'), TypeError);
  });

  it('lib/middleware/init and lib/middleware/query work as middleware in a plain router', async () => {
    const results = await onBoth<string>((fw, name) => {
      const { init } = libOf(name, 'middleware/init');
      const query = libOf(name, 'middleware/query');
      const app = fw();
      const router = fw.Router();
      router.use(query({}), init(app));
      router.get('/q', (req: any, res: any) => res.json({ q: req.query, linked: req.res === res && res.req === req, hasNext: typeof req.next }));
      app.use(router);
      return app;
    }, ['/q?a[b]=1&c=2']);
    assert.deepEqual(results.portico.bodies, results.express.bodies);
  });
});

describe('router internals that tools walk', () => {
  it("an app's stack begins with the query and expressInit layers, then the app's own", () => {
    const names = FRAMEWORKS.map(({ fw }) => {
      const app = fw() as any;
      app.use(function logger(_req: unknown, _res: unknown, next: AnyFn) { next(); });
      app.get('/r', () => {});
      app.use('/sub', fw.Router());
      return app._router.stack.map((l: any) => [l.name, Object.keys(l).filter((k) => ['handle', 'name', 'params', 'path', 'keys', 'regexp', 'route'].includes(k)).sort(), String(l.regexp), { ...l.regexp }]);
    });
    assert.deepEqual(names[1], names[0]);
    assert.deepEqual(names[1].slice(0, 2).map((n: any) => n[0]), ['query', 'expressInit']);
  });

  it('a matched layer carries path, params and keys when its handler runs; req.route is the route', async () => {
    const results = await onBoth<unknown>((fw, _name, seen) => {
      const app = fw() as any;
      const router = fw.Router({ mergeParams: true });
      router.get('/items/:item', (req: any, res: any) => {
        const layers = app._router.stack.concat(router.stack);
        const matched = layers.filter((l: any) => l.path !== undefined).map((l: any) => ({ name: l.name, path: l.path, params: { ...l.params }, keys: l.keys.map((k: any) => k.name) }));
        seen.push({ matched, route: req.route.path, methods: req.route.methods, baseUrl: req.baseUrl });
        res.send('ok');
      });
      app.use('/users/:user', router);
      return app;
    }, ['/users/ann/items/42']);
    assert.deepEqual(results.portico.seen, results.express.seen);
    assert.deepEqual(results.portico.bodies, results.express.bodies);
  });

  it('process_params replaced on the Router prototype is called once per matched layer, as on Express', async () => {
    const results = await onBoth<string>((fw, name, seen) => {
      const app = fw() as any;
      app.lazyrouter();
      const proto = Object.getPrototypeOf(app._router);
      assert.equal(proto, libOf(name, 'router/index'));
      patch(proto, 'process_params', (original) => function countedProcessParams(this: unknown, layer: any, called: any, req: any, res: any, done: AnyFn) {
        seen.push(`${layer.name} ${layer.route ? layer.route.path : layer.path} ${JSON.stringify(req.params)}`);
        return original.call(this, layer, called, req, res, done);
      });
      const api = fw.Router();
      api.param('id', (req: any, _res: unknown, next: AnyFn, id: string) => {
        req.idSeen = id;
        next();
      });
      api.get('/users/:id', (req: any, res: any) => res.send('user ' + req.idSeen));
      app.use(function early(_req: unknown, _res: unknown, next: AnyFn) { next(); });
      app.use('/api', api);
      app.get('/', (_req: unknown, res: any) => res.send('home'));
      return app;
    }, ['/api/users/42', '/', '/missing']);
    assert.deepEqual(results.portico.seen, results.express.seen);
    assert.deepEqual(results.portico.bodies, results.express.bodies);
    assert.ok(results.portico.seen.some((s) => s.startsWith('bound dispatch /users/:id')));
  });

  it('Layer.prototype.handle_request, handle_error and match replaced by a tool run on every request', async () => {
    const results = await onBoth<string>((fw, name, seen) => {
      const Layer = libOf(name, 'router/layer').prototype;
      patch(Layer, 'handle_request', (original) => function tracedRequest(this: any, req: unknown, res: unknown, next: AnyFn) {
        seen.push('request ' + this.name);
        return original.call(this, req, res, next);
      });
      patch(Layer, 'handle_error', (original) => function tracedError(this: any, err: unknown, req: unknown, res: unknown, next: AnyFn) {
        seen.push('error ' + this.name);
        return original.call(this, err, req, res, next);
      });
      patch(Layer, 'match', (original) => function tracedMatch(this: any, path: string) {
        const matched = original.call(this, path);
        if (matched) seen.push('match ' + this.name + ' ' + this.path);
        return matched;
      });
      const app = fw();
      app.get('/ok', function ok(_req, res) { res.send('ok'); });
      app.get('/fail', function fail() { throw new Error('boom'); });
      app.use(function handler(err: Error, _req: unknown, res: any, _next: AnyFn) { res.status(500).send(err.message); });
      return app;
    }, ['/ok', '/fail']);
    // Express matches and calls its two entry layers; Portico does too once a tool is watching.
    assert.deepEqual(results.portico.seen, results.express.seen);
    assert.deepEqual(results.portico.bodies, ['200 ok', '500 boom']);
  });

  it('Route.prototype.dispatch and the Router prototype\'s handle replaced by a tool run on every request', async () => {
    const results = await onBoth<string>((fw, name, seen) => {
      patch(libOf(name, 'router/route').prototype, 'dispatch', (original) => function tracedDispatch(this: any, req: unknown, res: unknown, done: AnyFn) {
        seen.push('dispatch ' + this.path);
        return original.call(this, req, res, done);
      });
      patch(libOf(name, 'router/index'), 'handle', (original) => function tracedHandle(this: any, req: any, res: unknown, out: AnyFn) {
        seen.push('handle ' + req.url);
        return original.call(this, req, res, out);
      });
      const app = fw();
      const r = fw.Router();
      r.get('/b', (_req, res) => res.send('b'));
      app.use('/a', r);
      return app;
    }, ['/a/b', '/a/b']);
    assert.deepEqual(results.portico.seen, results.express.seen);
    assert.deepEqual(results.portico.bodies, results.express.bodies);
  });

  it('an accessor installed on Layer.prototype.handle wraps every handler, and a rejection is routed once', async () => {
    // The pattern of packages written for Express 4 that add promise support: every handle assigned
    // to a layer is wrapped, and the wrapper sends a rejection to `next` itself.
    const results = await onBoth<string>((fw, name, seen) => {
      const proto = libOf(name, 'router/layer').prototype;
      const key = Symbol('wrapped handle');
      Object.defineProperty(proto, 'handle', {
        configurable: true,
        get(this: any) { return this[key]; },
        set(this: any, fn: AnyFn) {
          const wrapped = function (this: unknown, ...args: any[]) {
            const ret = fn.apply(this, args);
            const next = args[args.length - 1];
            if (ret && typeof ret.catch === 'function') ret.catch((err: unknown) => next(err));
            return ret;
          };
          Object.defineProperty(wrapped, 'length', { value: fn.length });
          this[key] = wrapped;
        },
      });
      restorers.push(() => delete proto.handle);
      const app = fw();
      app.get('/async', async () => { throw new Error('async boom'); });
      app.get('/chain', async (_req: unknown, _res: unknown, next: AnyFn) => { next(); }, async () => { throw new Error('second'); });
      app.use(function handler(err: Error, _req: unknown, res: any, _next: AnyFn) {
        seen.push('handled ' + err.message);
        res.status(500).send(err.message);
      });
      return app;
    }, ['/async', '/chain']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(results.portico.seen, results.express.seen);
    assert.deepEqual(results.portico.seen, ['handled async boom', 'handled second']);
    assert.deepEqual(results.portico.bodies, results.express.bodies);
  });

  it('an async error handler that rethrows the error it was given still passes it on', async () => {
    const app = portico();
    app.get('/', () => { throw new Error('first'); });
    app.use(async (err: Error) => { throw err; });
    app.use((err: Error, _req: unknown, res: any, _next: AnyFn) => { res.status(599).send('again ' + err.message); });
    const srv = await startServer(app as any);
    try {
      const r = await send(srv.port, { path: '/' });
      assert.equal(r.status, 599);
      assert.equal(r.text, 'again first');
    } finally {
      await srv.close();
    }
  });
});
