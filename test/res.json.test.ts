import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { requestOnce, collectDeprecations } from './helpers/one-request';
import { compareApps, stableHeaders } from './helpers/compare';

const warnings = collectDeprecations();

describe('res.json(body)', () => {
  it('sends any JSON value as application/json', async () => {
    for (const [value, text] of [[{ a: 1 }, '{"a":1}'], ['x', '"x"'], [5, '5'], [null, 'null'], [[true], '[true]']] as const) {
      const res = await requestOnce((_req, r) => r.json(value));
      assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
      assert.equal(res.text, text);
    }
  });

  it('sends an empty body for undefined, keeping the type', async () => {
    const res = await requestOnce((_req, r) => r.json());
    assert.deepEqual([res.headers['content-type'], res.headers['content-length'], res.headers.etag, res.text], ['application/json; charset=utf-8', '0', undefined, '']);
  });

  it('keeps a preset Content-Type', async () => {
    const res = await requestOnce((_req, r) => r.type('text').json({ a: 1 }));
    assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8');
  });

  it('goes through res.send (middleware wrapping send sees it)', async () => {
    const res = await requestOnce((_req, r) => {
      const original = r.send;
      r.send = function wrappedSend(this: any, body: unknown) {
        this.set('X-Seen', typeof body);
        return original.call(this, body);
      };
      r.json({ a: 1 });
    });
    assert.equal(res.headers['x-seen'], 'string');
  });

  it('answers as Express 4 for plain, HEAD and conditional requests, with and without a preset type', async () => {
    const tag = 'W/"18-yvXSwBy412L9lKu7PtasHEs6aX4"';
    const requests = [
      { path: '/' },
      { path: '/', method: 'HEAD' },
      { path: '/', headers: { 'if-none-match': tag } },
      { path: '/', headers: { 'if-none-match': 'W/"other"' } },
      { path: '/typed' },
      { path: '/empty' },
    ];
    const compared = await compareApps((framework) => {
      const app = framework();
      app.get('/', (_req, res) => {
        res.status(201).json({ ok: true, list: [1, 2] });
      });
      app.get('/typed', (_req, res) => {
        res.type('application/vnd.api+json').json({ ok: true });
      });
      app.get('/empty', (_req, res) => {
        res.json(undefined);
      });
      return app;
    }, requests);
    for (const [i, { portico, express: oracle }] of compared.entries()) {
      assert.equal(portico.status, oracle.status, String(i));
      assert.deepEqual(stableHeaders(portico), stableHeaders(oracle), String(i));
      assert.equal(portico.text, oracle.text, String(i));
    }
    assert.deepEqual(
      compared.map((c) => c.portico.status),
      [201, 201, 304, 201, 200, 200],
    );
    assert.equal(compared[0].portico.headers.etag, tag);
  });

  it('passes serialisation errors to next', async () => {
    const res = await requestOnce((_req, r) => r.json({ a: BigInt(1) }));
    assert.equal(res.status, 500);
    assert.equal(JSON.parse(res.text).message, 'Do not know how to serialize a BigInt');
  });

  describe('settings', () => {
    it('json spaces', async () => {
      const res = await requestOnce((_req, r) => r.json({ a: [1] }), {}, (app) => app.set('json spaces', 2));
      assert.equal(res.text, '{\n  "a": [\n    1\n  ]\n}');
    });

    it('json replacer', async () => {
      const res = await requestOnce((_req, r) => r.json({ a: 1, b: 2 }), {}, (app) => app.set('json replacer', (k: string, v: unknown) => (k === 'b' ? undefined : v)));
      assert.equal(res.text, '{"a":1}');
    });

    it('json escape writes <, > and & as Unicode escapes', async () => {
      const res = await requestOnce((_req, r) => r.json({ html: '<script>&</script>' }), {}, (app) => app.enable('json escape'));
      assert.equal(res.text, '{"html":"\\u003cscript\\u003e\\u0026\\u003c/script\\u003e"}');
    });

    it('res.send of an object uses the same settings', async () => {
      const res = await requestOnce((_req, r) => r.send({ a: 1 }), {}, (app) => app.set('json spaces', '\t'));
      assert.equal(res.text, '{\n\t"a": 1\n}');
    });
  });

  describe('deprecated status forms', () => {
    it('res.json(status, obj) and res.json(obj, status)', async () => {
      const a = await requestOnce((_req, r) => r.json(201, { a: 1 }));
      const b = await requestOnce((_req, r) => r.json({ b: 1 }, 202));
      assert.deepEqual([a.status, a.text, b.status, b.text], [201, '{"a":1}', 202, '{"b":1}']);
      assert.ok(warnings.includes('res.json(status, obj): Use res.status(status).json(obj) instead'));
      assert.ok(warnings.includes('res.json(obj, status): Use res.status(status).json(obj) instead'));
    });
  });
});
