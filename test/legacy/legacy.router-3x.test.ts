import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import legacy from '../../src/legacy/index';
import { assertSameAsExpress3, legacyFrameworks, type LegacyFramework } from '../helpers/legacy-oracle';

// The 3.x `express.Router`: a route table with `map`, `match`, `matchRequest`, `route` and a
// `middleware` function that dispatches it. Each app below answers with what the router reports.

const summary = (route: any) => (route ? { path: route.path, method: route.method, params: { ...route.params }, n: route.callbacks.length } : null);

function routerApp(fw: LegacyFramework) {
  const app = fw();
  const router = new fw.Router();
  router.route('get', '/users/:id', [function (_req: any, res: any) { res.send('user ' + _req.params.id); }]);
  router.route('get', '/users/:id?', [function (_req: any, res: any) { res.send('user? ' + _req.params.id); }]);
  router.route('post', '/users', function (_req: any, res: any) { res.send('created'); });
  router.all('/any', function (req: any, res: any) { res.send('any ' + req.method); });
  app.get('/match', (req: any, res: any) => {
    const i = Number(req.query.i ?? 0);
    res.json({
      match: summary(router.match(String(req.query.method), String(req.query.url), i)),
      matchRequest: summary(router.matchRequest({ method: req.query.method, url: req.query.url }, i)),
    });
  });
  app.use(router.middleware);
  return app;
}

describe('legacy express.Router (3.x)', () => {
  it('is a constructor whose routers carry map and middleware', () => {
    for (const [, fw] of legacyFrameworks()) {
      const router = new fw.Router();
      assert.equal(typeof router.middleware, 'function');
      assert.deepEqual(Object.keys(router.map), []);
      router.route('get', '/', function () {});
      assert.deepEqual(Object.keys(router.map), ['get']);
    }
  });

  it('router.middleware dispatches its routes when the app uses it', async () => {
    await assertSameAsExpress3(routerApp, [
      { path: '/users/7' },
      { method: 'POST', path: '/users' },
      { method: 'DELETE', path: '/any' },
      { method: 'PUT', path: '/users' },
    ]);
  });

  it('router.match(method, url, i) and router.matchRequest(req, i) find the i-th matching route', async () => {
    const requests = [];
    for (const [method, url, i] of [
      ['get', '/users/3', 0], ['get', '/users/3', 1], ['get', '/users/3', 2], ['get', '/users?x=1', 0],
      ['post', '/users', 0], ['HEAD', '/users/5', 0], ['head', '/users/5', 1], ['put', '/any', 0], ['patch', '/any', 0], ['delete', '/nothing', 0], ['GET', '/users/4', 0],
    ]) requests.push({ path: `/match?method=${method}&url=${encodeURIComponent(String(url))}&i=${i}` });
    await assertSameAsExpress3(routerApp, requests);
  });

  it('router.matchRequest(req, i) records the index of the route found, so the next call resumes after it', () => {
    const seen = legacyFrameworks().map(([, fw]) => {
      const router = new fw.Router();
      router.route('get', '/foo', function () {});
      router.route('get', '/foob?', function () {});
      router.route('head', '/h', function () {});
      router.route('get', '/foo', function () {});
      const steps: unknown[] = [];
      for (const [method, url, i] of [['GET', '/foo?bar=baz', 0], ['GET', '/foo?bar=baz', 1], ['GET', '/foo', 3], ['HEAD', '/foo', 1], ['HEAD', '/h', 0], ['GET', '/foo#frag', 0], ['GET', 'http://example.com/foob', 0]] as const) {
        const req: { method: string; url: string; _route_index?: number } = { method, url };
        const route = router.matchRequest(req, i);
        steps.push([method, url, i, route ? route.path : null, req._route_index ?? null]);
      }
      return steps;
    });
    assert.deepEqual(seen[0], seen[1]);
    // The 3.x suite's own sequence: index 1 is the second matching route, and the index is kept on req.
    assert.deepEqual(seen[0].slice(0, 3), [['GET', '/foo?bar=baz', 0, '/foo', 0], ['GET', '/foo?bar=baz', 1, '/foob?', 1], ['GET', '/foo', 3, null, null]]);
  });

  it('router.match finds nothing for a method named like an Object.prototype key', () => {
    const router = new (legacy as any).Router();
    router.route('get', '/', () => {});
    for (const method of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) assert.equal(router.match(method, '/'), undefined);
  });

  it('router.route(method, path, callbacks) throws for a null, undefined or non-function callback', () => {
    for (const bad of [null, undefined, 3, {}, 'x']) {
      const messages = legacyFrameworks().map(([, fw]) => {
        try {
          new fw.Router().route('get', '/', bad);
          return 'no throw';
        } catch (err) {
          return (err as Error).message;
        }
      });
      assert.equal(messages[0], messages[1]);
      assert.notEqual(messages[0], 'no throw');
    }
  });

  it('app.all routes are found through the app router\'s match for every verb', async () => {
    const build = (fw: LegacyFramework) => {
      const app = fw();
      app.all('/z', (_req: any, res: any) => res.send('z'));
      app.get('/verbs', (_req: any, res: any) => {
        const verbs = ['get', 'post', 'put', 'delete', 'patch', 'options', 'head', 'propfind'];
        res.json(verbs.map((v) => summary(app._router.match(v, '/z'))));
      });
      return app;
    };
    await assertSameAsExpress3(build, [{ path: '/verbs' }]);
  });
});

