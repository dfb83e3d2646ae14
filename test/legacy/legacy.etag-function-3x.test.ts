import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compareLegacyApps, assertSameResponse, legacyFrameworks, type LegacyFramework } from '../helpers/legacy-oracle';

/* Issue 28: app.set('etag', fn) in 3.x: res.send answers with the function's tag, and the function
   gets a string body as the string with its encoding, a Buffer body as the Buffer. */

type Res = { send(b: unknown): void; json(b: unknown): void };

function build(framework: LegacyFramework, calls: string[]) {
  const app = framework();
  app.set('etag', (body: string | Buffer, encoding?: string) => {
    calls.push(`${Buffer.isBuffer(body) ? 'buffer' : typeof body}:${String(body)}:${String(encoding)}`);
    if (String(body) === 'untagged') return undefined;
    return `"${Buffer.byteLength(body)}-${String(encoding)}"`;
  });
  app.get('/string', (_req: unknown, res: Res) => res.send('hello'));
  app.get('/buffer', (_req: unknown, res: Res) => res.send(Buffer.from('bytes')));
  app.get('/json', (_req: unknown, res: Res) => res.json({ a: 1 }));
  app.get('/untagged', (_req: unknown, res: Res) => res.send('untagged'));
  return app;
}

describe("legacy app.set('etag', fn) (differential, express@3)", () => {
  it('res.send answers with the function’s tag, called with the same arguments as in express@3', async () => {
    const calls = { portico: [] as string[], express3: [] as string[] };
    const requests = [{ path: '/string' }, { path: '/buffer' }, { path: '/json' }, { path: '/untagged' }];
    const pairs = await compareLegacyApps((fw, name) => build(fw, calls[name]), requests);
    pairs.forEach((pair, i) => assertSameResponse(pair, [], requests[i].path));
    assert.deepEqual(calls.portico, calls.express3);
    assert.equal(calls.express3[0], 'string:hello:utf8');
    assert.equal(pairs[0].portico.headers.etag, '"5-utf8"');
    assert.equal(pairs[1].portico.headers.etag, '"5-undefined"');
    assert.equal(pairs[3].portico.headers.etag, undefined);
  });

  it("app.get('etag fn') is the very function set, on both", () => {
    for (const [, framework] of legacyFrameworks()) {
      const fn = (body: string | Buffer) => `"${Buffer.byteLength(body)}"`;
      const app = framework();
      app.set('etag', fn);
      assert.equal(app.get('etag fn'), fn);
    }
  });
});
