import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readOnce, requestOnce } from './helpers/one-request';

describe('req.get(field)', () => {
  it('reads a header case-insensitively', async () => {
    const value = await readOnce((req) => [req.get('Content-Type'), req.get('x-CUSTOM')], { headers: { 'content-type': 'text/plain', 'x-custom': 'v' } });
    assert.deepEqual(value, ['text/plain', 'v']);
  });

  it('is undefined for an absent header', async () => {
    assert.equal(await readOnce((req) => req.get('X-Missing')), undefined);
  });

  it('answers Referrer with Referer and the reverse', async () => {
    assert.deepEqual(await readOnce((req) => [req.get('Referrer'), req.get('referer')], { headers: { referer: '/a' } }), ['/a', '/a']);
    assert.deepEqual(await readOnce((req) => [req.get('Referer'), req.get('referrer')], { headers: { referrer: '/b' } }), ['/b', '/b']);
  });

  it('returns Set-Cookie as an array', async () => {
    assert.deepEqual(await readOnce((req) => req.get('Set-Cookie'), { headers: { 'set-cookie': 'a=1' } }), ['a=1']);
  });

  it('throws a TypeError without a name or with a non-string', async () => {
    const res = await requestOnce((req, r) => {
      const out: string[] = [];
      for (const arg of [undefined, 5]) {
        try {
          req.get(arg);
        } catch (err) {
          out.push((err as Error).message);
        }
      }
      r.json(out);
    });
    assert.deepEqual(JSON.parse(res.text), ['name argument is required to req.get', 'name must be a string to req.get']);
  });
});

describe('req.header(field)', () => {
  it('is an alias of req.get', async () => {
    assert.deepEqual(await readOnce((req) => [req.header('referrer'), req.header('Host')], { headers: { referer: '/x', host: 'h' } }), ['/x', 'h']);
  });
});
