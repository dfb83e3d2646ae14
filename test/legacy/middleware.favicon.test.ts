import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import legacy from '../../src/legacy/index';
import { withServer, send } from '../helpers/server';

function iconApp(...args: Parameters<typeof legacy.favicon>) {
  const app = legacy();
  app.use(legacy.favicon(...args));
  app.use((req: any, res: any) => res.send('next ' + req.url));
  return app;
}

describe('legacy favicon([path], [options])', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portico-favicon-'));
  const file = join(dir, 'icon.ico');
  writeFileSync(file, 'ICONDATA');

  it('serves the file at /favicon.ico with a year of caching and an ETag, 304 when fresh', async () => {
    await withServer(iconApp(file), async ({ port }) => {
      const r = await send(port, { path: '/favicon.ico?v=2' });
      assert.equal(r.status, 200);
      assert.equal(r.text, 'ICONDATA');
      assert.equal(r.headers['content-type'], 'image/x-icon');
      assert.equal(r.headers['cache-control'], 'public, max-age=31536000');
      assert.equal(r.headers.etag, '"8-2OEK5zp6skydJ7xdoZ/fXw"');
      const again = await send(port, { path: '/favicon.ico', headers: { 'if-none-match': r.headers.etag as string } });
      assert.equal(again.status, 304);
      assert.equal((await send(port, { path: '/other' })).text, 'next /other');
    });
  });

  it('answers OPTIONS with Allow, other methods with 405, HEAD without a body', async () => {
    await withServer(iconApp(file), async ({ port }) => {
      const options = await send(port, { method: 'OPTIONS', path: '/favicon.ico' });
      assert.deepEqual([options.status, options.headers.allow, options.text], [200, 'GET, HEAD, OPTIONS', '']);
      const post = await send(port, { method: 'POST', path: '/favicon.ico' });
      assert.deepEqual([post.status, post.headers.allow], [405, 'GET, HEAD, OPTIONS']);
      const head = await send(port, { method: 'HEAD', path: '/favicon.ico' });
      assert.deepEqual([head.status, head.text, head.headers['content-length']], [200, '', '8']);
    });
  });

  it('takes maxAge in milliseconds, serves a built-in icon without a path, and throws for a missing file', async () => {
    await withServer(iconApp(file, { maxAge: 1500 }), async ({ port }) => {
      assert.equal((await send(port, { path: '/favicon.ico' })).headers['cache-control'], 'public, max-age=1');
    });
    await withServer(iconApp(), async ({ port }) => {
      const r = await send(port, { path: '/favicon.ico' });
      assert.equal(r.status, 200);
      assert.equal(r.headers['content-type'], 'image/x-icon');
      assert.ok(Number(r.headers['content-length']) > 0);
    });
    assert.throws(() => legacy.favicon(join(dir, 'missing.ico')), { code: 'ENOENT' });
    rmSync(dir, { recursive: true, force: true });
  });
});
