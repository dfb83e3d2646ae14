import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import express from 'express';
import { startBoth, type ServerPair } from './helpers/compare';

/*
 * Paths made of literal segments and whole-segment parameters (`/users/:id/posts`) are compiled by a
 * short path of their own. Generated ones are registered on Portico and on express@4, as routes and
 * as middleware, with every routing option, and the same generated requests are sent to both: the
 * layer's RegExp and keys, whether it matched, the params and the URL the handler saw must agree.
 */

type Framework = typeof express;

function build(fw: Framework) {
  const app = fw();
  // GET /try/<path to match>?pattern=…&kind=get|use&strict=0|1&sensitive=0|1
  app.use('/try', (req, res) => {
    const query = req.query as Record<string, string>;
    const router = fw.Router({ strict: query.strict === '1', caseSensitive: query.sensitive === '1' });
    const echo = (q: express.Request, r: express.Response) => r.json({ matched: true, params: q.params, keys: Object.keys(q.params), url: q.url });
    if (query.kind === 'use') router.use(query.pattern, echo);
    else router.get(query.pattern, echo);
    const layer = router.stack[0] as unknown as { regexp: RegExp; keys: Array<{ name: string; optional: boolean }> };
    // (Express's keys also carry an `offset` into its RegExp source, which Portico's do not.)
    const keys = layer.keys.map((k) => ({ name: k.name, optional: k.optional }));
    res.set('X-Layer', JSON.stringify({ regexp: String(layer.regexp), keys }));
    router(req, res, () => res.json({ matched: false }));
  });
  return app;
}

const literal = fc.stringMatching(/^[A-Za-z0-9_~-]{1,6}$/);
const param = fc.stringMatching(/^[A-Za-z0-9_]{1,5}$/).map((name) => ':' + name);
const pattern = fc
  .tuple(fc.array(fc.oneof(literal, param), { minLength: 0, maxLength: 5 }), fc.boolean())
  .map(([segments, slash]) => segments.map((s) => '/' + s).join('') + (slash || segments.length === 0 ? '/' : ''));
const value = fc.oneof(fc.stringMatching(/^[A-Za-z0-9._~-]{1,6}$/), fc.constantFrom('%20', 'a.b', 'USERS', '%2F', ''));

/** A request path for `pattern`: its parameters filled in, then perhaps changed a little. */
const requestFor = (p: string) =>
  fc
    .tuple(fc.array(value, { minLength: 8, maxLength: 8 }), fc.constantFrom('', '/', '/more', 'x', '.json'), fc.boolean())
    .map(([values, tail, upper]) => {
      let i = 0;
      const filled = p.replace(/:\w+/g, () => values[i++] || 'v') + tail;
      return upper ? filled.toUpperCase() : filled;
    });

const kase = pattern.chain((p) => fc.record({ pattern: fc.constant(p), path: requestFor(p), kind: fc.constantFrom('get', 'use'), strict: fc.boolean(), sensitive: fc.boolean() }));

/**
 * The echo's JSON, or the text of an answer that did not reach it: a parameter value of `..`
 * walks out of `/try` once a URL parser resolves dot segments (as a Fetch Request does), and
 * both servers then answer their HTML 404.
 */
function bodyOf(text: string): { matched: boolean } | string {
  try {
    return JSON.parse(text) as { matched: boolean };
  } catch {
    return text;
  }
}

let both: ServerPair;

describe('paths of literal segments and parameters, on Portico and express@4 (differential, generated)', () => {
  before(async () => {
    both = await startBoth(build);
  });
  after(() => both.close());

  it('compile to the same RegExp and keys, and match the same requests with the same params', async () => {
    let matched = 0;
    await fc.assert(
      fc.asyncProperty(kase, async (c) => {
        const query = new URLSearchParams({ pattern: c.pattern, kind: c.kind, strict: c.strict ? '1' : '0', sensitive: c.sensitive ? '1' : '0' });
        const path = '/try' + (c.path.startsWith('/') ? c.path : '/' + c.path) + '?' + query.toString();
        const { portico: fromPortico, express: fromExpress } = await both.send({ path });
        assert.equal(fromPortico.status, fromExpress.status);
        assert.equal(fromPortico.headers['x-layer'], fromExpress.headers['x-layer']);
        const answer = bodyOf(fromExpress.text);
        assert.deepEqual(bodyOf(fromPortico.text), answer);
        if (typeof answer === 'object' && answer.matched) matched++;
      }),
      { numRuns: 300 },
    );
    // The generator must reach matches, not only misses.
    assert.ok(matched > 30, `only ${matched} of 300 requests matched`);
  });
});
