import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import https from 'node:https';
import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import type http2 from 'node:http2';
import portico from '../../src/index';
import { startSecureHttp2, startCleartextHttp2, connect, request, TLS, type RunningHttp2Server } from '../helpers/http2';
import { makeTempDir } from '../helpers/file-fixtures';

/*
 * What only HTTP/2 can show: request properties from `:authority` and the TLS socket, ALPN serving
 * HTTP/1.1 and h2 on one port, connection-specific headers never reaching node:http2, bodies without
 * a length, and large files intact. (Everything Express 4 also does is compared in
 * test/compat/http2.compat.test.ts.)
 */

const big = makeTempDir('portico-h2-');
const BIG_FILE = join(big.dir, 'big.bin');
const BIG = randomBytes(6 * 1024 * 1024 + 17);
writeFileSync(BIG_FILE, BIG);
const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

function buildApp(): ReturnType<typeof portico> {
  const app = portico();
  app.get('/info', (req, res) => {
    res.json({
      protocol: req.protocol,
      secure: req.secure,
      ip: req.ip,
      host: req.get('host'),
      hostname: req.hostname,
      httpVersion: req.httpVersion,
      method: req.method,
      url: req.originalUrl,
    });
  });
  app.get('/connection-headers/:how', (req, res) => {
    const forbidden: Record<string, string> = {
      Connection: 'close',
      'Keep-Alive': 'timeout=5',
      'Transfer-Encoding': 'chunked',
      Upgrade: 'websocket',
      'Proxy-Connection': 'keep-alive',
    };
    if (req.params.how === 'set') res.set(forbidden);
    // Those an HTTP/1.1 response may carry beside a Content-Length.
    if (req.params.how === 'set-some') res.set({ Connection: 'close', Upgrade: 'websocket' });
    if (req.params.how === 'append') for (const [k, v] of Object.entries(forbidden)) res.append(k, v);
    if (req.params.how === 'setHeader') for (const [k, v] of Object.entries(forbidden)) res.setHeader(k, v);
    if (req.params.how === 'writeHead') {
      res.writeHead(200, { ...forbidden, 'X-Kept': 'yes', 'Content-Type': 'text/plain' });
      res.end('written');
      return;
    }
    if (req.params.how === 'writeHead-array') {
      res.writeHead(200, ['Connection', 'close', 'X-Kept', 'yes', 'Upgrade', 'h2c']);
      res.end('written');
      return;
    }
    res.set('X-Kept', 'yes');
    res.send('sent');
  });
  app.get('/header-case', (_req, res) => {
    res.set('X-Mixed-Case', 'a');
    res.setHeader('ANOTHER-One', 'b');
    res.type('json');
    res.json({
      get: [res.get('x-mixed-case'), res.get('X-MIXED-CASE'), res.get('another-one'), res.get('Content-Type')],
      has: res.hasHeader('X-Mixed-Case'),
      names: res.getHeaderNames().filter((n) => n !== 'x-powered-by'),
    });
  });
  app.get('/status-message', (_req, res) => {
    res.statusMessage = 'Custom Reason';
    res.status(202).send('accepted');
  });
  app.post('/json', portico.json(), (req, res) => res.json({ body: req.body, te: req.get('transfer-encoding') ?? null }));
  app.post('/form', portico.urlencoded({ extended: false }), (req, res) => res.json(req.body));
  app.get('/big', (_req, res) => res.sendFile(BIG_FILE));
  app.use('/files', portico.static(big.dir));
  return app;
}

