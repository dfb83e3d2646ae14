import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { createHmac } from 'node:crypto';
import type http2 from 'node:http2';
import express from 'express';
import portico from '../../src/index';
import { startServer, send, type RunningServer, type SimpleResponse } from '../helpers/server';
import { startSecureHttp2, startCleartextHttp2, connect, request, HTTP2_STARTUPS, type RunningHttp2Server, type H2Response } from '../helpers/http2';
import { FILES, fixture, etagOf } from '../helpers/file-fixtures';
import { tplEngine, viewsDir } from '../fixtures/views/tpl-engine';

/*
 * The same app on express@4 over HTTP/1.1 (the oracle) and on Portico over HTTP/2 (TLS with ALPN,
 * and h2c), request by request: status, every header but the volatile and the connection-specific
 * ones, and the body byte for byte. All HTTP/2 requests of one transport share one session.
 */

process.env.NO_DEPRECATION = 'express';

/** Differ by nature between the two servers, or exist only on HTTP/1.1. */
const IGNORED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

function buildApp(framework: () => any): any {
  const app = framework();
  // Production error pages carry the status text, not the stack (which names each framework's files).
  app.set('env', 'production');
  app.engine('tpl', tplEngine);
  app.set('views', viewsDir('main'));
  app.use(framework === (portico as unknown) ? (portico as any).cookieParser('s3cret') : require('cookie-parser')('s3cret'));

  app.get('/users/:id/posts/:post?', (req: any, res: any) => res.json({ params: req.params, query: req.query, path: req.path }));
  app.get('/req', (req: any, res: any) =>
    res.json({ hostname: req.hostname, host: req.get('host'), subdomains: req.subdomains, xhr: req.xhr, fresh: req.fresh, accepts: req.accepts(['json', 'html']) }),
  );
  app.route('/item').get((_req: any, res: any) => res.send('item')).put((_req: any, res: any) => res.send('put'));
  app.get('/text', (_req: any, res: any) => res.send('some text'));
  app.get('/html', (_req: any, res: any) => res.send('<p>' + 'x'.repeat(200) + '</p>'));
  app.get('/buffer', (_req: any, res: any) => res.send(Buffer.from('raw bytes')));
  app.get('/unicode', (_req: any, res: any) => res.send('<p>é ☃ 𝄞</p>'.repeat(120)));
  app.get('/status/:code', (req: any, res: any) => res.sendStatus(Number(req.params.code)));
  app.get('/redirect', (_req: any, res: any) => res.redirect('/text'));
  app.get('/redirect-301', (_req: any, res: any) => res.redirect(301, 'https://example.com/a?b=c'));
  app.get('/back', (_req: any, res: any) => res.redirect('back'));
  app.get('/format', (_req: any, res: any) =>
    res.format({ text: () => res.send('text'), html: () => res.send('<b>html</b>'), json: () => res.json({ f: 'json' }) }),
  );
  app.get('/format-strict', (_req: any, res: any) => res.format({ json: () => res.json({ only: 'json' }) }));
  app.get('/cookie', (_req: any, res: any) => {
    res.cookie('plain', 'v1', { path: '/', httpOnly: true });
    res.cookie('obj', { a: 1 });
    res.cookie('signed', 'v2', { signed: true });
    res.clearCookie('gone');
    res.send('cookies');
  });
  app.get('/read-cookies', (req: any, res: any) => res.json({ cookies: req.cookies, signed: req.signedCookies }));
  app.get('/render', (_req: any, res: any) => res.render('hello', { name: 'h2 <&>' }));
  app.get('/jsonp', (_req: any, res: any) => res.jsonp({ j: 1 }));
  app.get('/headers', (_req: any, res: any) => {
    res.set('X-Mixed-Case', 'Value');
    res.append('X-List', ['a', 'b']);
    res.vary('Accept');
    res.links({ next: '/p2' });
    res.type('txt');
    res.send(String(res.get('x-mixed-case')) + '|' + String(res.get('X-MIXED-CASE')) + '|' + String(res.get('x-list')));
  });
  app.get('/throw', () => {
    const err = new Error('boom') as Error & { status?: number };
    err.stack = 'Error: boom (stack withheld)';
    throw err;
  });
  app.get('/throw-418', () => {
    const err = new Error('teapot') as Error & { status?: number; expose?: boolean };
    err.status = 418;
    err.stack = 'Error: teapot';
    throw err;
  });
  // Bodies ended by res.end, empty or not: node:http adds Content-Length where the response has a body.
  app.get('/end/:status', (req: any, res: any) => res.status(Number(req.params.status)).end());
  app.get('/end-plain', (_req: any, res: any) => res.end());
  app.get('/end-text', (_req: any, res: any) => res.end('plain é'));
  app.get('/end-latin1', (_req: any, res: any) => res.end('plain é', 'latin1'));
  app.get('/end-buffer', (_req: any, res: any) => res.end(Buffer.from([1, 2, 3])));
  app.get('/end-callback', (_req: any, res: any) => res.end(() => {}));
  app.get('/write-head-end', (_req: any, res: any) => {
    res.writeHead(201, { 'content-type': 'text/plain' });
    res.end('after writeHead');
  });
  app.get('/write-end', (_req: any, res: any) => {
    res.write('a');
    res.end('b');
  });
  app.get('/own-length', (_req: any, res: any) => {
    res.setHeader('Content-Length', '3');
    res.end('abc');
  });
  app.get('/async-next', (_req: any, _res: any, next: any) => setImmediate(() => next()));

  app.post('/json', framework === (portico as unknown) ? (portico as any).json() : express.json(), (req: any, res: any) => res.json({ body: req.body }));
  app.post('/form', (framework as any).urlencoded({ extended: true }), (req: any, res: any) => res.json({ body: req.body }));
  app.post('/text', (framework as any).text(), (req: any, res: any) => res.json({ body: req.body }));
  app.post('/raw', (framework as any).raw(), (req: any, res: any) => res.json({ length: req.body.length, first: req.body[0] }));
  app.post('/small', (framework as any).json({ limit: 10 }), (req: any, res: any) => res.json(req.body));

  app.use('/static', (framework as any).static(FILES));
  app.get('/send-file', (_req: any, res: any) => res.sendFile(fixture('page.html')));
  app.get('/send-missing', (_req: any, res: any) => res.sendFile(fixture('missing.html')));
  app.get('/download', (_req: any, res: any) => res.download(fixture('hello.txt'), 'greeting.txt'));

  app.use((err: any, _req: any, res: any, next: any) => {
    if (err.type === undefined) return next(err);
    res.status(err.status).json({ type: err.type, message: err.message, status: err.status, expose: err.expose });
  });
  return app;
}

