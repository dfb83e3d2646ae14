import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import portico from '../../src/index';
import { startCleartextHttp2, connect, request, HTTP2_STARTUPS, type RunningHttp2Server } from '../helpers/http2';
import type { Listener } from '../helpers/server';

/*
 * Over h2, Portico's response hands node:http2 each header name already trimmed and lower-cased (and
 * so interned) instead of the name as written, and `res.send` hands node an unwrapped response's
 * string body as it is instead of a Buffer. Neither may change what an app or a client sees: the
 * header methods answer, and fail, as node:http2's own do (a raw node:http2 handler is the oracle),
 * and a wrapped `res.write`/`res.end` still gets the Buffer Express gives it.
 */

/** Header calls of every kind, each answered with its result or its error's code and message. */
function headerCalls(res: http2.Http2ServerResponse): unknown[] {
  const out: unknown[] = [];
  const call = (fn: () => unknown): void => {
    try {
      const value = fn();
      // Portico's setHeader answers the response (as node:http's does), node:http2's nothing.
      out.push(value === res || value === undefined ? null : value);
    } catch (err) {
      const e = err as { code?: string; message?: string };
      out.push({ code: e.code, message: e.message });
    }
  };
  call(() => res.setHeader('X-Mixed-Case', 'a'));
  call(() => res.getHeader('x-mixed-case'));
  call(() => res.getHeader('X-MIXED-CASE'));
  call(() => res.getHeader(' X-Mixed-Case '));
  call(() => res.hasHeader('X-MIXED-case'));
  call(() => res.hasHeader(' x-mixed-case\t'));
  call(() => res.setHeader(' X-Padded ', 'p'));
  call(() => res.getHeader('x-padded'));
  call(() => res.removeHeader('X-PADDED'));
  call(() => res.hasHeader('x-padded'));
  call(() => res.getHeader('Bad Name'));
  call(() => res.setHeader('X-Bad-Value', 'a\nb'));
  call(() => res.setHeader('X-Undefined', undefined as never));
  call(() => res.getHeader(42 as never));
  call(() => res.hasHeader(null as never));
  call(() => res.removeHeader({} as never));
  call(() => res.setHeader(7 as never, 'x'));
  call(() => res.getHeader('__proto__'));
  call(() => res.hasHeader('constructor'));
  // More names than Portico keeps lower-case forms of: the rest go to node as written.
  for (let i = 0; i < 150; i++) call(() => res.setHeader(`X-Many-${i}`, String(i)));
  call(() => res.getHeader('x-many-0'));
  call(() => res.getHeader('X-MANY-149'));
  call(() => res.hasHeader('X-Many-140'));
  call(() => res.getHeaderNames().length);
  // Fewer on the wire than a client accepts; spelt otherwise, so none of these has a kept form.
  for (let i = 5; i < 150; i++) call(() => res.removeHeader(`X-MANY-${i}`));
  call(() => res.getHeaderNames().length);
  return out;
}

/** A raw node:http2 server (no framework) answering the calls as node:http2 does. */
async function startRawServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http2.createServer((_req, res) => {
    const calls = headerCalls(res);
    res.end(JSON.stringify(calls));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (s) => sessions.add(s));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((done) => {
        for (const s of sessions) s.destroy();
        server.close(() => done());
      }),
  };
}

const ASCII_BODY = 'a'.repeat(1500);
const UTF8_BODY = 'é'.repeat(800);

function buildApp(): ReturnType<typeof portico> {
  const app = portico();
  app.disable('x-powered-by');
  app.get('/calls', (_req, res) => {
    const calls = headerCalls(res as unknown as http2.Http2ServerResponse);
    res.end(JSON.stringify(calls));
  });
  app.get('/body/:which', (req, res) => {
    const body = req.params.which === 'utf8' ? UTF8_BODY : ASCII_BODY;
    const seen: string[] = [];
    if (req.query.wrap === 'write' || req.query.wrap === 'both') {
      const write = res.write;
      res.write = function (this: typeof res, chunk: unknown, ...rest: unknown[]) {
        seen.push('write:' + (Buffer.isBuffer(chunk) ? 'buffer' : typeof chunk));
        return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
      } as typeof res.write;
    }
    if (req.query.wrap === 'end' || req.query.wrap === 'both') {
      const end = res.end;
      res.end = function (this: typeof res, chunk: unknown, ...rest: unknown[]) {
        seen.push('end:' + (Buffer.isBuffer(chunk) ? 'buffer' : typeof chunk));
        return (end as (...a: unknown[]) => unknown).call(this, chunk, ...rest);
      } as typeof res.end;
    }
    res.set('X-Seen-Before', 'yes');
    res.on('finish', () => seenLog.push(seen.join(',')));
    res.send(body);
  });
  return app;
}

const seenLog: string[] = [];

for (const startup of HTTP2_STARTUPS) {
  describe(`response header names and string bodies over h2 (${startup})`, () => {
    let server: RunningHttp2Server;
    let session: http2.ClientHttp2Session;
    before(async () => {
      server = await startCleartextHttp2(buildApp() as unknown as Listener, startup);
      session = await connect(server.url);
    });
    after(async () => {
      session.close();
      await server.close();
    });

    it('answers and fails header calls of any case and spacing as node:http2 does', async () => {
      const raw = await startRawServer();
      try {
        const rawSession = await connect(raw.url);
        const expected = await request(rawSession, { path: '/' });
        rawSession.close();
        const actual = await request(session, { path: '/calls' });
        assert.equal(actual.status, expected.status);
        const calls = JSON.parse(actual.text) as unknown[];
        assert.deepEqual(calls, JSON.parse(expected.text));
        // The oracle did fail somewhere and answer elsewhere: the comparison covers both.
        assert.ok(calls.some((c) => typeof c === 'object' && c !== null && 'code' in c));
        assert.equal(calls[1], 'a');
        assert.equal(calls[4], true);
        for (let i = 0; i < 5; i++) assert.equal(actual.headers[`x-many-${i}`], String(i));
        assert.equal(actual.headers['x-many-5'], undefined);
        assert.equal(actual.headers['x-mixed-case'], 'a');
        assert.equal(actual.headers['x-padded'], undefined);
      } finally {
        await raw.close();
      }
    });

    for (const which of ['ascii', 'utf8'] as const) {
      const body = which === 'utf8' ? UTF8_BODY : ASCII_BODY;
      it(`sends a long ${which} string body byte for byte, with its length`, async () => {
        const res = await request(session, { path: `/body/${which}` });
        assert.equal(res.status, 200);
        assert.equal(res.text, body);
        assert.equal(res.headers['content-length'], String(Buffer.byteLength(body)));
        assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
        assert.match(String(res.headers.etag), /^W\/"/);
      });
    }

    for (const wrap of ['write', 'end', 'both'] as const) {
      it(`hands a wrapped res.${wrap === 'both' ? 'write and res.end' : wrap} the Buffer Express gives it`, async () => {
        seenLog.length = 0;
        const res = await request(session, { path: `/body/ascii?wrap=${wrap}` });
        assert.equal(res.text, ASCII_BODY);
        assert.equal(res.headers['content-length'], String(ASCII_BODY.length));
        await new Promise((resolve) => setImmediate(resolve));
        const expected = { write: 'write:buffer', end: 'end:buffer', both: 'end:buffer,write:buffer' }[wrap];
        assert.deepEqual(seenLog, [expected]);
      });
    }
  });
}
