import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync, deflateSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import portico from '../../src/index';
import portico5 from '../../src/express5/index';
import { fixture } from '../helpers/file-fixtures';
import type { SimpleRequest } from '../helpers/server';
import { answer, startPair, type FetchApp, type FetchPair } from './fetch-pair';

/*
 * The same app on node:http and through `app.fetch` behind @hono/node-server: every answer must be
 * the same (status, headers but Date/Connection/Keep-Alive/Transfer-Encoding, body bytes). The
 * batteries in this folder run the whole differential suites this way; these are the cases the
 * transport itself must get right, named for what they exercise.
 */

type Req = IncomingMessage & Record<string, any>;
type Res = ServerResponse & Record<string, any>;
type Next = (err?: unknown) => void;

const FILE = fixture('hello.txt');

function build4(): FetchApp {
  const p = portico as any;
  const app = p();
  // Error pages without stacks: a stack trace names the transport's frames.
  app.set('env', 'production');
  // Routing
  app.get('/users/:id', (req: Req, res: Res) => res.json({ id: req.params.id, query: req.query }));
  app.route('/book').get((_req: Req, res: Res) => res.send('get book')).post((_req: Req, res: Res) => res.status(201).send('made'));
  app.get('/skip', (_req: Req, _res: Res, next: Next) => next('route'));
  app.get('/skip', (_req: Req, res: Res) => res.send('second route'));
  const router = p.Router();
  router.get('/inner/:x', (req: Req, res: Res) => res.send(`${req.baseUrl} ${req.path} ${req.originalUrl} ${req.params.x}`));
  app.use('/mounted', router);
  const sub = p();
  sub.get('/', (req: Req, res: Res) => res.send(`sub at ${req.baseUrl} ${sub.mountpath}`));
  app.use('/sub', sub);
  // res helpers
  app.get('/send/buffer', (_req: Req, res: Res) => res.send(Buffer.from([0, 1, 2, 255])));
  app.get('/send/status', (_req: Req, res: Res) => res.sendStatus(418));
  app.get('/send/204', (_req: Req, res: Res) => res.status(204).send('dropped'));
  app.get('/send/304', (_req: Req, res: Res) => res.status(304).send('dropped'));
  app.get('/redirect', (_req: Req, res: Res) => res.redirect('/users/1'));
  app.get('/redirect/301', (_req: Req, res: Res) => res.redirect(301, 'http://example.com/<x>'));
  app.get('/cookies', (_req: Req, res: Res) => {
    res.cookie('a', '1', { httpOnly: true });
    res.cookie('b', 'two, three', { maxAge: 1000 * 60 * 60 * 24 * 365 * 10, path: '/x' });
    res.cookie('c', { j: true });
    res.clearCookie('old');
    res.append('Set-Cookie', 'raw=1; Secure');
    res.send('cookies');
  });
  app.get('/headers', (_req: Req, res: Res) => {
    res.set('X-Number', 5 as any);
    res.set('X-List', ['a', 'b']);
    res.vary('Accept').vary('Origin');
    res.links({ next: '/page/2' });
    res.type('xml').send('<a/>');
  });
  app.get('/writehead', (_req: Req, res: Res) => {
    res.setHeader('X-Before', '1');
    res.writeHead(202, 'Accepted Later', { 'X-Head': 'h', 'Set-Cookie': ['w=1', 'w2=2'] });
    res.end('written');
  });
  app.get('/format', (_req: Req, res: Res) => res.format({ text: () => res.send('text'), json: () => res.json({ json: true }) }));
  // Files
  app.get('/file', (_req: Req, res: Res) => res.sendFile(FILE));
  app.get('/download', (_req: Req, res: Res) => res.download(FILE, 'name ☃.txt'));
  app.get('/missing-file', (_req: Req, res: Res, next: Next) => res.sendFile(fixture('nope.txt'), (err: any) => next(err)));
  app.use('/static', p.static(fixture()));
  // Streaming
  app.get('/stream', (_req: Req, res: Res) => {
    res.type('text');
    let i = 0;
    const write = (): void => {
      while (i < 64) {
        const more = res.write(String(i % 10).repeat(8192));
        i++;
        if (!more) return void res.once('drain', write);
      }
      res.end('end');
    };
    write();
  });
  // Body parsers
  app.post('/json', p.json({ limit: 100 }), (req: Req, res: Res) => res.json({ body: req.body }));
  app.post('/json-strict', p.json(), (req: Req, res: Res) => res.json({ body: req.body }));
  app.post('/form', p.urlencoded({ extended: true, limit: 100 }), (req: Req, res: Res) => res.json({ body: req.body }));
  app.post('/text', p.text({ limit: 100 }), (req: Req, res: Res) => res.json({ body: req.body }));
  app.post('/text-any', p.text({ type: '*/*', defaultCharset: 'utf-8' }), (req: Req, res: Res) => res.json({ body: req.body }));
  app.post('/raw', p.raw({ limit: 100 }), (req: Req, res: Res) => res.json({ length: req.body.length, hex: req.body.toString('hex').slice(0, 20) }));
  app.post('/no-inflate', p.json({ inflate: false }), (req: Req, res: Res) => res.json({ body: req.body }));
  // Proxies
  const proxied = p();
  proxied.set('env', 'production');
  proxied.set('trust proxy', 'loopback');
  proxied.get('/', (req: Req, res: Res) =>
    res.json({ protocol: req.protocol, secure: req.secure, hostname: req.hostname, host: req.host, ip: req.ip, ips: req.ips, subdomains: req.subdomains }),
  );
  app.use('/proxied', proxied);
  app.get('/direct', (req: Req, res: Res) => res.json({ protocol: req.protocol, secure: req.secure, hostname: req.hostname, ip: req.ip, ips: req.ips }));
  // Errors
  app.get('/throw', () => {
    throw new Error('thrown');
  });
  app.get('/reject', async () => {
    await Promise.resolve();
    throw Object.assign(new Error('rejected'), { status: 422, expose: true });
  });
  app.get('/next-error', (_req: Req, _res: Res, next: Next) => next(Object.assign(new Error('teapot'), { statusCode: 418 })));
  app.get('/error-in-handler', () => {
    throw new Error('first');
  });
  app.use('/error-in-handler', (_err: unknown, _req: Req, _res: Res, _next: Next) => {
    throw new Error('second');
  });
  app.get('/after-headers', (_req: Req, res: Res) => {
    res.write('partial');
    setImmediate(() => res.end());
  });
  return app as FetchApp;
}

