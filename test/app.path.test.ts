import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import portico from '../src/index';
import { withServer, send } from './helpers/server';

describe('app.path()', () => {
  it('is the empty string for the root app', () => {
    assert.equal(portico().path(), '');
  });

  it('joins the mount paths of the app and its parents', () => {
    const app = portico();
    const blog = portico();
    const admin = portico();
    blog.use('/admin', admin);
    app.use('/blog', blog);
    assert.equal(blog.path(), '/blog');
    assert.equal(admin.path(), '/blog/admin');
  });

  it('uses the patterns, not the matched paths', () => {
    const app = portico();
    const sub = portico();
    app.use('/user/:id', sub);
    assert.equal(sub.path(), '/user/:id');
  });

  it('reflects the latest mount of an app mounted twice', () => {
    const first = portico();
    const second = portico();
    const sub = portico();
    first.use('/one', sub);
    second.use('/two', sub);
    assert.equal(sub.path(), '/two');
  });

  it('is what req.app.path() gives inside the sub-app, beside req.baseUrl', async () => {
    const app = portico();
    const sub = portico();
    sub.get('/x', (req, res) => res.end(req.app.path() + ' ' + req.baseUrl));
    app.use('/:lang', sub);
    await withServer(app, async (srv) => {
      assert.equal((await send(srv.port, { path: '/en/x' })).text, '/:lang /en');
    });
  });
});
