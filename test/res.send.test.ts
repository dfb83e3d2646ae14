import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import portico from '../src/index';
import { requestOnce, collectDeprecations } from './helpers/one-request';
import { send, withServer } from './helpers/server';

const warnings = collectDeprecations();
const HELLO_TAG = 'W/"5-qvTGHdzF6KLavt4PO0gs2a6pQ00"';

describe('res.send(body)', () => {
  describe('string body', () => {
    it('is text/html in UTF-8 with its byte length', async () => {
      const res = await requestOnce((_req, r) => r.send('héllo ☃'));
      assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
      assert.equal(res.headers['content-length'], String(Buffer.byteLength('héllo ☃')));
      assert.equal(res.text, 'héllo ☃');
    });

    it('keeps a preset type and sets its charset to utf-8', async () => {
      const res = await requestOnce((_req, r) => r.type('text').send('x'));
      assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8');
      const latin = await requestOnce((_req, r) => r.set('Content-Type', 'text/plain; charset=iso-8859-1').send('é'));
      assert.equal(latin.headers['content-type'], 'text/plain; charset=utf-8');
      assert.deepEqual(latin.body, Buffer.from('é'));
    });

    it('reformats a preset type with parameters', async () => {
      const res = await requestOnce((_req, r) => { r.setHeader('Content-Type', 'Text/Plain; Format=flowed'); r.send('x'); });
      assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8; format=flowed');
    });

    it('passes a malformed preset type to next as a TypeError', async () => {
      const res = await requestOnce((_req, r) => { r.setHeader('Content-Type', 'garbage'); r.send('x'); });
      assert.equal(res.status, 500);
      assert.equal(JSON.parse(res.text).message, 'invalid media type');
    });

    it('sends an empty string with length 0', async () => {
      const res = await requestOnce((_req, r) => r.send(''));
      assert.equal(res.headers['content-length'], '0');
      assert.equal(res.headers.etag, 'W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"');
    });
  });

  describe('Buffer body', () => {
    it('is application/octet-stream unless a type is set', async () => {
      const res = await requestOnce((_req, r) => r.send(Buffer.from([0, 1, 2, 255])));
      assert.equal(res.headers['content-type'], 'application/octet-stream');
      assert.deepEqual(res.body, Buffer.from([0, 1, 2, 255]));
      const typed = await requestOnce((_req, r) => r.type('png').send(Buffer.from('x')));
      assert.equal(typed.headers['content-type'], 'image/png');
    });
  });

  describe('other bodies', () => {
    it('sends objects, arrays and Booleans as JSON', async () => {
      for (const [value, text] of [[{ a: 1 }, '{"a":1}'], [[1, 2], '[1,2]'], [true, 'true'], [false, 'false']] as const) {
        const res = await requestOnce((_req, r) => r.send(value));
        assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
        assert.equal(res.text, text);
      }
    });

    it('sends null as an empty body without a type', async () => {
      const res = await requestOnce((_req, r) => r.send(null));
      assert.equal(res.headers['content-type'], undefined);
      assert.equal(res.headers['content-length'], '0');
      assert.equal(res.headers.etag, 'W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"');
    });

    it('sends nothing for undefined: no type, no ETag', async () => {
      const res = await requestOnce((_req, r) => r.send());
      assert.equal(res.headers['content-type'], undefined);
      assert.equal(res.headers.etag, undefined);
      assert.equal(res.text, '');
    });

    it('passes a function body to next as a TypeError', async () => {
      const res = await requestOnce((_req, r) => r.send(() => 1));
      assert.equal(res.status, 500);
      assert.equal(JSON.parse(res.text).code, 'ERR_INVALID_ARG_TYPE');
    });
  });

  describe('deprecated status forms', () => {
    it('res.send(status) sends the reason phrase as text', async () => {
      const res = await requestOnce((_req, r) => r.send(201));
      assert.equal(res.status, 201);
      assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8');
      assert.equal(res.text, 'Created');
      assert.ok(warnings.includes('res.send(status): Use res.sendStatus(status) instead'));
    });

    it('res.send(status, body) and res.send(body, status)', async () => {
      const a = await requestOnce((_req, r) => r.send(202, 'a'));
      const b = await requestOnce((_req, r) => r.send({ b: 1 }, 203));
      assert.deepEqual([a.status, a.text, b.status, b.text], [202, 'a', 203, '{"b":1}']);
      assert.ok(warnings.includes('res.send(status, body): Use res.status(status).send(body) instead'));
      assert.ok(warnings.includes('res.send(body, status): Use res.status(status).send(body) instead'));
    });
  });

  describe('HEAD and bodiless statuses', () => {
    it('sends headers but no body for HEAD', async () => {
      const res = await requestOnce((_req, r) => r.send('hello'), { method: 'HEAD' });
      assert.equal(res.headers['content-length'], '5');
      assert.equal(res.headers.etag, HELLO_TAG);
      assert.equal(res.body.length, 0);
    });

    it('strips Content-Type, Content-Length and Transfer-Encoding for 204 and 304', async () => {
      for (const status of [204, 304]) {
        const res = await requestOnce((_req, r) => r.status(status).set('Transfer-Encoding', 'chunked').set('X-Kept', 'y').send('hello'));
        assert.equal(res.status, status);
        assert.equal(res.headers['content-type'], undefined);
        assert.equal(res.headers['content-length'], undefined);
        assert.equal(res.headers['transfer-encoding'], undefined);
        assert.equal(res.headers['x-kept'], 'y');
        assert.equal(res.text, '');
      }
    });

    it('sends 205 with a zero length and no body', async () => {
      const res = await requestOnce((_req, r) => r.status(205).send('hello'));
      assert.equal(res.headers['content-length'], '0');
      assert.equal(res.text, '');
    });
  });

  describe('ETag and freshness', () => {
    it('adds a weak ETag by default, as Express 4 computes it', async () => {
      const res = await requestOnce((_req, r) => r.send('hello'));
      const hash = createHash('sha1').update('hello').digest('base64').slice(0, 27);
      assert.equal(res.headers.etag, `W/"5-${hash}"`);
    });

    it('tags each body by its own content when recent bodies are remembered', async () => {
      // More distinct bodies than the tag memo holds, revisited out of order, strong and weak, in
      // one server: every tag must still be the hash of the body it accompanies.
      const bodies = ['a', 'bb', 'a', 'ccc', 'dddd', 'eeeee', 'ffffff', 'bb', 'a', 'ffffff', 'é', 'x'.repeat(4097), 'x'.repeat(4097)];
      const tagOf = (text: string): string =>
        `"${Buffer.byteLength(text).toString(16)}-${createHash('sha1').update(text).digest('base64').slice(0, 27)}"`;
      const app = portico();
      app.get('/:i', (req, res) => res.send(bodies[Number(req.params.i)]));
      const strongApp = portico();
      strongApp.set('etag', 'strong');
      strongApp.get('/:i', (req, res) => res.send(bodies[Number(req.params.i)]));
      await withServer(app, async ({ port }) => {
        await withServer(strongApp, async (strong) => {
          for (let i = 0; i < bodies.length; i++) {
            const weak = await send(port, { path: `/${i}` });
            assert.equal(weak.headers.etag, `W/${tagOf(bodies[i])}`, `body ${i}`);
            const strongRes = await send(strong.port, { path: `/${i}` });
            assert.equal(strongRes.headers.etag, tagOf(bodies[i]), `strong body ${i}`);
          }
        });
      });
    });

    it('adds it for any method', async () => {
      assert.equal((await requestOnce((_req, r) => r.send('hello'), { method: 'POST' })).headers.etag, HELLO_TAG);
    });

    it('keeps an ETag already set', async () => {
      assert.equal((await requestOnce((_req, r) => r.set('ETag', '"mine"').send('hello'))).headers.etag, '"mine"');
    });

    it('answers 304 without a body when the request is fresh', async () => {
      const res = await requestOnce((_req, r) => r.send('hello'), { headers: { 'if-none-match': HELLO_TAG } });
      assert.equal(res.status, 304);
      assert.equal(res.text, '');
      assert.equal(res.headers['content-length'], undefined);
      assert.equal(res.headers.etag, HELLO_TAG);
    });

    it('answers 200 to a fresh-looking POST or a non-2xx', async () => {
      assert.equal((await requestOnce((_req, r) => r.send('hello'), { method: 'POST', headers: { 'if-none-match': HELLO_TAG } })).status, 200);
      assert.equal((await requestOnce((_req, r) => r.status(404).send('hello'), { headers: { 'if-none-match': HELLO_TAG } })).status, 404);
    });

    it('etag strong, weak and false', async () => {
      const strong = await requestOnce((_req, r) => r.send('hello'), {}, (app) => app.set('etag', 'strong'));
      assert.equal(strong.headers.etag, HELLO_TAG.slice(2));
      const weak = await requestOnce((_req, r) => r.send(Buffer.from('hello')), {}, (app) => app.set('etag', 'weak'));
      assert.equal(weak.headers.etag, HELLO_TAG);
      const off = await requestOnce((_req, r) => r.send('hello'), {}, (app) => app.set('etag', false));
      assert.equal(off.headers.etag, undefined);
    });

    it('etag function receives the body as a Buffer', async () => {
      const setup = (app: any) => app.set('etag', (body: unknown, encoding: unknown) => `"${Buffer.isBuffer(body)}-${(body as Buffer).length}-${String(encoding)}"`);
      assert.equal((await requestOnce((_req, r) => r.send('héllo'), {}, setup)).headers.etag, '"true-6-undefined"');
      const none = await requestOnce((_req, r) => r.send('x'), {}, (app) => app.set('etag', () => undefined));
      assert.equal(none.headers.etag, undefined);
    });

    it('an unknown etag value is a TypeError at app.set', () => {
      assert.throws(() => portico().set('etag', 'sometimes'), { name: 'TypeError', message: 'unknown value for etag function: sometimes' });
    });

    it('hashes long strings too', async () => {
      const body = 'é'.repeat(1500);
      const res = await requestOnce((_req, r) => r.send(body));
      const hash = createHash('sha1').update(body).digest('base64').slice(0, 27);
      assert.equal(res.headers.etag, `W/"bb8-${hash}"`);
      assert.equal(res.headers['content-length'], '3000');
    });
  });

  it('replaces a preset Content-Length', async () => {
    const res = await requestOnce((_req, r) => r.set('Content-Length', '2').send('hello'));
    assert.equal(res.headers['content-length'], '5');
    assert.equal(res.text, 'hello');
  });

  it('returns the response', async () => {
    const res = await requestOnce((_req, r) => r.set('X-Same', String(r.send('x') === r)));
    assert.equal(res.text, 'x');
  });
});