describe('HTTP/2 over TLS with allowHTTP1 (http2.createSecureServer)', () => {
  let server: RunningHttp2Server;
  let session: http2.ClientHttp2Session;
  before(async () => {
    server = await startSecureHttp2(buildApp());
    session = await connect(server.url);
  });
  after(async () => {
    session.close();
    await server.close();
  });

  it('gives req.protocol https, req.secure, req.ip and the host from :authority', async () => {
    // node's client names the TLS server name (localhost) in :authority.
    const res = await request(session, { path: '/info?x=1' });
    assert.equal(res.status, 200);
    assert.deepEqual(JSON.parse(res.text), {
      protocol: 'https',
      secure: true,
      ip: '127.0.0.1',
      host: `localhost:${server.port}`,
      hostname: 'localhost',
      httpVersion: '2.0',
      method: 'GET',
      url: '/info?x=1',
    });
  });

  it('reads a host name :authority carries', async () => {
    const res = await request(session, { path: '/info', headers: { ':authority': 'shop.example.com:8443' } });
    const info = JSON.parse(res.text);
    assert.equal(info.host, 'shop.example.com:8443');
    assert.equal(info.hostname, 'shop.example.com');
  });

  it('serves an HTTP/1.1 client (node:https, no ALPN) on the same port', async () => {
    const res = await new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      const r = https.get(
        { host: '127.0.0.1', port: server.port, path: '/info', ca: TLS.cert, servername: 'localhost', agent: false },
        (m) => {
          let body = '';
          m.setEncoding('utf8');
          m.on('data', (c: string) => (body += c));
          m.on('end', () => resolve({ status: m.statusCode ?? 0, headers: m.headers, body }));
        },
      );
      r.on('error', reject);
    });
    assert.equal(res.status, 200);
    const info = JSON.parse(res.body);
    assert.equal(info.httpVersion, '1.1');
    assert.equal(info.protocol, 'https');
    assert.equal(info.secure, true);
    assert.equal(info.host, `127.0.0.1:${server.port}`);
    assert.equal(info.hostname, '127.0.0.1');
  });

  it('answers curl --http2 (ALPN h2) and curl --http1.1 alike', async () => {
    const run = (flag: string): Promise<string> =>
      new Promise((resolve, reject) => {
        execFile('curl', ['-sS', flag, '--cacert', join(__dirname, '..', 'fixtures', 'tls', 'localhost-cert.pem'), '-w', '\n%{http_version}', `https://localhost:${server.port}/info`], (err, stdout) =>
          err ? reject(err) : resolve(stdout),
        );
      });
    const [h2, h1] = await Promise.all([run('--http2'), run('--http1.1')]);
    const [h2body, h2version] = h2.split('\n');
    const [h1body, h1version] = h1.split('\n');
    assert.equal(h2version, '2');
    assert.equal(h1version, '1.1');
    assert.equal(JSON.parse(h2body as string).httpVersion, '2.0');
    assert.equal(JSON.parse(h1body as string).httpVersion, '1.1');
    assert.equal(JSON.parse(h2body as string).hostname, 'localhost');
  });

  for (const how of ['set', 'append', 'setHeader', 'writeHead', 'writeHead-array']) {
    it(`never sends connection-specific headers given through ${how}`, async () => {
      const res = await request(session, { path: `/connection-headers/${how}` });
      assert.equal(res.status, 200);
      assert.equal(res.headers['x-kept'], 'yes');
      for (const name of ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']) {
        assert.equal(res.headers[name], undefined, name);
      }
      assert.match(res.text, /sent|written/);
    });
  }

  it('still sends the connection headers an app sets to an HTTP/1.1 client on the same port', async () => {
    const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
      https
        .get({ host: '127.0.0.1', port: server.port, path: '/connection-headers/set-some', ca: TLS.cert, servername: 'localhost', agent: false }, (m) => {
          m.resume();
          m.on('end', () => resolve(m.headers));
        })
        .on('error', reject);
    });
    assert.equal(headers.connection, 'close');
    assert.equal(headers.upgrade, 'websocket');
  });

  it('keeps the headers HTTP/2 lower-cases readable through res.get, whatever the case asked', async () => {
    const res = await request(session, { path: '/header-case' });
    assert.deepEqual(JSON.parse(res.text), {
      get: ['a', 'a', 'b', 'application/json; charset=utf-8'],
      has: true,
      names: ['x-mixed-case', 'another-one', 'content-type'],
    });
  });

  it('accepts a status message without sending it or warning (HTTP/2 has none)', async () => {
    const warnings: Error[] = [];
    const onWarning = (w: Error): number => warnings.push(w);
    process.on('warning', onWarning);
    try {
      const res = await request(session, { path: '/status-message' });
      assert.equal(res.status, 202);
      assert.equal(res.text, 'accepted');
      await new Promise((r) => setImmediate(r));
      assert.deepEqual(warnings.map((w) => w.message), []);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('parses a JSON body sent without content-length (a body of unknown length)', async () => {
    const res = await request(session, { method: 'POST', path: '/json', headers: { 'content-type': 'application/json' }, body: '{"n":[1,2,3]}', noContentLength: true });
    assert.equal(res.status, 200);
    assert.deepEqual(JSON.parse(res.text), { body: { n: [1, 2, 3] }, te: 'chunked' });
  });

  it('parses a JSON body with content-length, and marks nothing', async () => {
    const res = await request(session, { method: 'POST', path: '/json', headers: { 'content-type': 'application/json' }, body: '{"n":1}' });
    assert.deepEqual(JSON.parse(res.text), { body: { n: 1 }, te: null });
  });

  it('parses a urlencoded body sent in several DATA frames without length', async () => {
    const body = 'a=' + 'x'.repeat(70000) + '&b=2';
    const res = await request(session, { method: 'POST', path: '/form', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body, noContentLength: true });
    assert.equal(res.status, 200);
    const parsed = JSON.parse(res.text);
    assert.equal(parsed.a.length, 70000);
    assert.equal(parsed.b, '2');
  });

  it('streams a large file intact through res.sendFile', async () => {
    const res = await request(session, { path: '/big' });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-length'], String(BIG.length));
    assert.equal(sha(res.body), sha(BIG));
  });

  it('streams a large file intact through static, and a range of it', async () => {
    const [whole, part] = await Promise.all([
      request(session, { path: '/files/big.bin' }),
      request(session, { path: '/files/big.bin', headers: { range: 'bytes=5000000-5999999' } }),
    ]);
    assert.equal(whole.status, 200);
    assert.equal(sha(whole.body), sha(BIG));
    assert.equal(part.status, 206);
    assert.equal(part.headers['content-range'], `bytes 5000000-5999999/${BIG.length}`);
    assert.equal(sha(part.body), sha(BIG.subarray(5000000, 6000000)));
  });
});

describe('h2c with prior knowledge (http2.createServer)', () => {
  let server: RunningHttp2Server;
  let session: http2.ClientHttp2Session;
  before(async () => {
    server = await startCleartextHttp2(buildApp());
    session = await connect(server.url);
  });
  after(async () => {
    session.close();
    await server.close();
    big.remove();
  });

  it('gives req.protocol http, not secure, and the host from :authority', async () => {
    const res = await request(session, { path: '/info' });
    assert.deepEqual(JSON.parse(res.text), {
      protocol: 'http',
      secure: false,
      ip: '127.0.0.1',
      host: `127.0.0.1:${server.port}`,
      hostname: '127.0.0.1',
      httpVersion: '2.0',
      method: 'GET',
      url: '/info',
    });
  });

  it('never sends connection-specific headers', async () => {
    const res = await request(session, { path: '/connection-headers/set' });
    assert.equal(res.status, 200);
    assert.equal(res.headers.connection, undefined);
    assert.equal(res.headers['transfer-encoding'], undefined);
  });

  it('streams a large file intact', async () => {
    const res = await request(session, { path: '/files/big.bin' });
    assert.equal(sha(res.body), sha(BIG));
  });
});
