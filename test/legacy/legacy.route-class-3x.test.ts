import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertSameAsExpress3, type LegacyFramework } from '../helpers/legacy-oracle';

/* Issue 28: the 3.x Router's match(), matchRequest(), map and app.routes hold `Route` instances
   (express.Route), with 3.x's own properties, whether added by a verb method or by .all. */

type Any = any; // both frameworks' 3.x shapes

/** What an app can observe of a route: its class, the exported class, own keys and values. */
function describeRoute(framework: LegacyFramework, route: Any): unknown {
  if (route === undefined) return null;
  return {
    constructor: route.constructor.name,
    isRoute: route instanceof framework.Route,
    keys: Object.keys(route),
    prototype: Object.getOwnPropertyNames(Object.getPrototypeOf(route)),
    path: String(route.path),
    method: route.method,
    callbacks: route.callbacks.map((fn: { name: string }) => fn.name),
    routeKeys: route.keys,
    regexp: String(route.regexp),
    params: route.params === undefined ? 'none' : { list: [...route.params], named: { ...route.params } },
  };
}

function build(framework: LegacyFramework) {
  const app = framework();
  function show(req: Any, res: Any) {
    const router = app._router;
    res.json({
      matchRequest: describeRoute(framework, router.matchRequest(req)),
      matchSecond: describeRoute(framework, router.matchRequest(req, 1)),
      match: describeRoute(framework, router.match('GET', '/user/42?x=1')),
      matchHead: describeRoute(framework, router.match('HEAD', '/user/%E2%82%AC')),
      matchNone: describeRoute(framework, router.match('GET', '/nothing')),
      allRoutes: ['get', 'post', 'delete'].map((verb) => describeRoute(framework, app.routes[verb].find((r: Any) => r.path === '/any/:x?'))),
    });
  }
  app.get('/user/:id', show);
  app.all('/any/:x?', show);
  app.get(/^\/re\/(\d+)$/, show);
  return app;
}

function standalone(framework: LegacyFramework) {
  const app = framework();
  app.get('/', (_req: Any, res: Any) => {
    const router = new framework.Router();
    const h = function h() {};
    router.route('get', '/p/:a/:b', h);
    router.all('/all', h);
    const route = new framework.Route('get', '/q/:x', [h], { sensitive: true });
    const matched = route.match('/q/%41');
    res.json({
      routerClass: router.all('/again', h) === router,
      match: describeRoute(framework, router.match('GET', '/p/1/2')),
      all: describeRoute(framework, router.match('PUT', '/all')),
      matchRequest: describeRoute(framework, router.matchRequest({ method: 'GET', url: '/p/a/b?c' })),
      route: describeRoute(framework, route),
      matched,
      unmatched: route.match('/Q/1'),
      routeLength: framework.Route.length,
      plain: describeRoute(framework, new framework.Route('get', '/Z', [h])),
    });
  });
  return app;
}

describe('legacy Route instances from the 3.x router (differential, express@3)', () => {
  it("the app router's match(), matchRequest() and routes added by .all are Routes", async () => {
    const pairs = await assertSameAsExpress3(build, [
      { path: '/user/7' },
      { path: '/any/thing', method: 'POST' },
      { path: '/any', method: 'DELETE' },
      { path: '/re/12' },
    ]);
    const body = JSON.parse(pairs[0].portico.text);
    assert.equal(body.matchRequest.constructor, 'Route');
    assert.equal(body.matchRequest.isRoute, true);
    assert.equal(body.allRoutes[1].constructor, 'Route');
  });

  it('a new Router and new Route behave as in express@3', async () => {
    const pairs = await assertSameAsExpress3(standalone, [{ path: '/' }]);
    const body = JSON.parse(pairs[0].portico.text);
    assert.equal(body.match.isRoute, true);
    assert.equal(body.all.constructor, 'Route');
  });
});
