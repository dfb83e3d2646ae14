import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { SimpleRequest } from './helpers/server';
import { requestOnce } from './helpers/one-request';

/** Reads req.fresh/req.stale after setting validators on the response; ends with end() so send()'s own 304 stays out. */
async function freshness(prepare: (res: any) => void, request: SimpleRequest) {
  const res = await requestOnce((req, r) => {
    prepare(r);
    const value = [req.fresh, req.stale];
    r.statusCode = 200;
    r.end(JSON.stringify(value));
  }, request);
  return JSON.parse(res.text) as unknown;
}

describe('req.fresh and req.stale', () => {
  it('are false/true without validators in the request', async () => {
    assert.deepEqual(await freshness((res) => res.set('ETag', '"a"'), {}), [false, true]);
  });

  it('are fresh when If-None-Match matches the ETag (list, weak and *)', async () => {
    assert.deepEqual(await freshness((res) => res.set('ETag', '"a"'), { headers: { 'if-none-match': '"x", "a"' } }), [true, false]);
    assert.deepEqual(await freshness((res) => res.set('ETag', 'W/"a"'), { headers: { 'if-none-match': '"a"' } }), [true, false]);
    assert.deepEqual(await freshness((res) => res.set('ETag', '"b"'), { headers: { 'if-none-match': '*' } }), [true, false]);
  });

  it('are stale for a different ETag or none', async () => {
    assert.deepEqual(await freshness((res) => res.set('ETag', '"b"'), { headers: { 'if-none-match': '"a"' } }), [false, true]);
    assert.deepEqual(await freshness(() => undefined, { headers: { 'if-none-match': '"a"' } }), [false, true]);
  });

  it('compare Last-Modified with If-Modified-Since', async () => {
    const lm = (res: any) => res.set('Last-Modified', 'Wed, 21 Oct 2015 07:28:00 GMT');
    assert.deepEqual(await freshness(lm, { headers: { 'if-modified-since': 'Wed, 21 Oct 2015 08:00:00 GMT' } }), [true, false]);
    assert.deepEqual(await freshness(lm, { headers: { 'if-modified-since': 'Wed, 21 Oct 2015 06:00:00 GMT' } }), [false, true]);
    assert.deepEqual(await freshness((res) => res.set('Last-Modified', 'junk'), { headers: { 'if-modified-since': 'junk' } }), [false, true]);
  });

  it('are stale with Cache-Control: no-cache', async () => {
    assert.deepEqual(await freshness((res) => res.set('ETag', '"a"'), { headers: { 'if-none-match': '"a"', 'cache-control': 'no-cache' } }), [false, true]);
  });

  it('apply only to GET, HEAD and QUERY (a POST is never fresh)', async () => {
    assert.deepEqual(await freshness((res) => res.set('ETag', '"a"'), { method: 'POST', headers: { 'if-none-match': '"a"' } }), [false, true]);
  });

  it('apply only to 2xx and 304 statuses', async () => {
    assert.deepEqual(await freshness((res) => res.status(404).set('ETag', '"a"'), { headers: { 'if-none-match': '"a"' } }), [false, true]);
    assert.deepEqual(await freshness((res) => res.status(304).set('ETag', '"a"'), { headers: { 'if-none-match': '"a"' } }), [true, false]);
    assert.deepEqual(await freshness((res) => res.status(204).set('ETag', '"a"'), { headers: { 'if-none-match': '"a"' } }), [true, false]);
  });
});