describe('legacy app.route (the mount path)', () => {
  it("is '/' for a top-level app and the mount path for a mounted one", async () => {
    const build = (fw: LegacyFramework) => {
      const app = fw();
      const blog = fw();
      blog.get('/x', (req: any, res: any) => res.json({ route: blog.route, parent: app.route, reqApp: req.app.route }));
      app.use('/Blog', blog);
      return app;
    };
    await assertSameAsExpress3(build, [{ path: '/blog/x' }, { path: '/Blog/x' }]);
    assert.equal((legacy() as any).route, '/');
  });
});

describe('legacy OPTIONS requests', () => {
  it('go down the middleware chain as in 3.x, and get Allow from routes that match', async () => {
    const build = (fw: LegacyFramework) => {
      const app = fw();
      app.use((req: any, res: any, next: any) => { res.setHeader('X-Seen', req.method); next(); });
      app.get('/users', (_req: any, res: any) => res.send('get'));
      app.put('/users', (_req: any, res: any) => res.send('put'));
      app.options('/own', (_req: any, res: any) => res.send('own options'));
      app.use((req: any, res: any, next: any) => (req.method === 'OPTIONS' && req.url !== '/none' ? res.send('later ' + req.url) : next()));
      return app;
    };
    await assertSameAsExpress3(build, [
      { method: 'OPTIONS', path: '/users' },
      { method: 'OPTIONS', path: '/own' },
      { method: 'OPTIONS', path: '/late' },
      { method: 'OPTIONS', path: '/none' },
    ]);
  });
});

describe('legacy app.routes', () => {
  it('starts as {} and lists routes by verb with the 3.x regexp', async () => {
    const build = (fw: LegacyFramework) => {
      const app = fw();
      const initial = JSON.stringify(app.routes) + Object.keys(app.routes).length;
      for (const p of ['/', '/z', '/a/:id', '/a/:id?', '/f/*', '/u/:id.:fmt?', '/x/:y(\\d+)']) app.get(p, (_req: any, res: any) => res.send(p));
      app.get('/routes', (_req: any, res: any) =>
        res.json({ initial, get: app.routes.get.map((r: any) => ({ path: r.path, method: r.method, regexp: String(r.regexp), keys: r.keys })) }),
      );
      return app;
    };
    await assertSameAsExpress3(build, [{ path: '/routes' }, { path: '/' }, { path: '/a/1' }, { path: '/u/2.json' }]);
    const app = legacy() as any;
    assert.equal(Object.getPrototypeOf(app.routes), Object.prototype);
    app.get('/', () => {});
    assert.deepEqual(app.routes.get[0].regexp, /^\/\/?$/i);
  });

  it('is mutable: a route removed from it stops matching', async () => {
    const build = (fw: LegacyFramework) => {
      const app = fw();
      app.get('/gone', (_req: any, res: any) => res.send('still here'));
      app.get('/kept', (_req: any, res: any) => res.send('kept'));
      app.post('/remove', (_req: any, res: any) => {
        app.routes.get.splice(0, 1);
        res.send('removed');
      });
      return app;
    };
    await assertSameAsExpress3(build, [{ path: '/gone' }, { method: 'POST', path: '/remove' }, { path: '/gone' }, { path: '/kept' }]);
  });
});

describe('legacy express.application', () => {
  it('is the app prototype: a method added to it appears on new apps', async () => {
    const build = (fw: LegacyFramework) => {
      fw.application.describe = function describe(this: any) { return 'app at ' + this.route; };
      const app = fw();
      app.get('/', (_req: any, res: any) => res.send(app.describe()));
      return app;
    };
    try {
      await assertSameAsExpress3(build, [{ path: '/' }]);
    } finally {
      for (const [, fw] of legacyFrameworks()) delete fw.application.describe;
    }
  });
});
