import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import v8 from 'node:v8';
import type http2 from 'node:http2';
import portico from '../../src/index';
import { startCleartextHttp2, connect, request, HTTP2_STARTUPS, type RunningHttp2Server, type H2Response } from '../helpers/http2';
import type { Listener } from '../helpers/server';

/*
 * The cost of a request over h2 depends on its objects keeping one V8 shape ("map") from request to
 * request: node:http2's request and response take Portico's prototype as they enter the app, and V8
 * gives each object that gains a property after such a change a map of its own, so every property
 * access on it misses its inline cache (a hello-world request cost twice the CPU). Portico creates
 * the fields it sets later before the change. This file checks, with V8's own predicate, that two
 * requests served at the same moment have the same map in the handler, after routing and parsing.
 */

v8.setFlagsFromString('--allow-natives-syntax');
// Parsed after the flag is set: `%HaveSameMap` is V8's test of two objects' hidden classes.
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;

interface Held {
  req: object;
  res: object;
  answer: () => void;
}

/** An app whose handlers wait until two requests are in, then compare their `req` and `res` maps. */
function pairingApp(): { app: Listener; results: { req: boolean; res: boolean }[] } {
  const results: { req: boolean; res: boolean }[] = [];
  let waiting: Held | undefined;
  const app = portico();
  app.use(portico.json());
  const pair = (held: Held): void => {
    if (waiting === undefined) {
      waiting = held;
      return;
    }
    results.push({ req: haveSameMap(held.req, waiting.req), res: haveSameMap(held.res, waiting.res) });
    waiting.answer();
    waiting = undefined;
    held.answer();
  };
  app.get('/hello', (req, res) => {
    // Read before the pairing, as a handler does: the parsed query is kept on the request.
    void req.query;
    pair({ req, res, answer: () => res.send(`hello ${req.route.path} ${String(req.query.who)}`) });
  });
  app.post('/echo', (req, res) => {
    pair({ req, res, answer: () => res.json(req.body) });
  });
  return { app: app as unknown as Listener, results };
}

for (const startup of HTTP2_STARTUPS) describe(`request and response objects over h2, server from ${startup}`, () => {
  let server: RunningHttp2Server;
  let session: http2.ClientHttp2Session;
  let results: { req: boolean; res: boolean }[];
  before(async () => {
    const made = pairingApp();
    results = made.results;
    server = await startCleartextHttp2(made.app, startup);
    session = await connect(server.url);
  });
  after(async () => {
    session.close();
    await server.close();
  });

  /** Sends `rounds` pairs of concurrent requests; answers the pairs' map comparisons. */
  async function pairs(rounds: number, send: () => Promise<H2Response>, check: (res: H2Response) => void): Promise<{ req: boolean; res: boolean }[]> {
    results.length = 0;
    for (let i = 0; i < rounds; i++) {
      const answers = await Promise.all([send(), send()]);
      for (const answer of answers) check(answer);
    }
    return results.slice();
  }

  it('keep one map from request to request through routing and a read of the query (req.route and the parsed query set)', async () => {
    const seen = await pairs(20, () => request(session, { path: '/hello?who=h2' }), (res) => {
      assert.equal(res.status, 200);
      assert.equal(res.text, 'hello /hello h2');
    });
    assert.equal(seen.length, 20);
    assert.deepEqual(seen.filter((s) => !s.req || !s.res), [], 'requests served together had different maps');
  });

  it('keep one map from request to request through the JSON parser (req.body and req._body set)', async () => {
    const seen = await pairs(20, () => request(session, { method: 'POST', path: '/echo', headers: { 'content-type': 'application/json' }, body: '{"a":[1,2]}' }), (res) => {
      assert.equal(res.status, 200);
      assert.deepEqual(JSON.parse(res.text), { a: [1, 2] });
    });
    assert.equal(seen.length, 20);
    assert.deepEqual(seen.filter((s) => !s.req || !s.res), [], 'requests served together had different maps');
  });
});
