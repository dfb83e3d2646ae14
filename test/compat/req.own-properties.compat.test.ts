import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compareApps, type FrameworkLike } from '../helpers/compare';

/*
 * Issue 28: code that enumerates `req` (`Object.keys`, `for…in`, assertion libraries' `superset`)
 * finds the properties Express 4 sets on it (`query`, `params`, `route`, `baseUrl`, `originalUrl`,
 * `res`, `next`) as own, enumerable ones, at every stage: middleware, route handler, mounted app.
 * Portico also keeps `app` as an own property of `req` and `res` (Express inherits it from
 * `app.request`); that extra key is left out of the comparison and documented.
 */

/** The keys Express's router, query middleware and init middleware add to `req`. */
const EXPRESS_KEYS = ['query', 'params', 'route', 'baseUrl', 'originalUrl', 'res', 'next', 'body'];

/** Of `keys`, the ones Express adds, sorted. */
function expressAdded(keys: string[]): string[] {
  return keys.filter((k) => EXPRESS_KEYS.includes(k)).sort();
}

/** What enumerating `req` shows at one stage: Object.keys and for…in, limited to Express's keys. */
function enumeration(req: object): { keys: string[]; forIn: string[]; queryOwnEnumerable: boolean } {
  const forIn: string[] = [];
  for (const k in req) forIn.push(k);
  return {
    keys: expressAdded(Object.keys(req)),
    forIn: expressAdded(forIn),
    queryOwnEnumerable: Object.getOwnPropertyDescriptor(req, 'query')?.enumerable === true,
  };
}

function enumeratingApp(framework: FrameworkLike) {
  const app = framework();
  const seen: Record<string, unknown> = {};
  app.use((req, _res, next) => {
    seen.middleware = enumeration(req);
    next();
  });
  app.get('/r/:id', (req, res) => {
    res.json({ ...seen, handler: enumeration(req), query: req.query });
  });
  app.post('/body', framework.json(), (req, res) => res.json({ handler: enumeration(req) }));
  const sub = framework();
  sub.get('/x', (req, res) => res.json({ sub: enumeration(req), query: req.query }));
  app.use('/s', sub);
  const router = framework.Router();
  router.get('/y', (req, res) => res.json({ router: enumeration(req) }));
  app.use('/rt', router);
  return app;
}

describe('what enumerating req shows, on Portico and express@4 (differential)', () => {
  it('query, params, route, baseUrl, originalUrl, res and next are own enumerable keys where Express sets them', async () => {
    const pairs = await compareApps(enumeratingApp, [
      { path: '/r/1?a=1&b[c]=2' },
      { path: '/r/2' },
      { path: '/s/x?z=9' },
      { path: '/rt/y?k=v' },
      { path: '/body?q=1', method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' },
    ]);
    const first = JSON.parse(pairs[0].express.text) as { handler: { keys: string[]; queryOwnEnumerable: boolean } };
    assert.ok(first.handler.keys.includes('query'));
    assert.equal(first.handler.queryOwnEnumerable, true);
    for (const { portico, express } of pairs) {
      assert.equal(portico.status, express.status);
      assert.deepEqual(JSON.parse(portico.text), JSON.parse(express.text));
    }
  });
});
