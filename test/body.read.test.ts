import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import zlib from 'node:zlib';
import portico from '../src/index';
import { withServer, send, type Listener } from './helpers/server';
import { RawClient, delay, statusOf } from './helpers/body-socket';
import { until, watchReads } from './helpers/wait-for';

/**
 * Body reading (src/body/read.ts) over real sockets: limits on the declared and the inflated
 * size, refusal before reading, draining and closing, aborts, and the listeners left behind.
 */

type Req = http.IncomingMessage & { body?: unknown };
type Res = http.ServerResponse & { status(code: number): Res; json(v: unknown): void; send(v: unknown): void };
type Middleware = (req: Req, res: Res, next: (err?: unknown) => void) => void;

const WATCHED = ['data', 'end', 'close', 'error', 'aborted', 'readable'] as const;

function listenerCounts(req: http.IncomingMessage): Record<string, number> {
  return Object.fromEntries(WATCHED.map((e) => [e, req.listenerCount(e)]));
}

interface Seen {
  error?: Error & Record<string, unknown>;
  before?: Record<string, number>;
  after?: Record<string, number>;
}

/** An app with one parser that records the error and the request's listeners before and after it. */
function recordingApp(parser: unknown, seen: Seen[]): Listener {
  const app = portico();
  app.use(function countBefore(req: Req, _res: Res, next: () => void) {
    seen.push({ before: listenerCounts(req) });
    next();
  });
  app.use(parser as Middleware);
  app.use(function answer(req: Req, res: Res) {
    seen[seen.length - 1].after = listenerCounts(req);
    res.json({ body: Buffer.isBuffer(req.body) ? { length: req.body.length, hex: req.body.toString('hex').slice(0, 64) } : req.body });
  });
  app.use(function answerError(err: Error & Record<string, unknown>, req: Req, res: Res, _next: () => void) {
    const entry = seen[seen.length - 1];
    entry.error = err;
    entry.after = listenerCounts(req);
    res.status(err.status as number).json({ type: err.type, limit: err.limit, length: err.length, received: err.received });
  });
  return app as unknown as Listener;
}

const head = (length: number | 'chunked', type = 'application/json', extra = ''): string =>
  'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: ' + type + '\r\n' +
  (length === 'chunked' ? 'Transfer-Encoding: chunked\r\n' : 'Content-Length: ' + length + '\r\n') + extra + '\r\n';

describe('reading a body: Content-Length over the limit', () => {
  it('answers 413 before the client has sent any of the body', async () => {
    const seen: Seen[] = [];
    await withServer(recordingApp(portico.json(), seen), async ({ port }) => {
      const client = new RawClient(port);
      await client.write(head(1_000_000_000));
      const [response] = await client.responses(1);
      assert.equal(statusOf(response), 413);
      assert.match(response, /"type":"entity.too.large"/);
      assert.equal(seen[0].error?.length, 1_000_000_000);
      assert.equal(seen[0].error?.expected, 1_000_000_000);
      assert.equal(seen[0].error?.limit, 102400);
      client.destroy();
    });
  });

  it('closes the connection after the response when far more is announced than it will drain', async () => {
    await withServer(recordingApp(portico.json(), []), async ({ port }) => {
      const client = new RawClient(port);
      await client.write(head(500_000_000));
      await client.responses(1);
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      // Keep sending: the server must hang up rather than read the whole announced body.
      const sending = (async () => {
        for (let i = 0; i < 2000 && !client.closed; i++) await client.write(chunk);
      })();
      await Promise.race([client.closedPromise, delay(15_000)]);
      assert.equal(client.closed, true);
      await sending;
    });
  });

  it('drains a modest refused body and keeps the connection for the next request', async () => {
    await withServer(recordingApp(portico.json({ limit: 10 }), []), async ({ port }) => {
      const client = new RawClient(port);
      await client.write(head(2000) + '{"a":"' + 'x'.repeat(1992) + '"}');
      await client.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
      const responses = await client.responses(2);
      assert.deepEqual(responses.map(statusOf), [413, 200]);
      assert.equal(client.closed, false);
      client.destroy();
    });
  });
});

