import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import zlib from 'node:zlib';
import portico from '../src/index';
import { BODY_ERROR_TYPES, type BodyErrorType } from '../src/errors/body-error-types';
import { withServer, send, type Listener, type SimpleRequest } from './helpers/server';
import { RawClient } from './helpers/body-socket';
import { until, watchReads } from './helpers/wait-for';

/**
 * One test per row of the spec's Errors table (and the one row Express 4.22 adds): the error
 * reaches the app's error handler with its status, `type`, `expose` and extra fields, and the
 * default handler answers with that status.
 */

type Req = http.IncomingMessage & { body?: unknown };
type Res = http.ServerResponse & { status(code: number): Res; json(v: unknown): void };
type Middleware = (req: Req, res: Res, next: (err?: unknown) => void) => void;
type Captured = Error & Record<string, unknown>;

const exercised = new Set<string>();

/** Sends `request` through `parser` (after `before`, if any) and returns the error the handler saw. */
async function errorFrom(parser: unknown, request: SimpleRequest, before?: Middleware): Promise<{ error: Captured; status: number }> {
  let captured: Captured | undefined;
  const app = portico();
  if (before) app.use(before);
  app.use(parser as Middleware);
  app.use((_req: Req, res: Res) => res.json({ ok: true }));
  app.use((err: Captured, _req: Req, res: Res, _next: () => void) => {
    captured = err;
    res.status(err.status as number).json({ type: err.type });
  });
  return withServer(app as unknown as Listener, async ({ port }) => {
    const res = await send(port, request);
    assert.ok(captured, 'the error handler ran');
    exercised.add(String(captured.type));
    return { error: captured, status: res.status };
  });
}

function assertShape(error: Captured, status: number, type: BodyErrorType, expose: boolean): void {
  assert.equal(error.status, status);
  assert.equal(error.statusCode, status);
  assert.equal(error.type, type);
  assert.equal(error.expose, expose);
  assert.equal(BODY_ERROR_TYPES[type], status);
}

const json = (body: string | Buffer, headers: Record<string, string | number> = {}): SimpleRequest => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
  body,
});

describe('body parser errors: encoding.unsupported', () => {
  it('415 with `encoding` and no `charset` when inflate is false', async () => {
    const { error, status } = await errorFrom(portico.json({ inflate: false }), json(zlib.gzipSync('{}'), { 'content-encoding': 'gzip' }));
    assert.equal(status, 415);
    assertShape(error, 415, 'encoding.unsupported', true);
    assert.equal(error.message, 'content encoding unsupported');
    assert.equal(error.encoding, 'gzip');
    assert.equal(Object.getOwnPropertyDescriptor(error, 'charset'), undefined);
    assert.deepEqual(Object.keys(error), ['message', 'encoding', 'type']);
  });

  it('415 with `encoding`, named in the message, for an unknown encoding', async () => {
    const { error } = await errorFrom(portico.json(), json('{}', { 'content-encoding': 'Bogus' }));
    assertShape(error, 415, 'encoding.unsupported', true);
    assert.equal(error.message, 'unsupported content encoding "bogus"');
    assert.equal(error.encoding, 'bogus');
    assert.equal(error.name, 'UnsupportedMediaTypeError');
  });
});

describe('body parser errors: entity.parse.failed', () => {
  it('400 SyntaxError carrying the body', async () => {
    const { error } = await errorFrom(portico.json(), json('{"a":}'));
    assertShape(error, 400, 'entity.parse.failed', true);
    assert.ok(error instanceof SyntaxError);
    assert.equal(error.body, '{"a":}');
    assert.deepEqual(Object.keys(error), ['expose', 'statusCode', 'status', 'body', 'type']);
  });
});

describe('body parser errors: entity.verify.failed', () => {
  it('403 carrying the raw body', async () => {
    const verify = (): void => {
      throw new Error('signature mismatch');
    };
    const { error } = await errorFrom(portico.raw({ verify }), { method: 'POST', headers: { 'content-type': 'application/octet-stream', 'content-length': 3 }, body: 'abc' });
    assertShape(error, 403, 'entity.verify.failed', true);
    assert.equal(error.message, 'signature mismatch');
    assert.deepEqual(error.body, Buffer.from('abc'));
  });
});

describe('body parser errors: request.aborted', () => {
  it('400 with `received` and `expected`', async () => {
    let captured: Captured | undefined;
    const app = portico();
    app.use(portico.text());
    app.use((err: Captured, _req: Req, _res: Res, _next: () => void) => {
      captured = err;
    });
    await withServer(app as unknown as Listener, async ({ port, server }) => {
      const read = watchReads(server);
      const client = new RawClient(port);
      const sent = 'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 50\r\n\r\nhello';
      await client.write(sent);
      await read(sent.length);
      client.destroy();
      await until(() => captured !== undefined, 'the parser to report the abort');
    });
    assert.ok(captured);
    exercised.add(String(captured.type));
    assertShape(captured, 400, 'request.aborted', true);
    assert.equal(captured.message, 'request aborted');
    assert.equal(captured.received, 5);
    assert.equal(captured.expected, 50);
  });
});

