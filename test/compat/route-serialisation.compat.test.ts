import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compareApps, type FrameworkLike } from '../helpers/compare';
import { compareRouters, type Next, type Res } from '../helpers/router5-compare';

/*
 * Issue 28: apps log and return `req.route`. `JSON.stringify` of it, and of the router's layers,
 * shows Express 4's fields only: what a layer keeps for its own matching is under Symbols.
 */

function routeJsonApp(framework: FrameworkLike) {
  const app = framework();
  const appStack = (): Array<Record<string, unknown>> => (app as unknown as { _router: { stack: Array<Record<string, unknown>> } })._router.stack;
  app.use(function named(_req, _res, next) {
    next();
  });
  app.get('/r/:id', (req, res) => res.json({ route: JSON.stringify(req.route), keys: Object.keys(req.route as object).sort() }));
  app.get('/plain/path', (req, res) => res.json({ route: JSON.stringify(req.route) }));
  app.get('*', (req, res, next) => (req.path === '/star' ? res.json({ route: JSON.stringify(req.route) }) : next()));
  const router = framework.Router();
  router.post('/x', (req, res) => res.json({ route: JSON.stringify(req.route) }));
  app.use('/mounted', router);
  app.get('/layers', (_req, res) => {
    // The field names (what a past match left in `params` and `path`, and the keys' `offset`, differ and are not this test's concern).
    const layers = appStack().map((layer) => Object.keys(JSON.parse(JSON.stringify(layer)) as object).filter((k) => k !== 'params' && k !== 'path').sort());
    const routeLayer = appStack().find((layer) => layer.route !== undefined) as { route: { stack: object[] } };
    res.json({ layers, routeStack: JSON.stringify(routeLayer.route.stack) });
  });
  return app;
}

describe('JSON.stringify(req.route) and of the router layers, on Portico and express@4 (differential)', () => {
  it('shows the same fields as Express 4', async () => {
    const pairs = await compareApps(routeJsonApp, [{ path: '/r/7' }, { path: '/plain/path' }, { path: '/star' }, { path: '/mounted/x', method: 'POST' }, { path: '/layers' }]);
    assert.match(pairs[0].express.text, /methods/);
    for (const { portico, express } of pairs) {
      assert.equal(portico.status, express.status);
      assert.deepEqual(JSON.parse(portico.text), JSON.parse(express.text));
    }
  });
});

/*
 * What `Object.keys` and `console.log` show of a layer, in order: Express 4's layers list `handle`
 * first, a router's layers end with `route` (undefined for middleware), a route's with `method`;
 * Express 5's show router 2's fields instead.
 */
type AnyLayer = Record<string, unknown> & { route?: { stack: Array<Record<string, unknown>> } };

function layerKeys(stack: AnyLayer[]): { router: string[][]; routes: string[][][] } {
  return {
    router: stack.map((layer) => Object.keys(layer)),
    routes: stack.filter((layer) => layer.route !== undefined).map((layer) => layer.route!.stack.map((inner) => Object.keys(inner))),
  };
}

function layerOrderApp(framework: FrameworkLike) {
  const app = framework();
  const stack = (): AnyLayer[] => (app as unknown as { _router: { stack: AnyLayer[] } })._router.stack;
  app.use(function named(_req, _res, next) {
    next();
  });
  const router = framework.Router();
  router.get('/x', (_req, res) => res.json(layerKeys(router.stack as unknown as AnyLayer[])));
  app.use('/mounted', router);
  app.route('/both').get((_req, _res, next) => next()).all((_req, res) => res.json(layerKeys(stack())));
  app.get('/r/:id', (_req, res) => res.json(layerKeys(stack())));
  return app;
}

describe('the own fields of router layers, in order, on Portico and express@4 (differential)', () => {
  it('lists handle, name, params, path, keys, regexp, then route or method, as Express 4 does', async () => {
    const pairs = await compareApps(layerOrderApp, [{ path: '/r/1' }, { path: '/both' }, { path: '/mounted/x' }]);
    assert.deepEqual(JSON.parse(pairs[0].express.text).routes[0][0], ['handle', 'name', 'params', 'path', 'keys', 'regexp', 'method']);
    for (const { portico, express } of pairs) {
      assert.equal(portico.status, 200);
      assert.deepEqual(JSON.parse(portico.text), JSON.parse(express.text));
    }
  });
});

describe('the own fields of router layers, in order, on Portico and router@2 (differential)', () => {
  it("lists router 2's fields in router 2's order", async () => {
    const responses = await compareRouters((Router) => {
      const router = Router();
      router.use(function named(_req: unknown, _res: unknown, next: Next) {
        next();
      });
      const inner = Router();
      inner.get('/x', (_req: unknown, res: Res) => res.end(JSON.stringify(layerKeys(inner.stack as AnyLayer[]))));
      router.use('/mounted', inner);
      router.route('/both').get((_req: unknown, _res: unknown, next: Next) => next()).all((_req: unknown, res: Res) => res.end(JSON.stringify(layerKeys(router.stack as AnyLayer[]))));
      return router;
    }, ['/both', '/mounted/x']);
    assert.deepEqual(JSON.parse(responses[0].text).routes[0][0], ['handle', 'name', 'rawPath', 'slash', 'matchers', 'method']);
  });
});
