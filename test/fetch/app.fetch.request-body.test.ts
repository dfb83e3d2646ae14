import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import portico from '../../src/index';
import type { FetchApp } from './fetch-pair';

/*
 * The request body over `app.fetch`: streamed from `request.body` into `req` as the app reads it,
 * never read ahead, and no longer pulled once the app has refused it.
 */

type Req = IncomingMessage & Record<string, any>;
type Res = ServerResponse & Record<string, any>;

/** A body of `total` bytes made as it is pulled, in chunks of `chunk`, recording what was pulled and whether it was cancelled. */
function countedBody(total: number, chunk = 16 * 1024, fill = 0x61): { stream: ReadableStream<Uint8Array>; pulled: () => number; cancelled: Promise<void> } {
  let pulled = 0;
  let onCancel: () => void = () => {};
  const cancelled = new Promise<void>((resolve) => {
    onCancel = resolve;
  });
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= total) return controller.close();
        const size = Math.min(chunk, total - pulled);
        pulled += size;
        controller.enqueue(new Uint8Array(size).fill(fill));
      },
      cancel() {
        onCancel();
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled, cancelled };
}

function appWith(parser: unknown): FetchApp {
  const app = (portico as any)();
  app.set('env', 'production');
  app.post('/', parser, (req: Req, res: Res) => res.json({ body: req.body }));
  return app as FetchApp;
}

const post = (body: ReadableStream<Uint8Array> | string | Uint8Array, headers: Record<string, string>): Request =>
  new Request('http://localhost/', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

describe('app.fetch: the request body', () => {
  it('a streamed body over the limit is refused with 413 after the limit, and the rest is never pulled', async () => {
    const body = countedBody(64 * 1024 * 1024);
    const response = await appWith((portico as any).json({ limit: '100kb' })).fetch(post(body.stream, { 'content-type': 'application/json' }));
    assert.equal(response.status, 413);
    await response.arrayBuffer();
    await body.cancelled;
    assert.ok(body.pulled() < 1024 * 1024, `pulled ${body.pulled()} bytes of 64 MiB`);
  });

  it('a Content-Length over the limit is refused before any byte is pulled', async () => {
    const body = countedBody(50 * 1024 * 1024);
    const response = await appWith((portico as any).raw({ limit: 1000 })).fetch(
      post(body.stream, { 'content-type': 'application/octet-stream', 'content-length': String(50 * 1024 * 1024) }),
    );
    assert.equal(response.status, 413);
    await response.arrayBuffer();
    await body.cancelled;
    assert.ok(body.pulled() <= 64 * 1024, `pulled ${body.pulled()} bytes`);
  });

  it('a gzip body inflating over the limit is refused with 413 without reading it whole', async () => {
    const zipped = gzipSync(Buffer.alloc(4 * 1024 * 1024, 0x20));
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= zipped.length) return controller.close();
        const part = zipped.subarray(pulled, pulled + 256);
        pulled += part.length;
        controller.enqueue(new Uint8Array(part));
      },
    }, { highWaterMark: 0 });
    const response = await appWith((portico as any).text({ limit: 1000 })).fetch(post(stream, { 'content-type': 'text/plain', 'content-encoding': 'gzip' }));
    assert.equal(response.status, 413);
    await response.arrayBuffer();
  });

  it('a body is read only as the app reads it (no reading ahead of a paused request)', async () => {
    const body = countedBody(8 * 1024 * 1024);
    const app = (portico as any)();
    let onPaused: () => void = () => {};
    const paused = new Promise<void>((resolve) => {
      onPaused = resolve;
    });
    let release: () => void = () => {};
    app.post('/', (req: Req, res: Res) => {
      let seen = 0;
      let stopped = false;
      req.on('data', (chunk: Buffer) => {
        seen += chunk.length;
        if (!stopped && seen >= 256 * 1024) {
          stopped = true;
          req.pause();
          release = () => req.resume();
          onPaused();
        }
      });
      req.on('end', () => res.json({ seen }));
    });
    const pending = (app as FetchApp).fetch(post(body.stream, { 'content-type': 'application/octet-stream' }));
    await paused;
    await new Promise((resolve) => setTimeout(resolve, 30));
    const whilePaused = body.pulled();
    assert.ok(whilePaused < 1024 * 1024, `pulled ${whilePaused} bytes while the app was paused`);
    release();
    const response = await pending;
    assert.deepEqual(await response.json(), { seen: 8 * 1024 * 1024 });
  });

  it('json, urlencoded and text read the streamed body with their charsets', async () => {
    const p = portico as any;
    const app = p();
    app.post('/json', p.json(), (req: Req, res: Res) => res.json(req.body));
    app.post('/form', p.urlencoded({ extended: false }), (req: Req, res: Res) => res.json(req.body));
    app.post('/text', p.text(), (req: Req, res: Res) => res.json({ text: req.body }));
    const f = (app as FetchApp).fetch;
    const r1 = await f(post('{"snow":"☃"}', { 'content-type': 'application/json' }).clone());
    assert.equal(r1.status, 404, 'the root path has no route');
    const json = await f(new Request('http://localhost/json', { method: 'POST', body: '{"snow":"☃"}', headers: { 'content-type': 'application/json' } }));
    assert.deepEqual(await json.json(), { snow: '☃' });
    const form = await f(new Request('http://localhost/form', { method: 'POST', body: 'a=%E2%98%83&b=2', headers: { 'content-type': 'application/x-www-form-urlencoded' } }));
    assert.deepEqual(await form.json(), { a: '☃', b: '2' });
    const latin1 = await f(new Request('http://localhost/text', { method: 'POST', body: new Uint8Array([0x63, 0x61, 0x66, 0xe9]), headers: { 'content-type': 'text/plain; charset=iso-8859-1' } }));
    assert.deepEqual(await latin1.json(), { text: 'café' });
  });

  it('a request without a body ends at once, as node:http\'s', async () => {
    const app = (portico as any)();
    app.get('/', (req: Req, res: Res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => res.json({ complete: req.complete, length: Buffer.concat(chunks).length, headers: req.headers, raw: req.rawHeaders.length }));
    });
    const response = await (app as FetchApp).fetch(new Request('http://example.com:8080/?x=1', { headers: { 'x-a': '1' } }));
    const got = (await response.json()) as any;
    assert.equal(got.complete, true);
    assert.equal(got.length, 0);
    assert.equal(got.headers.host, 'example.com:8080');
    assert.equal(got.headers['x-a'], '1');
    assert.equal(got.raw, Object.keys(got.headers).length * 2);
  });
});