describe('body parser errors: entity.too.large', () => {
  it('413 with `limit` and `length` when Content-Length is over the limit', async () => {
    const { error, status } = await errorFrom(portico.text({ limit: 4 }), { method: 'POST', headers: { 'content-type': 'text/plain', 'content-length': 5 }, body: 'hello' });
    assert.equal(status, 413);
    assertShape(error, 413, 'entity.too.large', true);
    assert.equal(error.message, 'request entity too large');
    assert.equal(error.limit, 4);
    assert.equal(error.length, 5);
    assert.equal(error.name, 'PayloadTooLargeError');
  });
});

describe('body parser errors: request.size.invalid', () => {
  it('400 when the bytes read differ from Content-Length', async () => {
    const shorten: Middleware = (req, _res, next) => {
      req.headers['content-length'] = '2';
      next();
    };
    const { error } = await errorFrom(portico.text(), { method: 'POST', headers: { 'content-type': 'text/plain', 'content-length': 5 }, body: 'hello' }, shorten);
    assertShape(error, 400, 'request.size.invalid', true);
    assert.equal(error.message, 'request size did not match content length');
    assert.equal(error.received, 5);
    assert.equal(error.expected, 2);
  });
});

describe('body parser errors: stream.encoding.set', () => {
  it('500, not exposed', async () => {
    const setEncoding: Middleware = (req, _res, next) => {
      req.setEncoding('utf8');
      next();
    };
    const { error, status } = await errorFrom(portico.json(), json('{}'), setEncoding);
    assert.equal(status, 500);
    assertShape(error, 500, 'stream.encoding.set', false);
    assert.equal(error.message, 'stream encoding should not be set');
  });
});

describe('body parser errors: stream.not.readable', () => {
  it('500, not exposed, when the body was consumed before', async () => {
    const consume: Middleware = (req, _res, next) => {
      req.resume();
      req.on('end', () => next());
    };
    const { error } = await errorFrom(portico.json(), json('{}'), consume);
    assertShape(error, 500, 'stream.not.readable', false);
    assert.equal(error.message, 'stream is not readable');
  });
});

describe('body parser errors: parameters.too.many', () => {
  it('413 past parameterLimit', async () => {
    const { error } = await errorFrom(portico.urlencoded({ extended: false, parameterLimit: 3 }), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': 15 },
      body: 'a=1&b=2&c=3&d=4',
    });
    assertShape(error, 413, 'parameters.too.many', true);
    assert.equal(error.message, 'too many parameters');
  });
});

describe('body parser errors: charset.unsupported', () => {
  it('415 with `charset`, named in the message', async () => {
    const { error } = await errorFrom(portico.text(), { method: 'POST', headers: { 'content-type': 'text/plain; charset=klingon', 'content-length': 1 }, body: 'x' });
    assertShape(error, 415, 'charset.unsupported', true);
    assert.equal(error.message, 'unsupported charset "KLINGON"');
    assert.equal(error.charset, 'klingon');
  });
});

describe('body parser errors: querystring.parse.rangeError', () => {
  it('400 for keys nested deeper than depth', async () => {
    const body = 'a' + '[b]'.repeat(40) + '=1';
    const { error } = await errorFrom(portico.urlencoded({ extended: true }), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': body.length },
      body,
    });
    assertShape(error, 400, 'querystring.parse.rangeError', true);
    assert.equal(error.message, 'The input exceeded the depth');
    assert.equal(error.body, body);
  });
});

describe('body parser errors: the default error handler', () => {
  for (const [name, parser, request, status] of [
    ['413 for entity.too.large', portico.json({ limit: 1 }), json('{}'), 413],
    ['400 for entity.parse.failed', portico.json(), json('{'), 400],
    ['415 for charset.unsupported', portico.json(), json('{}', { 'content-type': 'application/json; charset=latin1' }), 415],
  ] as const) {
    it(`answers ${name}`, async () => {
      const app = portico();
      app.use(parser);
      app.use((_req: Req, res: Res) => res.json({ unreachable: true }));
      await withServer(app as unknown as Listener, async ({ port }) => {
        const res = await send(port, request);
        assert.equal(res.status, status);
      });
    });
  }
});

describe('body parser errors: the catalogue', () => {
  it('has every one of its types produced by a test above', () => {
    assert.deepEqual([...exercised].sort(), Object.keys(BODY_ERROR_TYPES).sort());
  });
});
