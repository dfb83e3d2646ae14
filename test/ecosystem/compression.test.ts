import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Request, Response } from 'express';
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, brotliDecompressSync, createGunzip } from 'node:zlib';
import compression from 'compression';
import portico from '../../src/index';
import { send } from '../helpers/server';
import { frameworkUnderTest, withApp } from './support/harness';

const express = frameworkUnderTest(portico);

const longText = 'Portico compresses like Express. '.repeat(200);
const gzip = { 'accept-encoding': 'gzip' };

/** The README's app: compression() first, then routes and static files. */
function compressedApp(staticRoot?: string) {
  const app = express();
  app.use(compression({ filter: shouldCompress }));
  if (staticRoot !== undefined) app.use(express.static(staticRoot));
  app.get('/text', (_req, res) => {
    res.send(longText);
  });
  app.get('/json', (_req, res) => {
    res.json({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}` })) });
  });
  app.get('/small', (_req, res) => {
    res.send('tiny');
  });
  return app;
}

/** The README's custom filter: a request header opts out, else the default filter decides. */
function shouldCompress(req: Request, res: Response): boolean {
  if (req.headers['x-no-compression']) return false;
  return compression.filter(req, res);
}

describe('compression() on res.send and res.json', () => {
  it('gzips a res.send body above the threshold, with Vary: Accept-Encoding and no Content-Length', async () => {
    await withApp(compressedApp(), async ({ port }) => {
      const res = await send(port, { path: '/text', headers: gzip });
      assert.equal(res.status, 200);
      assert.equal(res.headers['content-encoding'], 'gzip');
      assert.equal(res.headers.vary, 'Accept-Encoding');
      assert.equal(res.headers['content-length'], undefined);
      assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
      assert.equal(gunzipSync(res.body).toString(), longText);
      assert.ok(res.body.length < longText.length / 5);
    });
  });

  it('gzips a res.json body', async () => {
    await withApp(compressedApp(), async ({ port }) => {
      const res = await send(port, { path: '/json', headers: gzip });
      assert.equal(res.headers['content-encoding'], 'gzip');
      const parsed = JSON.parse(gunzipSync(res.body).toString()) as { items: unknown[] };
      assert.equal(parsed.items.length, 200);
    });
  });

  it('uses brotli when the client prefers it', async () => {
    await withApp(compressedApp(), async ({ port }) => {
      const res = await send(port, { path: '/text', headers: { 'accept-encoding': 'br' } });
      assert.equal(res.headers['content-encoding'], 'br');
      assert.equal(brotliDecompressSync(res.body).toString(), longText);
    });
  });

  it('sends a body under the threshold as is, still with Vary and its Content-Length', async () => {
    await withApp(compressedApp(), async ({ port }) => {
      const res = await send(port, { path: '/small', headers: gzip });
      assert.equal(res.headers['content-encoding'], undefined);
      assert.equal(res.headers.vary, 'Accept-Encoding');
      assert.equal(res.headers['content-length'], '4');
      assert.equal(res.text, 'tiny');
    });
  });

  it('sends identity to a client without Accept-Encoding, and when the filter says no', async () => {
    await withApp(compressedApp(), async ({ port }) => {
      const plain = await send(port, { path: '/text' });
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.equal(plain.text, longText);
      const optedOut = await send(port, { path: '/text', headers: { ...gzip, 'x-no-compression': '1' } });
      assert.equal(optedOut.headers['content-encoding'], undefined);
      assert.equal(optedOut.text, longText);
    });
  });

  it('answers a conditional GET with 304 and no body', async () => {
    await withApp(compressedApp(), async ({ port }) => {
      const first = await send(port, { path: '/text', headers: gzip });
      const etag = first.headers.etag;
      assert.ok(etag);
      const again = await send(port, { path: '/text', headers: { ...gzip, 'if-none-match': etag } });
      assert.equal(again.status, 304);
      assert.equal(again.body.length, 0);
    });
  });
});

describe('compression() on static files', () => {
  it('gzips a file served by express.static', async () => {
    const root = mkdtempSync(join(tmpdir(), 'portico-compression-'));
    try {
      const css = 'body { color: #333; }\n'.repeat(300);
      writeFileSync(join(root, 'site.css'), css);
      await withApp(compressedApp(root), async ({ port }) => {
        const res = await send(port, { path: '/site.css', headers: gzip });
        assert.equal(res.status, 200);
        assert.equal(res.headers['content-type'], 'text/css; charset=UTF-8');
        assert.equal(res.headers['content-encoding'], 'gzip');
        assert.equal(res.headers.vary, 'Accept-Encoding');
        assert.equal(gunzipSync(res.body).toString(), css);
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('compression() on a stream with res.flush()', () => {
  it('delivers each flushed event to the client before the response ends (server-sent events)', { timeout: 30_000 }, async () => {
    let finish: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const app = express();
    app.use(compression());
    app.get('/events', (_req, res) => {
      res.setHeader('Content-Type', 'text/event-stream');
      res.setHeader('Cache-Control', 'no-cache');
      res.write('data: first\n\n');
      res.flush();
      void finished.then(() => {
        res.write('data: last\n\n');
        res.end();
      });
    });
    await withApp(app, async ({ port }) => {
      const text = await new Promise<string>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/events', headers: gzip }, (res) => {
          assert.equal(res.headers['content-encoding'], 'gzip');
          let seen = '';
          const unzip = res.pipe(createGunzip());
          unzip.on('data', (chunk: Buffer) => {
            seen += chunk.toString();
            // The first event arrived while the server still holds the response open.
            if (seen === 'data: first\n\n') finish();
          });
          unzip.on('end', () => resolve(seen));
          unzip.on('error', reject);
        });
        req.on('error', reject);
      });
      assert.equal(text, 'data: first\n\ndata: last\n\n');
    });
  });
});
