import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import portico from '../../src/index';
import { compress, type CompressOptions, type CompressResponse } from '../../src/legacy/middleware/index';
import { withServer, send, type SimpleRequest } from '../helpers/server';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

function compressed(handler: Handler, options?: CompressOptions) {
  const app = portico();
  app.use(compress(options));
  app.use(handler);
  return app;
}

async function get(handler: Handler, request: SimpleRequest = {}, options?: CompressOptions) {
  return withServer(compressed(handler, options), ({ port }) => send(port, request));
}

const big = 'hello, world. '.repeat(200); // 2800 bytes
const gzipAccepted = { headers: { 'accept-encoding': 'gzip, deflate' } };

/** A whole body sent with end(), as res.send does: type and length set first. */
const sendText =
  (text: string, type = 'text/plain') =>
  (_req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Length', Buffer.byteLength(text));
    res.end(text);
  };

describe('compress()', () => {
  it('gzips a compressible body over the threshold', async () => {
    const res = await get(sendText(big), gzipAccepted);
    assert.equal(res.headers['content-encoding'], 'gzip');
    assert.equal(res.headers['content-length'], undefined);
    assert.equal(res.headers.vary, 'Accept-Encoding');
    assert.equal(zlib.gunzipSync(res.body).toString(), big);
  });

  it('uses deflate when only deflate is accepted', async () => {
    const res = await get(sendText(big), { headers: { 'accept-encoding': 'deflate' } });
    assert.equal(res.headers['content-encoding'], 'deflate');
    assert.equal(zlib.inflateSync(res.body).toString(), big);
  });

  it('prefers gzip when both are accepted, whatever the order', async () => {
    const res = await get(sendText(big), { headers: { 'accept-encoding': 'deflate, gzip' } });
    assert.equal(res.headers['content-encoding'], 'gzip');
  });

  it('sends identity without Accept-Encoding, but still adds Vary', async () => {
    const res = await get(sendText(big));
    assert.equal(res.headers['content-encoding'], undefined);
    assert.equal(res.headers['content-length'], String(big.length));
    assert.equal(res.headers.vary, 'Accept-Encoding');
    assert.equal(res.text, big);
  });

  it('sends identity when the encodings are refused', async () => {
    const res = await get(sendText(big), { headers: { 'accept-encoding': 'gzip;q=0, deflate;q=0' } });
    assert.equal(res.headers['content-encoding'], undefined);
    assert.equal(res.text, big);
  });

  it('leaves a body under the threshold alone', async () => {
    const res = await get(sendText('small'), gzipAccepted);
    assert.equal(res.headers['content-encoding'], undefined);
    assert.equal(res.headers['content-length'], '5');
    assert.equal(res.text, 'small');
  });

  it('measures a body given to end() without Content-Length against the threshold', async () => {
    const small = await get((_req, res) => {
      res.setHeader('Content-Type', 'text/plain');
      res.end('tiny');
    }, gzipAccepted);
    assert.equal(small.headers['content-encoding'], undefined);
    assert.equal(small.headers['content-length'], '4');
    const large = await get((_req, res) => {
      res.setHeader('Content-Type', 'text/plain');
      res.end(Buffer.from(big));
    }, gzipAccepted);
    assert.equal(large.headers['content-encoding'], 'gzip');
  });

  it('leaves types that do not compress well alone', async () => {
    const res = await get(sendText(big, 'image/png'), gzipAccepted);
    assert.equal(res.headers['content-encoding'], undefined);
    assert.equal(res.headers.vary, undefined);
  });

  it('compresses JSON and +json/+xml types', async () => {
    for (const type of ['application/json; charset=utf-8', 'application/vnd.api+json', 'image/svg+xml', 'text/html']) {
      const res = await get(sendText(big, type), gzipAccepted);
      assert.equal(res.headers['content-encoding'], 'gzip', type);
    }
  });

  it('leaves a response without Content-Type alone', async () => {
    const res = await get((_req, res) => res.end(big), gzipAccepted);
    assert.equal(res.headers['content-encoding'], undefined);
  });

  it('does not compress HEAD responses', async () => {
    const res = await get(sendText(big), { method: 'HEAD', ...gzipAccepted });
    assert.equal(res.headers['content-encoding'], undefined);
    assert.equal(res.headers['content-length'], String(big.length));
  });

  it('does not compress 204 and 304 responses', async () => {
    for (const status of [204, 304]) {
      const res = await get((_req, res) => {
        res.statusCode = status;
        res.setHeader('Content-Type', 'text/plain');
        res.end();
      }, gzipAccepted);
      assert.equal(res.status, status);
      assert.equal(res.headers['content-encoding'], undefined);
    }
  });

  it('honours Cache-Control: no-transform', async () => {
    const res = await get((req, res) => {
      res.setHeader('Cache-Control', 'public, no-transform');
      sendText(big)(req, res);
    }, gzipAccepted);
    assert.equal(res.headers['content-encoding'], undefined);
    assert.equal(res.text, big);
  });

  it('does not encode twice', async () => {
    const res = await get((req, res) => {
      res.setHeader('Content-Encoding', 'br');
      sendText(big)(req, res);
    }, gzipAccepted);
    assert.equal(res.headers['content-encoding'], 'br');
    assert.equal(res.text, big);
  });

  it('keeps an existing Vary value', async () => {
    const res = await get((req, res) => {
      res.setHeader('Vary', 'Origin');
      sendText(big)(req, res);
    }, gzipAccepted);
    assert.equal(res.headers.vary, 'Origin, Accept-Encoding');
  });

  it('sees headers given to writeHead', async () => {
    const res = await get((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end(big);
    }, gzipAccepted);
    assert.equal(res.headers['content-encoding'], 'gzip');
    assert.equal(zlib.gunzipSync(res.body).toString(), big);
  });

  it('compresses a streamed body of unknown length, written chunk by chunk', async () => {
    const res = await get((_req, res) => {
      res.setHeader('Content-Type', 'text/plain');
      res.write('a');
      res.write(Buffer.from('b'));
      res.write('c', 'utf8', () => undefined);
      res.end('d', 'utf8');
    }, gzipAccepted);
    assert.equal(res.headers['content-encoding'], 'gzip');
    assert.equal(res.headers['transfer-encoding'], 'chunked');
    assert.equal(zlib.gunzipSync(res.body).toString(), 'abcd');
  });

  it('keeps back-pressure for a large piped stream', async () => {
    const chunk = 'x'.repeat(64 * 1024);
    const count = 64; // 4 MiB
    const res = await get((_req, res) => {
      res.setHeader('Content-Type', 'text/plain');
      let sent = 0;
      const source = new Readable({
        read() {
          this.push(sent++ < count ? chunk : null);
        },
      });
      source.pipe(res);
    }, gzipAccepted);
    assert.equal(res.headers['content-encoding'], 'gzip');
    assert.equal(zlib.gunzipSync(res.body).length, chunk.length * count);
  });

  it('forwards drain listeners added before the first write to zlib', async () => {
    let drained = false;
    let firstWrite: boolean | undefined;
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    const res = await get((_req, res) => {
      res.setHeader('Content-Type', 'text/plain');
      res.once('drain', () => {
        drained = true;
        res.end();
      });
      firstWrite = res.write(chunk);
      if (firstWrite) res.end();
    }, gzipAccepted);
    assert.equal(firstWrite, false);
    assert.equal(drained, true);
    assert.equal(zlib.gunzipSync(res.body).length, chunk.length);
  });

  it('leaves drain to the socket for a response it does not compress', async () => {
    const chunk = 'y'.repeat(64 * 1024);
    const count = 128; // 8 MiB, more than the socket takes at once
    const res = await get((_req, res) => {
      res.setHeader('Content-Type', 'image/png');
      let sent = 0;
      new Readable({
        read() {
          this.push(sent++ < count ? chunk : null);
        },
      }).pipe(res);
    }, gzipAccepted);
    assert.equal(res.headers['content-encoding'], undefined);
    assert.equal(res.body.length, chunk.length * count);
  });

  it('accepts end(chunk, callback)', async () => {
    let called = false;
    const res = await get((_req, res) => {
      res.setHeader('Content-Type', 'text/plain');
      res.end(big, () => {
        called = true;
      });
    }, gzipAccepted);
    assert.equal(zlib.gunzipSync(res.body).toString(), big);
    assert.equal(called, true);
  });

  it('calls the end() callback and ignores writes after end', async () => {
    let called = false;
    const res = await get((_req, res) => {
      res.setHeader('Content-Type', 'text/plain');
      res.write(big);
      res.end(() => {
        called = true;
      });
      assert.equal(res.write('late'), false);
      res.end();
    }, gzipAccepted);
    assert.equal(zlib.gunzipSync(res.body).toString(), big);
    assert.equal(called, true);
  });

  it('adds res.flush() that pushes out what has been compressed so far', async () => {
    const res = await get((_req, res) => {
      res.setHeader('Content-Type', 'text/event-stream');
      res.write('data: 1\n\n');
      (res as CompressResponse).flush?.();
      setTimeout(() => res.end('data: 2\n\n'), 10);
    }, gzipAccepted);
    assert.equal(zlib.gunzipSync(res.body).toString(), 'data: 1\n\ndata: 2\n\n');
  });
});

