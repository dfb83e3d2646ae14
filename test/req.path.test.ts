import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import portico from '../src/index';
import { withServer, send } from './helpers/server';
import { readOnce } from './helpers/one-request';

describe('req.path', () => {
  it('is the pathname without the query string', async () => {
    assert.equal(await readOnce((req) => req.path, { path: '/a/b?x=1' }), '/a/b');
  });

  it('keeps percent-escapes and repeated slashes', async () => {
    assert.equal(await readOnce((req) => req.path, { path: '//a%20b//c' }), '//a%20b//c');
  });

  it('is the path of an absolute-form target', async () => {
    assert.equal(await readOnce((req) => req.path, { path: 'http://example.com/p/q?x' }), '/p/q');
  });

  it('excludes the mount point inside mounted middleware', async () => {
    const app = portico();
    app.use('/mount', (req: any, res: any) => res.json([req.path, req.baseUrl]));
    await withServer(app, async (srv) => {
      const res = await send(srv.port, { path: '/mount/x/y?z' });
      assert.deepEqual(JSON.parse(res.text), ['/x/y', '/mount']);
    });
  });

  it('follows a rewritten req.url', async () => {
    assert.equal(await readOnce((req) => ((req.url = '/other?x'), req.path), { path: '/first' }), '/other');
  });
});
