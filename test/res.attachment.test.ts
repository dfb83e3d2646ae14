import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { requestOnce } from './helpers/one-request';

const attach = (...args: unknown[]) => requestOnce((_req, r) => r.attachment(...args).end());

describe('res.attachment([filename])', () => {
  it('sets Content-Disposition: attachment without a name', async () => {
    const res = await attach();
    assert.equal(res.headers['content-disposition'], 'attachment');
    assert.equal(res.headers['content-type'], undefined);
  });

  it('adds the base name and the type of its extension', async () => {
    const res = await attach('/files/report.pdf');
    assert.equal(res.headers['content-disposition'], 'attachment; filename="report.pdf"');
    assert.equal(res.headers['content-type'], 'application/pdf');
  });

  it('adds filename* for names outside ISO-8859-1', async () => {
    const res = await attach('snow ☃.txt');
    assert.equal(res.headers['content-disposition'], 'attachment; filename="snow ?.txt"; filename*=UTF-8\'\'snow%20%E2%98%83.txt');
    assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8');
  });

  it('escapes quotes and sets octet-stream for names without extension', async () => {
    assert.equal((await attach('a"b.html')).headers['content-disposition'], 'attachment; filename="a\\"b.html"');
    assert.equal((await attach('README')).headers['content-type'], 'application/octet-stream');
  });
});