describe('compress({ threshold })', () => {
  it('accepts a number of bytes', async () => {
    const res = await get(sendText('abc'), gzipAccepted, { threshold: 0 });
    assert.equal(res.headers['content-encoding'], 'gzip');
    assert.equal(zlib.gunzipSync(res.body).toString(), 'abc');
  });

  it('accepts a bytes string', async () => {
    const res = await get(sendText(big), gzipAccepted, { threshold: '4kb' });
    assert.equal(res.headers['content-encoding'], undefined);
  });
});

describe('compress({ filter })', () => {
  it('uses the filter instead of the type check', async () => {
    const filter = (req: IncomingMessage) => req.headers['x-compress'] === 'yes';
    const yes = await get(sendText(big, 'image/png'), { headers: { 'accept-encoding': 'gzip', 'x-compress': 'yes' } }, { filter });
    assert.equal(yes.headers['content-encoding'], 'gzip');
    const no = await get(sendText(big), gzipAccepted, { filter });
    assert.equal(no.headers['content-encoding'], undefined);
  });
});

describe('compress({ level })', () => {
  it('passes zlib options through', async () => {
    const res = await get(sendText(big), gzipAccepted, { level: 1, memLevel: 8, chunkSize: 16 * 1024 });
    assert.equal(zlib.gunzipSync(res.body).toString(), big);
  });
});
