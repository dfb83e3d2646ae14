import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertSameAsExpress3, type LegacyFramework } from '../helpers/legacy-oracle';

// Differences the differential fuzzer (docs/fuzzing.md) found between portico/legacy and express@3.21,
// each pinned here with the smallest app that shows it.

type Res = { json(v: unknown): void; redirect(u: string): void; send(s: number, b: string): void };

describe('portico/legacy against express@3: the fuzzer’s findings', () => {
  it("res.redirect('.'/'..'/'../..') keeps the trailing slash of a folder, as express@3 does", async () => {
    const build = (fw: LegacyFramework) => {
      const app = fw();
      app.get('*', (req: { query: { u: string } }, res: Res) => res.redirect(req.query.u));
      return app;
    };
    const requests = [];
    for (const path of ['/static/nope', '/a', '/a/', '/a/b/c', '/']) {
      for (const u of ['..', '.', './x', '../x', '../..', '..x']) requests.push({ path: `${path}?u=${encodeURIComponent(u)}` });
    }
    const pairs = await assertSameAsExpress3(build, requests);
    assert.equal(pairs[0].portico.headers.location, '/static/');
  });

  it('a route answers only where its 3.x expression matches, with the params in 3.x places', async () => {
    const build = (fw: LegacyFramework) => {
      const app = fw();
      app.get('/:p?/', (req: { params: unknown }, res: Res) => res.json({ route: 'optional', params: req.params }));
      app.get('/*/:p', (req: { params: unknown }, res: Res) => res.json({ route: 'star', params: req.params, named: (req.params as { p?: string }).p }));
      return app;
    };
    const pairs = await assertSameAsExpress3(build, [{ path: '/.' }, { path: '/x/' }, { path: '/static/nope' }, { path: '/a/b/c' }]);
    assert.equal(pairs[0].portico.status, 404);
    assert.equal(pairs[2].portico.text, '{"route":"star","params":["nope"],"named":"static"}');
  });

  it('a malformed escape fails with a plain Error whose only extra field is status 400', async () => {
    const build = (fw: LegacyFramework) => {
      const app = fw();
      app.get('/:p', (_req: unknown, res: Res) => res.json({ ok: true }));
      app.use((err: Error & { status?: number }, _req: unknown, res: Res, _next: unknown) =>
        res.send(err.status ?? 500, JSON.stringify({ name: err.name, message: err.message, own: Object.getOwnPropertyNames(err).sort() })),
      );
      return app;
    };
    const pairs = await assertSameAsExpress3(build, [{ path: '/%zz' }, { path: '/a%' }]);
    assert.equal(pairs[0].portico.text, JSON.stringify({ name: 'Error', message: "Failed to decode param '%zz'", own: ['message', 'stack', 'status'] }));
  });
});
