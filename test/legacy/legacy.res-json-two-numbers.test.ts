import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertSameAsExpress3, type LegacyFramework } from '../helpers/legacy-oracle';

/* Issue 28: in 3.x, when both arguments of res.json / res.jsonp are numbers, the second is the status. */

function build(framework: LegacyFramework) {
  const app = framework();
  app.get('/json', (_req: unknown, res: { json(a: unknown, b: unknown): void }) => res.json(200, 201));
  app.get('/jsonp', (_req: unknown, res: { jsonp(a: unknown, b: unknown): void }) => res.jsonp(200, 201));
  app.get('/status-first', (_req: unknown, res: { json(a: unknown, b: unknown): void }) => res.json(202, { a: 1 }));
  app.get('/body-first', (_req: unknown, res: { json(a: unknown, b: unknown): void }) => res.json({ a: 1 }, 203));
  return app;
}

describe('legacy res.json(number, number) and res.jsonp(number, number) (differential, express@3)', () => {
  it('the second number is the status and the first the body: status 201, body 200', async () => {
    const pairs = await assertSameAsExpress3(build, [{ path: '/json' }, { path: '/jsonp' }, { path: '/status-first' }, { path: '/body-first' }]);
    assert.equal(pairs[0].express3.status, 201);
    assert.equal(pairs[0].express3.text, '200');
    assert.equal(pairs[1].portico.status, 201);
  });
});
