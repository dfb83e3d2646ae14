import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { requestOnce } from './helpers/one-request';
import { loadMime } from '../src/http/mime';

const typeOf = async (type: unknown, method = 'type') => (await requestOnce((_req, r) => { r[method](type); r.end(); })).headers['content-type'];

describe('res.type(type) and res.contentType(type)', () => {
  it('looks up extensions, with or without a dot, and file names', async () => {
    assert.equal(await typeOf('json'), 'application/json; charset=utf-8');
    assert.equal(await typeOf('.html'), 'text/html; charset=utf-8');
    assert.equal(await typeOf('png'), 'image/png');
    assert.equal(await typeOf('archive.tar.gz'), 'application/gzip');
    assert.equal(await typeOf('photo.JPG'), 'image/jpeg');
  });

  it('uses a value with a slash as is (plus the charset rule)', async () => {
    assert.equal(await typeOf('text/x-custom'), 'text/x-custom; charset=utf-8');
    assert.equal(await typeOf('application/x-thing'), 'application/x-thing');
  });

  it('falls back to application/octet-stream for unknown extensions', async () => {
    assert.equal(await typeOf('zzzz'), 'application/octet-stream');
  });

  it('contentType is an alias', async () => {
    assert.equal(await typeOf('txt', 'contentType'), 'text/plain; charset=utf-8');
  });

  it('throws the same TypeError as Express for a non-string', async () => {
    const res = await requestOnce((_req, r) => r.type(5));
    assert.equal(JSON.parse(res.text).message, 'type.indexOf is not a function');
  });

  it('follows types defined on portico.static.mime', async () => {
    loadMime().define({ 'application/x-portico-test': ['porticotest'] });
    assert.equal(await typeOf('porticotest'), 'application/x-portico-test');
  });
});