function build5(): FetchApp {
  const p = portico5 as any;
  const app = p();
  app.set('env', 'production');
  app.get('/users/:id', (req: Req, res: Res) => res.json({ id: req.params.id, query: req.query }));
  app.get('/files/*rest', (req: Req, res: Res) => res.json(req.params));
  app.get('/reject', async () => {
    throw new Error('rejected in 5');
  });
  app.post('/json', p.json({ limit: 50 }), (req: Req, res: Res) => res.json({ body: req.body ?? null }));
  app.get('/file', (_req: Req, res: Res) => res.sendFile(FILE));
  app.get('/status', (_req: Req, res: Res) => res.status(404).json(null));
  return app as FetchApp;
}

const json = (body: string, extra: Record<string, string> = {}): SimpleRequest => ({
  method: 'POST',
  path: '/json',
  headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...extra },
  body,
});

const post = (path: string, type: string, body: string | Buffer, extra: Record<string, string> = {}): SimpleRequest => ({
  method: 'POST',
  path,
  headers: { 'content-type': type, ...extra },
  body,
});

const CASES_4: Array<[string, SimpleRequest]> = [
  ['a route with a parameter and a query', { path: '/users/42?a[b]=1&c=2&c=3' }],
  ['no route: 404', { path: '/nowhere' }],
  ['a route for another method: 404', { method: 'DELETE', path: '/book' }],
  ['app.route POST', { method: 'POST', path: '/book' }],
  ["next('route')", { path: '/skip' }],
  ['a mounted router', { path: '/mounted/inner/v?q=1' }],
  ['a mounted app', { path: '/sub' }],
  ['res.send a Buffer', { path: '/send/buffer' }],
  ['res.sendStatus', { path: '/send/status' }],
  ['a 204 has no body', { path: '/send/204' }],
  ['a 304 has no body', { path: '/send/304' }],
  ['res.redirect', { path: '/redirect' }],
  ['res.redirect 301 with an escaped body', { path: '/redirect/301', headers: { accept: 'text/html' } }],
  ['several Set-Cookie headers', { path: '/cookies' }],
  ['numbers, lists, Vary and Link headers', { path: '/headers' }],
  ['writeHead with a reason, headers and a Set-Cookie array', { path: '/writehead' }],
  ['res.format to JSON', { path: '/format', headers: { accept: 'application/json' } }],
  ['res.format 406', { path: '/format', headers: { accept: 'image/png' } }],
  ['HEAD of a route', { method: 'HEAD', path: '/users/1' }],
  ['HEAD of a redirect', { method: 'HEAD', path: '/redirect' }],
  ['sendFile', { path: '/file' }],
  ['sendFile with a Range', { path: '/file', headers: { range: 'bytes=0-4' } }],
  ['sendFile with two Ranges', { path: '/file', headers: { range: 'bytes=0-1,4-5' } }],
  ['sendFile with an unsatisfiable Range', { path: '/file', headers: { range: 'bytes=100-200' } }],
  ['sendFile 304 by If-None-Match *', { path: '/file', headers: { 'if-none-match': '*' } }],
  ['sendFile 304 by If-Modified-Since', { path: '/file', headers: { 'if-modified-since': new Date(Date.now() + 60_000).toUTCString() } }],
  ['sendFile HEAD', { method: 'HEAD', path: '/file' }],
  ['download with a Unicode name', { path: '/download' }],
  ['sendFile of a missing file to next(err)', { path: '/missing-file' }],
  ['static file', { path: '/static/hello.txt' }],
  ['static with a Range', { path: '/static/digits.txt', headers: { range: 'bytes=-3' } }],
  ['static directory redirect', { path: '/static/nested' }],
  ['static HEAD', { method: 'HEAD', path: '/static/page.html' }],
  ['static dotfile ignored', { path: '/static/.hidden' }],
  ['res.write streaming with drain', { path: '/stream' }],
  ['json', json('{"a":[1,2,{"b":null}]}')],
  ['json over the limit by Content-Length: 413', json(JSON.stringify({ a: 'x'.repeat(200) }))],
  ['json over the limit, chunked: 413', post('/json', 'application/json', JSON.stringify({ a: 'x'.repeat(5000) }))],
  ['json syntax error: 400', json('{"a":')],
  ['json strict refuses a primitive', { ...json('"str"'), path: '/json-strict' }],
  ['json gzip', post('/json', 'application/json', gzipSync('{"zipped":true}'), { 'content-encoding': 'gzip' })],
  ['json deflate', post('/json', 'application/json', deflateSync('{"deflated":1}'), { 'content-encoding': 'deflate' })],
  ['json gzip inflating over the limit: 413', post('/json', 'application/json', gzipSync(JSON.stringify({ a: 'y'.repeat(5000) })), { 'content-encoding': 'gzip' })],
  ['json bad gzip: 400', post('/json', 'application/json', Buffer.from('not gzip'), { 'content-encoding': 'gzip' })],
  ['json unknown encoding: 415', post('/json', 'application/json', '{}', { 'content-encoding': 'br2' })],
  ['json inflate disabled: 415', post('/no-inflate', 'application/json', gzipSync('{}'), { 'content-encoding': 'gzip' })],
  ['json UTF-16 charset: 415', post('/json', 'application/json; charset=utf-16', '{}')],
  ['urlencoded extended', post('/form', 'application/x-www-form-urlencoded', 'a[b]=1&a[c]=2&d=%E2%98%83')],
  ['urlencoded over the limit: 413', post('/form', 'application/x-www-form-urlencoded', 'a=' + 'z'.repeat(300))],
  ['text latin1', post('/text', 'text/plain; charset=latin1', Buffer.from([0x63, 0x61, 0x66, 0xe9]))],
  ['text utf-8', post('/text', 'text/plain', 'snow ☃')],
  ['text unknown charset: 415', post('/text', 'text/plain; charset=klingon', 'x')],
  ['text of any type, default charset', post('/text-any', 'application/x-thing', 'thing')],
  ['raw bytes', post('/raw', 'application/octet-stream', Buffer.from([1, 2, 3, 250]))],
  ['raw over the limit: 413', post('/raw', 'application/octet-stream', Buffer.alloc(500, 1))],
  ['a trusted proxy: X-Forwarded-Proto, -Host, -For', { path: '/proxied', headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'api.example.com:8443', 'x-forwarded-for': '203.0.113.9, 10.0.0.1' } }],
  ['a trusted proxy: several protocols', { path: '/proxied', headers: { 'x-forwarded-proto': 'https, http', host: 'a.b.example.org' } }],
  ['no proxy trusted: the headers are ignored', { path: '/direct', headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' } }],
  ['a thrown error: the error page', { path: '/throw' }],
  ['a rejected promise: the error page', { path: '/reject' }],
  ['next(err) with a status', { path: '/next-error' }],
  ['an error handler that throws', { path: '/error-in-handler' }],
  ['a body ended after a delay', { path: '/after-headers' }],
];

const CASES_5: Array<[string, SimpleRequest]> = [
  ['5.x: a route with a parameter and a query', { path: '/users/7?a[b]=1' }],
  ['5.x: a wildcard parameter', { path: '/files/a/b/c.txt' }],
  ['5.x: a rejected promise', { path: '/reject' }],
  ['5.x: json', json('{"five":5}')],
  ['5.x: json over the limit, chunked', post('/json', 'application/json', JSON.stringify({ a: 'x'.repeat(500) }))],
  ['5.x: sendFile with a Range', { path: '/file', headers: { range: 'bytes=6-' } }],
  ['5.x: status with a null JSON body', { path: '/status' }],
];

function describePair(title: string, build: () => FetchApp, cases: Array<[string, SimpleRequest]>): void {
  describe(title, () => {
    let pair: FetchPair;
    before(async () => {
      pair = await startPair(build());
    });
    after(async () => {
      await pair.close();
    });
    for (const [name, request] of cases) {
      it(`answers over app.fetch as over node:http: ${name}`, async () => {
        const { node, fetch } = await pair.send(request);
        assert.deepEqual(answer(fetch), answer(node));
      });
    }
  });
}

/** What morgan logged, a line per response: the pair's two servers log each case in turn. */
const logged: string[] = [];

/** Middleware from npm that wraps `res` (on-headers, its write and end) or reads its state. */
function buildEcosystem(): FetchApp {
  const compression = require('compression');
  const morgan = require('morgan');
  const helmet = require('helmet');
  const cors = require('cors');
  const session = require('express-session');
  const cookieParser = require('cookie-parser');
  const p = portico as any;
  const app = p();
  app.set('env', 'production');
  app.use(morgan(':method :url :status :res[content-length]', { stream: { write: (line: string) => logged.push(line.trim()) } }));
  app.use(helmet());
  app.use(cors({ origin: 'https://a.example', credentials: true }));
  app.use(compression({ threshold: 10 }));
  app.use(cookieParser('secret'));
  app.use(session({ secret: 'k', resave: false, saveUninitialized: true, genid: () => 'fixed-id' }));
  app.get('/big', (_req: Req, res: Res) => res.type('text').send('compressible '.repeat(500)));
  app.get('/streamed', (_req: Req, res: Res) => {
    res.type('text');
    res.write('part one '.repeat(100));
    setImmediate(() => res.end('part two '.repeat(100)));
  });
  app.get('/session', (req: Req, res: Res) => {
    req.session.views = (req.session.views ?? 0) + 1;
    res.json({ views: req.session.views, signed: req.signedCookies });
  });
  return app as FetchApp;
}

const CASES_ECOSYSTEM: Array<[string, SimpleRequest]> = [
  ['compression, gzip', { path: '/big', headers: { 'accept-encoding': 'gzip' } }],
  ['compression, deflate', { path: '/big', headers: { 'accept-encoding': 'deflate' } }],
  ['compression of a streamed body', { path: '/streamed', headers: { 'accept-encoding': 'gzip' } }],
  ['compression, HEAD', { method: 'HEAD', path: '/big', headers: { 'accept-encoding': 'gzip' } }],
  ['cors preflight', { method: 'OPTIONS', path: '/big', headers: { origin: 'https://a.example', 'access-control-request-method': 'PUT' } }],
  ['express-session sets its cookie', { path: '/session' }],
];

describePair('portico() over app.fetch and over node:http', build4, CASES_4);
describePair('npm middleware over app.fetch and over node:http', buildEcosystem, CASES_ECOSYSTEM);

describe('morgan over app.fetch', () => {
  it('logged each response as it logged it over node:http (status and length, read as the response finished)', () => {
    assert.equal(logged.length, CASES_ECOSYSTEM.length * 2, logged.join('\n'));
    for (let i = 0; i < logged.length; i += 2) assert.equal(logged[i + 1], logged[i]);
  });
});
describePair('portico/5 over app.fetch and over node:http', build5, CASES_5);

describe('app.fetch with a slow consumer', () => {
  it('res.write answers false once the queue is full, and drain comes as the consumer reads', async () => {
    const p = portico as any;
    const app = p();
    const log: string[] = [];
    app.get('/', (_req: Req, res: Res) => {
      let i = 0;
      const write = (): void => {
        while (i < 20) {
          const ok = res.write(Buffer.alloc(8192, 97));
          log.push(ok ? 'w' : 'full');
          i++;
          if (!ok) {
            assert.equal(res.writableNeedDrain, true);
            return void res.once('drain', () => {
              log.push('drain');
              write();
            });
          }
        }
        res.end();
      };
      write();
    });
    const response = await (app as FetchApp).fetch(new Request('http://localhost/'));
    // Nothing is read yet: the app stopped at the first full queue.
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(log, ['w', 'full']);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      // A slow consumer: the producer must wait for it.
      await new Promise((resolve) => setImmediate(resolve));
    }
    assert.equal(total, 20 * 8192);
    assert.ok(log.filter((e) => e === 'drain').length >= 5, log.join(' '));
    assert.ok(log.filter((e) => e === 'full').length >= 5, log.join(' '));
  });

  it('a piped file is paused while the consumer does not read', async () => {
    const { createReadStream, writeFileSync, rmSync, mkdtempSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'portico-fetch-pipe-'));
    const path = join(dir, 'big.bin');
    writeFileSync(path, Buffer.alloc(4 * 1024 * 1024, 7));
    try {
      let file: ReturnType<typeof createReadStream> | undefined;
      const app = (portico as any)();
      app.get('/', (_req: Req, res: Res) => {
        file = createReadStream(path);
        file.pipe(res);
      });
      const response = await (app as FetchApp).fetch(new Request('http://localhost/'));
      // The file filled the queue and was paused; while nobody reads, it stays so.
      await new Promise((resolve) => setTimeout(resolve, 30));
      assert.equal((file as NonNullable<typeof file>).isPaused(), true);
      assert.ok((file as NonNullable<typeof file>).bytesRead < 1024 * 1024, String(file?.bytesRead));
      const body = Buffer.from(await response.arrayBuffer());
      assert.equal(body.length, 4 * 1024 * 1024);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
