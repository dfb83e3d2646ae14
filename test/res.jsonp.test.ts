import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { requestOnce, collectDeprecations } from './helpers/one-request';

const warnings = collectDeprecations();
const jsonp = (path: string, body: unknown = { a: 1 }, setup?: (app: any) => void) => requestOnce((_req, r) => r.jsonp(body), { path }, setup);

describe('res.jsonp(body)', () => {
  it('sends JSON with nosniff without a callback', async () => {
    const res = await jsonp('/');
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.text, '{"a":1}');
  });

  it('wraps the body in a guarded call as text/javascript', async () => {
    const res = await jsonp('/?callback=app.handle');
    assert.equal(res.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.text, "/**/ typeof app.handle === 'function' && app.handle({\"a\":1});");
  });

  it('keeps only identifier characters, dots and brackets in the callback', async () => {
    const res = await jsonp('/?callback=' + encodeURIComponent('alert(1)//<script>[x]$_;'));
    assert.equal(res.text, "/**/ typeof alert1script[x]$_ === 'function' && alert1script[x]$_({\"a\":1});");
  });

  it('escapes U+2028 and U+2029 inside the call', async () => {
    const res = await jsonp('/?callback=cb', { s: '\u2028\u2029' });
    assert.equal(res.text, "/**/ typeof cb === 'function' && cb({\"s\":\"\\u2028\\u2029\"});");
  });

  it('uses the first of several callbacks and ignores empty or object ones', async () => {
    assert.match((await jsonp('/?callback=a&callback=b')).text, /typeof a ===/);
    assert.equal((await jsonp('/?callback=')).text, '{"a":1}');
    assert.equal((await jsonp('/?callback[x]=y')).text, '{"a":1}');
  });

  it('calls the callback without argument for undefined', async () => {
    const res = await requestOnce((_req, r) => r.jsonp(), { path: '/?callback=cb' });
    assert.equal(res.text, "/**/ typeof cb === 'function' && cb();");
  });

  it('replaces a preset type only when wrapping', async () => {
    const wrapped = await requestOnce((_req, r) => r.type('json').jsonp({}), { path: '/?callback=cb' });
    assert.equal(wrapped.headers['content-type'], 'text/javascript; charset=utf-8');
    const plain = await requestOnce((_req, r) => r.type('text').jsonp({}));
    assert.equal(plain.headers['content-type'], 'text/plain; charset=utf-8');
    assert.equal(plain.headers['x-content-type-options'], undefined);
  });

  it('reads the jsonp callback name setting', async () => {
    const res = await jsonp('/?cb=mine&callback=not', { a: 1 }, (app) => app.set('jsonp callback name', 'cb'));
    assert.match(res.text, /typeof mine ===/);
  });

  it('applies json escape and json spaces', async () => {
    const res = await jsonp('/?callback=cb', { a: '<&>' }, (app) => { app.enable('json escape'); app.set('json spaces', 1); });
    assert.equal(res.text, "/**/ typeof cb === 'function' && cb({\n \"a\": \"\\u003c\\u0026\\u003e\"\n});");
  });

  it('sees no callback when query parsing is off', async () => {
    assert.equal((await jsonp('/?callback=cb', { a: 1 }, (app) => app.set('query parser', false))).text, '{"a":1}');
  });

  it('res.jsonp(status, obj) is deprecated', async () => {
    const res = await requestOnce((_req, r) => r.jsonp(201, { a: 1 }));
    assert.equal(res.status, 201);
    assert.ok(warnings.includes('res.jsonp(status, obj): Use res.status(status).jsonp(obj) instead'));
    const reversed = await requestOnce((_req, r) => r.jsonp({ a: 1 }, 202));
    assert.equal(reversed.status, 202);
    assert.ok(warnings.includes('res.jsonp(obj, status): Use res.status(status).jsonp(obj) instead'));
  });
});