describe('reading a body: limit while streaming', () => {
  it('refuses a chunked body as soon as the limit is passed, with limit and received', async () => {
    const seen: Seen[] = [];
    await withServer(recordingApp(portico.raw({ limit: 100 }), seen), async ({ port }) => {
      const client = new RawClient(port);
      await client.write(head('chunked', 'application/octet-stream'));
      await client.write('3c\r\n' + 'a'.repeat(60) + '\r\n');
      await delay(50);
      await client.write('3c\r\n' + 'b'.repeat(60) + '\r\n');
      const [response] = await client.responses(1);
      assert.equal(statusOf(response), 413);
      assert.equal(seen[0].error?.received, 120);
      assert.equal(seen[0].error?.limit, 100);
      assert.equal('length' in (seen[0].error as object), false);
      client.destroy();
    });
  });

  it('accepts a body of exactly the limit sent in many pieces', async () => {
    await withServer(recordingApp(portico.raw({ limit: 1000 }), []), async ({ port }) => {
      const client = new RawClient(port);
      await client.write(head(1000, 'application/octet-stream'));
      for (let i = 0; i < 10; i++) {
        await client.write(Buffer.alloc(100, i));
        await delay(5);
      }
      const [response] = await client.responses(1);
      assert.equal(statusOf(response), 200);
      assert.match(response, /"length":1000/);
      client.destroy();
    });
  });

  it('returns the bytes exactly, whatever the chunking', async () => {
    const payload = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7) % 256));
    await withServer(recordingApp(portico.raw(), []), async ({ port }) => {
      for (const pieces of [1, 2, 7, 50]) {
        const client = new RawClient(port);
        await client.write(head(payload.length, 'application/octet-stream'));
        const size = Math.ceil(payload.length / pieces);
        for (let at = 0; at < payload.length; at += size) {
          await client.write(payload.subarray(at, at + size));
          await delay(2);
        }
        const [response] = await client.responses(1);
        assert.match(response, new RegExp('"hex":"' + payload.toString('hex').slice(0, 64) + '"'));
        assert.match(response, /"length":5000/);
        client.destroy();
      }
    });
  });
});

describe('reading a body: inflation', () => {
  const bomb = zlib.gzipSync(Buffer.alloc(50 * 1024 * 1024));
  const deflateBomb = zlib.deflateSync(Buffer.alloc(50 * 1024 * 1024));

  it('refuses a gzip bomb with 413 after inflating no more than the limit plus one chunk', async () => {
    const seen: Seen[] = [];
    await withServer(recordingApp(portico.raw(), seen), async ({ port }) => {
      const res = await send(port, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'content-encoding': 'gzip', 'content-length': bomb.length },
        body: bomb,
      });
      assert.equal(res.status, 413);
      const received = seen[0].error?.received as number;
      assert.ok(received > 102400 && received <= 102400 + 16 * 1024, `received ${received}`);
      assert.equal(seen[0].error?.limit, 102400);
    });
  });

  it('refuses a deflate bomb the same way', async () => {
    const seen: Seen[] = [];
    await withServer(recordingApp(portico.raw({ limit: '10kb' }), seen), async ({ port }) => {
      const res = await send(port, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'content-encoding': 'deflate', 'content-length': deflateBomb.length },
        body: deflateBomb,
      });
      assert.equal(res.status, 413);
      assert.ok((seen[0].error?.received as number) <= 10240 + 64 * 1024);
    });
  });

  it('refuses brotli with 415 encoding.unsupported, as Express 4 does', async () => {
    const seen: Seen[] = [];
    await withServer(recordingApp(portico.json(), seen), async ({ port }) => {
      const body = zlib.brotliCompressSync('{"br":true}');
      const res = await send(port, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': 'br', 'content-length': body.length },
        body,
      });
      assert.equal(res.status, 415);
      assert.equal(seen[0].error?.message, 'unsupported content encoding "br"');
      assert.equal(seen[0].error?.type, 'encoding.unsupported');
      assert.equal(seen[0].error?.encoding, 'br');
    });
  });

  it('refuses brotli with inflate: false', async () => {
    const seen: Seen[] = [];
    await withServer(recordingApp(portico.json({ inflate: false }), seen), async ({ port }) => {
      const body = zlib.brotliCompressSync('{}');
      const res = await send(port, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': 'br', 'content-length': body.length },
        body,
      });
      assert.equal(res.status, 415);
      assert.equal(seen[0].error?.message, 'content encoding unsupported');
      assert.equal(seen[0].error?.encoding, 'br');
      // Express 4's error names the encoding only; body-parser's README (and the spec's table) say
      // `charset`, which its code never set.
      assert.equal(seen[0].error?.charset, undefined);
    });
  });

  it('reads a gzip body that arrives slowly, byte by byte', async () => {
    await withServer(recordingApp(portico.json(), []), async ({ port }) => {
      const body = zlib.gzipSync('{"slow":"gzip"}');
      const client = new RawClient(port);
      await client.write(head(body.length, 'application/json', 'Content-Encoding: gzip\r\n'));
      for (const byte of body) {
        await client.write(Buffer.from([byte]));
        await delay(1);
      }
      const [response] = await client.responses(1);
      assert.equal(statusOf(response), 200);
      assert.match(response, /\{"body":\{"slow":"gzip"\}\}/);
      client.destroy();
    });
  });
});

