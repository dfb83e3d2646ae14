import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compareApps, type FrameworkLike } from '../helpers/compare';

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
