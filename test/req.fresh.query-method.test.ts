// req.fresh for the QUERY method (the safe method with a body), which Express 4.22 treats as GET:
// compared with express@4. Node parses QUERY requests from version 22 on; on earlier versions the
// same check runs with the method set by middleware, and a real QUERY request is refused by Node's
// parser on both frameworks alike.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { compareApps, type FrameworkLike } from './helpers/compare';

const nodeParsesQuery = http.METHODS.includes('QUERY');

/** An app answering with an ETag; middleware may set `req.method` from a header first. */
function appWithEtag(fw: FrameworkLike, rewriteMethod: boolean) {
  const app = fw();
  if (rewriteMethod) {
    app.use((req, _res, next) => {
      req.method = String(req.headers['x-method']);
      next();
    });
  }
  app.all('*', (req, res) => {
    res.set('ETag', '"v1"');
    res.set('X-Fresh', String(req.fresh));
    res.send('body for ' + req.method);
  });
  return app;
}

describe('req.fresh with the QUERY method', () => {
  it('is fresh for QUERY with a matching If-None-Match, and res.send answers 304, as on Express (method set by middleware)', async () => {
    const methods = ['QUERY', 'query', 'GET', 'POST', 'SEARCH'];
    const results = await compareApps(
      (fw) => appWithEtag(fw, true),
      methods.map((m) => ({ path: '/q', headers: { 'x-method': m, 'if-none-match': '"v1"' } })),
    );
    const statuses = results.map((r) => [r.portico.status, r.portico.headers['x-fresh']]);
    assert.deepEqual(statuses, results.map((r) => [r.express.status, r.express.headers['x-fresh']]));
    // app.all() registers the methods node knows: before QUERY was one of them (Node 18), a QUERY
    // request reaches no route on either framework.
    const unrouted = [404, undefined];
    const query = nodeParsesQuery ? [[304, 'true'], [200, 'false']] : [unrouted, unrouted];
    assert.deepEqual(statuses, [...query, [304, 'true'], [200, 'false'], [200, 'false']]);
  });

  it(`a real QUERY request ${nodeParsesQuery ? 'is answered 304 when fresh' : 'is refused by this Node version\'s parser'} on both frameworks`, async () => {
    const results = await compareApps((fw) => appWithEtag(fw, false), [
      { method: 'QUERY', path: '/q', headers: { 'if-none-match': '"v1"', 'content-type': 'text/plain' }, body: 'select' },
      { method: 'QUERY', path: '/q', headers: { 'if-none-match': '"other"', 'content-type': 'text/plain' }, body: 'select' },
    ]).catch((err: Error) => err);
    if (nodeParsesQuery) {
      assert.ok(!(results instanceof Error), String(results));
      assert.deepEqual(results.map((r) => r.portico.status), [304, 200]);
      assert.deepEqual(results.map((r) => r.express.status), [304, 200]);
      assert.equal(results[1].portico.text, results[1].express.text);
    } else {
      // Node's HTTP parser before 22 does not know the method: the connection is answered 400 or reset
      // before any framework sees it.
      if (results instanceof Error) assert.match(results.message, /socket hang up|ECONNRESET|Parse Error/i);
      else for (const r of results) assert.deepEqual([r.portico.status, r.express.status], [400, 400]);
    }
  });
});