describe('reading a body: a client that aborts', () => {
  for (const [name, framing, expected] of [
    ['with Content-Length', 100, 100],
    ['chunked', 'chunked', null],
  ] as const) {
    it(`gives request.aborted ${name}, with received and expected, and leaves no listeners`, async () => {
      const seen: Seen[] = [];
      await withServer(recordingApp(portico.json(), seen), async ({ port, server }) => {
        const read = watchReads(server);
        const client = new RawClient(port);
        const sent = head(framing) + (framing === 'chunked' ? '5\r\n{"a":\r\n' : '{"a":');
        await client.write(sent);
        await read(sent.length);
        client.destroy();
        await until(() => seen[0]?.error !== undefined, 'the parser to report the abort');
        const error = seen[0].error as Error & Record<string, unknown>;
        assert.equal(error.type, 'request.aborted');
        assert.equal(error.status, 400);
        assert.equal(error.expose, true);
        assert.equal(error.code, 'ECONNABORTED');
        assert.equal(error.received, 5);
        assert.equal(error.expected, expected);
        assert.equal(error.length, expected);
        assert.deepEqual(seen[0].after, seen[0].before);
      });
    });
  }

  it('gives request.aborted during inflation and leaves no listeners', async () => {
    const seen: Seen[] = [];
    await withServer(recordingApp(portico.text(), seen), async ({ port, server }) => {
      const read = watchReads(server);
      const body = zlib.gzipSync('x'.repeat(10000));
      const client = new RawClient(port);
      const sent = Buffer.concat([Buffer.from(head(body.length, 'text/plain', 'Content-Encoding: gzip\r\n')), body.subarray(0, 20)]);
      await client.write(sent);
      await read(sent.length);
      client.destroy();
      await until(() => seen[0]?.error !== undefined, 'the parser to report the abort');
      assert.equal(seen[0].error?.type, 'request.aborted');
      assert.equal(seen[0].error?.expected, null);
      assert.deepEqual(seen[0].after, seen[0].before);
    });
  });
});

describe('reading a body: listeners after success and refusal', () => {
  it('removes its listeners once the body is read', async () => {
    const seen: Seen[] = [];
    await withServer(recordingApp(portico.json(), seen), async ({ port }) => {
      await send(port, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': 7 }, body: '{"a":1}' });
      const body = zlib.gzipSync('{"a":1}');
      await send(port, { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': body.length }, body });
      assert.equal(seen.length, 2);
      for (const entry of seen) assert.deepEqual(entry.after, entry.before);
    });
  });

  it('removes its reading listeners after a parse error', async () => {
    const seen: Seen[] = [];
    await withServer(recordingApp(portico.json(), seen), async ({ port }) => {
      const res = await send(port, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': 1 }, body: '{' });
      assert.equal(res.status, 400);
      assert.deepEqual(seen[0].after, seen[0].before);
    });
  });
});