interface Case {
  name: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Sent as `Host` over HTTP/1.1 and as `:authority` over HTTP/2. */
  host?: string;
}

const json = { 'content-type': 'application/json' };
/** A cookie value signed as cookie-parser signs it (`s:` value `.` HMAC-SHA256 in unpadded base64). */
const signed = (value: string): string =>
  encodeURIComponent('s:' + value + '.' + createHmac('sha256', 's3cret').update(value).digest('base64').replace(/=+$/, ''));
const CASES: Case[] = [
  { name: 'route params and query', path: '/users/42/posts/7?tag=a&tag=b&deep[x]=1' },
  { name: 'optional param missing', path: '/users/42/posts' },
  { name: 'request properties from the host', path: '/req', host: 'api.shop.example.com:8443', headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' } },
  { name: 'route with two methods (GET)', path: '/item' },
  { name: 'route with two methods (PUT)', method: 'PUT', path: '/item' },
  { name: 'method not routed: 404', method: 'POST', path: '/item' },
  { name: 'OPTIONS lists the methods', method: 'OPTIONS', path: '/item' },
  { name: 'HEAD of a GET route', method: 'HEAD', path: '/text' },
  { name: 'text body with ETag', path: '/text' },
  { name: 'ETag matched: 304', path: '/text', headers: { 'if-none-match': 'W/"9-CYDuYY7uYo0uNRH4RyJrhiKLbqM"' } },
  { name: 'HTML body', path: '/html' },
  { name: 'Buffer body', path: '/buffer' },
  { name: 'non-ASCII string body over 1,000 characters', path: '/unicode' },
  { name: 'non-ASCII string body, HEAD', method: 'HEAD', path: '/unicode' },
  { name: 'sendStatus 201', path: '/status/201' },
  { name: 'sendStatus 204', path: '/status/204' },
  { name: 'redirect with HTML negotiation', path: '/redirect', headers: { accept: 'text/html' } },
  { name: 'redirect 301 absolute', path: '/redirect-301' },
  { name: 'redirect back to the Referer', path: '/back', headers: { referer: '/from/here' } },
  { name: 'format picks HTML', path: '/format', headers: { accept: 'text/html' } },
  { name: 'format picks JSON', path: '/format', headers: { accept: 'application/json;q=0.9, text/plain;q=0.1' } },
  { name: 'format: 406', path: '/format-strict', headers: { accept: 'image/png' } },
  { name: 'cookies set, signed and cleared', path: '/cookie' },
  { name: 'cookies read, signed verified', path: '/read-cookies', headers: { cookie: 'plain=v1; signed=' + signed('v2') + '; bad=s%3Ax.y' } },
  { name: 'render a view', path: '/render' },
  { name: 'jsonp with callback', path: '/jsonp?callback=cb' },
  { name: 'headers set, appended, read back case-insensitively', path: '/headers' },
  { name: 'thrown error: 500 page', path: '/throw' },
  { name: 'thrown error with status 418', path: '/throw-418' },
  { name: 'no route: 404 page', path: '/nowhere/%E2%98%83' },
  { name: 'async next to the 404', path: '/async-next' },
  { name: 'res.status(202).end(): Content-Length 0', path: '/end/202' },
  { name: 'res.status(200).end()', path: '/end/200' },
  { name: 'res.status(201).end(), HEAD', method: 'HEAD', path: '/end/201' },
  { name: 'res.status(204).end(): no Content-Length', path: '/end/204' },
  { name: 'res.status(304).end(): no Content-Length', path: '/end/304' },
  { name: 'res.status(404).end()', path: '/end/404' },
  { name: 'res.status(500).end()', path: '/end/500' },
  { name: 'res.end() with no status', path: '/end-plain' },
  { name: 'res.end() with no status, HEAD', method: 'HEAD', path: '/end-plain' },
  { name: 'res.end(string)', path: '/end-text' },
  { name: 'res.end(string, latin1)', path: '/end-latin1' },
  { name: 'res.end(buffer)', path: '/end-buffer' },
  { name: 'res.end(callback)', path: '/end-callback' },
  { name: 'res.writeHead then res.end(string)', path: '/write-head-end' },
  { name: 'res.write then res.end: no length', path: '/write-end' },
  { name: 'own Content-Length kept', path: '/own-length' },
  { name: 'sendStatus 202', path: '/status/202' },
  { name: 'sendStatus 304', path: '/status/304' },
  { name: 'sendStatus 204, HEAD', method: 'HEAD', path: '/status/204' },
  { name: 'redirect, HEAD', method: 'HEAD', path: '/redirect' },
  { name: 'redirect without Accept', path: '/redirect' },
  { name: 'json, HEAD', method: 'HEAD', path: '/users/1/posts/2' },
  { name: 'render, HEAD', method: 'HEAD', path: '/render' },
  { name: 'no route: 404 page, HEAD', method: 'HEAD', path: '/nowhere' },
  { name: 'thrown error: 500 page, HEAD', method: 'HEAD', path: '/throw' },
  { name: 'json body', method: 'POST', path: '/json', headers: json, body: '{"a":[1,2],"b":{"c":"é"}}' },
  { name: 'json body gzip', method: 'POST', path: '/json', headers: { ...json, 'content-encoding': 'gzip' }, body: gzipSync('{"zipped":true}') },
  { name: 'json body malformed: 400', method: 'POST', path: '/json', headers: json, body: '{"a":' },
  { name: 'json body too large: 413', method: 'POST', path: '/small', headers: json, body: '{"a":"0123456789"}' },
  { name: 'json body unsupported encoding: 415', method: 'POST', path: '/json', headers: { ...json, 'content-encoding': 'br2' }, body: '{}' },
  { name: 'json body bad charset: 415', method: 'POST', path: '/json', headers: { 'content-type': 'application/json; charset=klingon' }, body: '{}' },
  { name: 'json body of another type skipped', method: 'POST', path: '/json', headers: { 'content-type': 'text/plain' }, body: 'x' },
  { name: 'urlencoded body, extended', method: 'POST', path: '/form', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a[b]=1&a[c]=2&d=%E2%98%83' },
  { name: 'text body', method: 'POST', path: '/text', headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'plain ☃' },
  { name: 'raw body', method: 'POST', path: '/raw', headers: { 'content-type': 'application/octet-stream' }, body: Buffer.from([7, 8, 9]) },
  { name: 'static file', path: '/static/hello.txt' },
  { name: 'static file, range', path: '/static/digits.txt', headers: { range: 'bytes=2-5' } },
  { name: 'static file, multiple ranges ignored as Express does', path: '/static/digits.txt', headers: { range: 'bytes=0-1,4-5' } },
  { name: 'static file, unsatisfiable range: 416', path: '/static/digits.txt', headers: { range: 'bytes=50-60' } },
  { name: 'static file, If-None-Match: 304', path: '/static/hello.txt', headers: { 'if-none-match': etagOf(fixture('hello.txt')) } },
  { name: 'static directory without slash: 301', path: '/static/nested' },
  { name: 'static directory index', path: '/static/nested/' },
  { name: 'static awkward name', path: '/static/snow%20%E2%98%83/' },
  { name: 'static HEAD', method: 'HEAD', path: '/static/page.html' },
  { name: 'static dotfile ignored: 404', path: '/static/.dotfile' },
  { name: 'static traversal refused', path: '/static/%2e%2e/%2e%2e/package.json' },
  { name: 'sendFile', path: '/send-file' },
  { name: 'sendFile missing: 404', path: '/send-missing' },
  { name: 'download with ranges', path: '/download', headers: { range: 'bytes=0-4' } },
];

function comparable(status: number, headers: Record<string, unknown>, body: Buffer): { status: number; headers: Record<string, unknown>; body: string } {
  const kept: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(headers)) if (!IGNORED.has(k)) kept[k] = v;
  return { status, headers: kept, body: body.toString('latin1') };
}

// Each transport with each start-up: node:http2's createServer given the app, and portico/http2's.
const SETUPS = HTTP2_STARTUPS.flatMap((startup) => (['TLS (ALPN h2)', 'h2c (prior knowledge)'] as const).map((transport) => [startup, transport] as const));
for (const [startup, transport] of SETUPS) {
  describe(`express@4 over HTTP/1.1 vs Portico over HTTP/2, ${transport}, server from ${startup}`, () => {
    let oracle: RunningServer;
    let server: RunningHttp2Server;
    let session: http2.ClientHttp2Session;

    before(async () => {
      oracle = await startServer(buildApp(express));
      const app = buildApp(portico as unknown as () => any);
      server = transport === 'TLS (ALPN h2)' ? await startSecureHttp2(app, {}, startup) : await startCleartextHttp2(app, startup);
      session = await connect(server.url);
    });
    after(async () => {
      session.close();
      await server.close();
      await oracle.close();
    });

    for (const c of CASES) {
      it(`answers as express@4 does: ${c.name}`, async () => {
        const h1headers: Record<string, string> = { ...c.headers };
        const h2headers: Record<string, string> = { ...c.headers };
        if (c.host !== undefined) {
          h1headers.host = c.host;
          h2headers[':authority'] = c.host;
        }
        const expected: SimpleResponse = await send(oracle.port, { method: c.method, path: c.path, headers: h1headers, body: c.body });
        const actual: H2Response = await request(session, { method: c.method, path: c.path, headers: h2headers, body: c.body });
        assert.deepEqual(comparable(actual.status, actual.headers, actual.body), comparable(expected.status, expected.headers, expected.body));
      });
    }
  });
}
