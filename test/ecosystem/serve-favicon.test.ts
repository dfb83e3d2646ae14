import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import favicon from 'serve-favicon';
import portico from '../../src/index';
import { send } from '../helpers/server';
import { frameworkUnderTest, withApp } from './support/harness';

const express = frameworkUnderTest(portico);

/** A 1×1 icon: ICONDIR, one ICONDIRENTRY, then a 32-bit BMP (header, one pixel, AND mask). */
function tinyIcon(): Buffer {
  const bmp = Buffer.alloc(40 + 4 + 4);
  bmp.writeUInt32LE(40, 0);
  bmp.writeInt32LE(1, 4);
  bmp.writeInt32LE(2, 8); // twice the height: XOR and AND masks
  bmp.writeUInt16LE(1, 12);
  bmp.writeUInt16LE(32, 14);
  bmp.writeUInt32LE(0xff3366cc, 40);
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header.writeUInt8(1, 6);
  header.writeUInt8(1, 7);
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(bmp.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, bmp]);
}

let dir = '';
let icon: Buffer;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'portico-favicon-'));
  icon = tinyIcon();
  writeFileSync(join(dir, 'favicon.ico'), icon);
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** The README's app: the favicon first, so the request never reaches logging or routing. */
function faviconApp(options?: { maxAge?: number | string }) {
  const app = express();
  app.use(favicon(join(dir, 'favicon.ico'), options));
  app.get('/', (_req, res) => {
    res.send('Hello World!');
  });
  return app;
}

describe('favicon(path)', () => {
  it('serves the icon with its type, a one-year Cache-Control and an ETag', async () => {
    await withApp(faviconApp(), async ({ port }) => {
      const res = await send(port, { path: '/favicon.ico' });
      assert.equal(res.status, 200);
      assert.equal(res.headers['content-type'], 'image/x-icon');
      assert.equal(res.headers['cache-control'], 'public, max-age=31536000');
      assert.equal(res.headers['content-length'], String(icon.length));
      assert.match(String(res.headers.etag), /^"/);
      assert.deepEqual(res.body, icon);
    });
  });

  it('answers 304 to a request carrying the ETag', async () => {
    await withApp(faviconApp(), async ({ port }) => {
      const first = await send(port, { path: '/favicon.ico' });
      const again = await send(port, { path: '/favicon.ico', headers: { 'if-none-match': first.headers.etag } });
      assert.equal(again.status, 304);
      assert.equal(again.body.length, 0);
    });
  });

  it('answers 405 with Allow to a method other than GET, HEAD and OPTIONS, and 200 to OPTIONS', async () => {
    await withApp(faviconApp(), async ({ port }) => {
      const post = await send(port, { method: 'POST', path: '/favicon.ico' });
      assert.equal(post.status, 405);
      assert.equal(post.headers.allow, 'GET, HEAD, OPTIONS');
      const options = await send(port, { method: 'OPTIONS', path: '/favicon.ico' });
      assert.equal(options.status, 200);
      assert.equal(options.headers.allow, 'GET, HEAD, OPTIONS');
    });
  });

  it('passes every other path on to the app', async () => {
    await withApp(faviconApp(), async ({ port }) => {
      assert.equal((await send(port, { path: '/' })).text, 'Hello World!');
      assert.equal((await send(port, { path: '/favicon.png' })).status, 404);
    });
  });
});

describe('favicon(path, { maxAge })', () => {
  it('uses the given max-age', async () => {
    await withApp(faviconApp({ maxAge: '1d' }), async ({ port }) => {
      const res = await send(port, { path: '/favicon.ico' });
      assert.equal(res.headers['cache-control'], 'public, max-age=86400');
    });
  });
});
