import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AsyncLocalStorage } from 'node:async_hooks';
import zlib from 'node:zlib';
import { compareApps, type FrameworkLike } from '../helpers/compare';
import type { Listener, SimpleRequest } from '../helpers/server';
import type { ParserKind } from '../helpers/body-probe';

/**
 * A parser runs `next` in the async context it was called in, even when the body arrived later on
 * the request's own events: an AsyncLocalStorage store entered around the parser is still there
 * in `next`, whatever the outcome. Compared with express@4 for each parser and outcome.
 */

const TYPES: Record<ParserKind, string> = {
  json: 'application/json',
  raw: 'application/octet-stream',
  text: 'text/plain',
  urlencoded: 'application/x-www-form-urlencoded',
};
const GOOD: Record<ParserKind, string> = { json: '{"a":1}', raw: 'bytes', text: 'text', urlencoded: 'a=1' };

/** An app whose only middleware runs the parser inside a store and reports the store `next` sees. */
function storeApp(kind: ParserKind) {
  return (framework: FrameworkLike): Listener => {
    type Parser = (req: unknown, res: unknown, next: (err?: { status?: number; type?: string }) => void) => void;
    const parser = (framework as unknown as Record<ParserKind, (options: object) => Parser>)[kind]({ limit: 64, extended: true });
    const storage = new AsyncLocalStorage<{ id: string }>();
    const app = framework();
    app.use((req, res) => {
      storage.run({ id: 'kept' }, () => {
        parser(req, res, (err) => {
          res.setHeader('x-store', storage.getStore()?.id ?? 'lost');
          if (err) res.status(err.status ?? 500).send(String(err.type));
          else res.send(Buffer.isBuffer(req.body) ? req.body.toString() : JSON.stringify(req.body));
        });
      });
    });
    return app as unknown as Listener;
  };
}

function post(type: string, body: string | Buffer, headers: Record<string, string> = {}, chunked = false): SimpleRequest {
  const length: Record<string, string> = chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(Buffer.byteLength(body)) };
  return { method: 'POST', path: '/', headers: { 'content-type': type, ...length, ...headers }, body };
}

describe('body parsers keep the caller’s async context, as express@4 does', () => {
  for (const kind of Object.keys(TYPES) as ParserKind[]) {
    const type = TYPES[kind];
    const gzipped = zlib.gzipSync(GOOD[kind]);
    const requests: Array<[string, SimpleRequest]> = [
      ['a parsed body', post(type, GOOD[kind])],
      ['a chunked body', post(type, GOOD[kind], {}, true)],
      ['an unmatched type', post('application/x-other', 'x')],
      ['an inflated body', post(type, gzipped, { 'content-encoding': 'gzip' })],
      ['an inflate error', post(type, gzipped.subarray(0, gzipped.length - 2), { 'content-encoding': 'gzip' })],
      ['a chunked body over the limit', post(type, 'x'.repeat(100), {}, true)],
      ['a Content-Length over the limit', post(type, 'x'.repeat(100))],
    ];
    if (kind === 'json') requests.push(['a parse error', post(type, '{"a":')]);
    for (const [name, request] of requests) {
      it(`${kind}(): the store is there in next after ${name}`, async () => {
        const [answer] = await compareApps(storeApp(kind), [request]);
        assert.equal(answer.express.headers['x-store'], 'kept');
        assert.equal(answer.portico.headers['x-store'], answer.express.headers['x-store']);
        assert.equal(answer.portico.status, answer.express.status);
        assert.equal(answer.portico.text, answer.express.text);
      });
    }
  }
});

/** The same through the router: a middleware enters the store, the parser runs as the next layer, a later one reads it. */
function layeredStoreApp(kind: ParserKind) {
  return (framework: FrameworkLike): Listener => {
    const storage = new AsyncLocalStorage<{ id: string }>();
    const app = framework();
    app.use((_req, _res, next) => storage.run({ id: 'kept' }, next));
    app.use((framework as unknown as Record<ParserKind, (options: object) => never>)[kind]({ limit: 64, extended: true }));
    app.use((req, res) => {
      res.setHeader('x-store', storage.getStore()?.id ?? 'lost');
      res.send(Buffer.isBuffer(req.body) ? req.body.toString() : JSON.stringify(req.body));
    });
    app.use(((err: { status?: number; type?: string }, _req: unknown, res: { setHeader(n: string, v: string): void; status(c: number): { send(b: string): void } }, _next: unknown) => {
      res.setHeader('x-store', storage.getStore()?.id ?? 'lost');
      res.status(err.status ?? 500).send(String(err.type));
    }) as never);
    return app as unknown as Listener;
  };
}

describe('body parsers keep a store entered by an earlier middleware for the layers after them, as express@4 does', () => {
  for (const kind of Object.keys(TYPES) as ParserKind[]) {
    const gzipped = zlib.gzipSync(GOOD[kind]);
    const requests: Array<[string, SimpleRequest]> = [
      ['a parsed body', post(TYPES[kind], GOOD[kind])],
      ['an inflated body', post(TYPES[kind], gzipped, { 'content-encoding': 'gzip' })],
      ['an inflate error', post(TYPES[kind], gzipped.subarray(0, gzipped.length - 2), { 'content-encoding': 'gzip' })],
      ['a chunked body over the limit', post(TYPES[kind], 'x'.repeat(100), {}, true)],
    ];
    for (const [name, request] of requests) {
      it(`${kind}(): a later layer sees the store after ${name}`, async () => {
        const [answer] = await compareApps(layeredStoreApp(kind), [request]);
        assert.equal(answer.express.headers['x-store'], 'kept');
        assert.equal(answer.portico.headers['x-store'], answer.express.headers['x-store']);
        assert.equal(answer.portico.status, answer.express.status);
      });
    }
  }
});
