import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { createHmac } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import type http2 from 'node:http2';
import helmet from 'helmet';
import cors from 'cors';
import compression from 'compression';
import morgan from 'morgan';
import session from 'express-session';
import multer from 'multer';
import cookieParser from 'cookie-parser';
import portico from '../../src/index';
import { startSecureHttp2, connect, request, type RunningHttp2Server } from '../helpers/http2';
import { makeTempDir } from '../helpers/file-fixtures';

/*
 * The middleware people use, set up as their READMEs show, on a Portico app served by
 * http2.createSecureServer, spoken to over h2.
 */

type App = ReturnType<typeof portico>;

async function withH2App(build: (app: App) => void, run: (session: http2.ClientHttp2Session, server: RunningHttp2Server) => Promise<void>): Promise<void> {
  const app = portico();
  build(app);
  const server = await startSecureHttp2(app);
  const session = await connect(server.url);
  try {
    await run(session, server);
  } finally {
    session.close();
    await server.close();
  }
}

describe('helmet over h2', () => {
  it('sends its security headers', async () => {
    await withH2App(
      (app) => {
        app.use(helmet());
        app.get('/', (_req, res) => res.send('safe'));
      },
      async (s) => {
        const res = await request(s, { path: '/' });
        assert.equal(res.status, 200);
        assert.equal(res.text, 'safe');
        assert.match(String(res.headers['content-security-policy']), /default-src 'self'/);
        assert.equal(res.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains');
        assert.equal(res.headers['x-content-type-options'], 'nosniff');
        assert.equal(res.headers['x-frame-options'], 'SAMEORIGIN');
        assert.equal(res.headers['x-powered-by'], undefined);
      },
    );
  });
});

describe('cors over h2', () => {
  it('answers a preflight and a simple request', async () => {
    await withH2App(
      (app) => {
        app.use(cors({ origin: 'https://app.example', credentials: true }));
        app.put('/items/:id', (req, res) => res.json({ id: req.params.id }));
      },
      async (s) => {
        const pre = await request(s, {
          method: 'OPTIONS',
          path: '/items/3',
          headers: { origin: 'https://app.example', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'x-token' },
        });
        assert.equal(pre.status, 204);
        assert.equal(pre.headers['access-control-allow-origin'], 'https://app.example');
        assert.equal(pre.headers['access-control-allow-credentials'], 'true');
        assert.equal(pre.headers['access-control-allow-methods'], 'GET,HEAD,PUT,PATCH,POST,DELETE');
        assert.equal(pre.headers['access-control-allow-headers'], 'x-token');
        const put = await request(s, { method: 'PUT', path: '/items/3', headers: { origin: 'https://app.example' } });
        assert.equal(put.text, '{"id":"3"}');
        assert.equal(put.headers['access-control-allow-origin'], 'https://app.example');
        assert.equal(put.headers.vary, 'Origin');
      },
    );
  });
});

describe('compression over h2', () => {
  it('gzips a large body and leaves a small one alone', async () => {
    const text = 'portico over h2 '.repeat(500);
    await withH2App(
      (app) => {
        app.use(compression());
        app.get('/large', (_req, res) => res.type('text').send(text));
        app.get('/small', (_req, res) => res.send('tiny'));
        app.get('/stream', (_req, res) => {
          res.type('text');
          res.write(text);
          setImmediate(() => res.end(text));
        });
      },
      async (s) => {
        const large = await request(s, { path: '/large', headers: { 'accept-encoding': 'gzip' } });
        assert.equal(large.status, 200);
        assert.equal(large.headers['content-encoding'], 'gzip');
        assert.equal(large.headers.vary, 'Accept-Encoding');
        assert.equal(large.headers['content-length'], undefined);
        assert.equal(gunzipSync(large.body).toString(), text);
        const streamed = await request(s, { path: '/stream', headers: { 'accept-encoding': 'gzip' } });
        assert.equal(streamed.headers['content-encoding'], 'gzip');
        assert.equal(gunzipSync(streamed.body).toString(), text + text);
        const small = await request(s, { path: '/small', headers: { 'accept-encoding': 'gzip' } });
        assert.equal(small.headers['content-encoding'], undefined);
        assert.equal(small.text, 'tiny');
      },
    );
  });
});

describe('morgan over h2', () => {
  it('logs the request line with HTTP/2.0, the status, the length and a response time', async () => {
    const log = new PassThrough();
    let lines = '';
    log.on('data', (c: Buffer) => (lines += c.toString()));
    await withH2App(
      (app) => {
        app.use(morgan(':remote-addr ":method :url HTTP/:http-version" :status :res[content-length] :response-time ms', { stream: log }));
        app.get('/logged', (_req, res) => res.send('logged!'));
      },
      async (s) => {
        await request(s, { path: '/logged?x=1' });
        await request(s, { path: '/missing' });
        await new Promise((r) => setImmediate(r));
      },
    );
    const [first, second] = lines.trim().split('\n');
    assert.match(String(first), /^127\.0\.0\.1 "GET \/logged\?x=1 HTTP\/2\.0" 200 7 \d+\.\d{3} ms$/);
    assert.match(String(second), /^127\.0\.0\.1 "GET \/missing HTTP\/2\.0" 404 \d+ \d+\.\d{3} ms$/);
  });
});

describe('express-session over h2', () => {
  it('keeps a session across requests with a secure cookie (the TLS socket makes req.secure)', async () => {
    await withH2App(
      (app) => {
        app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: true, cookie: { secure: true } }));
        app.get('/views', (req, res) => {
          const s = req.session as typeof req.session & { views?: number };
          s.views = (s.views ?? 0) + 1;
          res.json({ views: s.views });
        });
      },
      async (s) => {
        const first = await request(s, { path: '/views' });
        const setCookie = first.headers['set-cookie'] as string[] | undefined;
        assert.ok(setCookie && /^connect\.sid=.*; Path=\/; HttpOnly; Secure$/.test(setCookie[0] as string), String(setCookie));
        const cookie = (setCookie[0] as string).split(';')[0] as string;
        const second = await request(s, { path: '/views', headers: { cookie } });
        const third = await request(s, { path: '/views', headers: { cookie } });
        assert.deepEqual([first.text, second.text, third.text], ['{"views":1}', '{"views":2}', '{"views":3}']);
      },
    );
  });
});

describe('cookie-parser over h2', () => {
  it('reads plain and signed cookies, and the signed cookie res.cookie writes', async () => {
    const sign = (v: string): string => 's:' + v + '.' + createHmac('sha256', 'sekrit').update(v).digest('base64').replace(/=+$/, '');
    await withH2App(
      (app) => {
        app.use(cookieParser('sekrit'));
        app.get('/', (req, res) => {
          res.cookie('next', 'n1', { signed: true });
          res.json({ cookies: req.cookies, signed: req.signedCookies });
        });
      },
      async (s) => {
        const res = await request(s, { path: '/', headers: { cookie: `a=1; b=${encodeURIComponent(sign('two'))}; c=${encodeURIComponent('s:bad.sig')}` } });
        assert.deepEqual(JSON.parse(res.text), { cookies: { a: '1' }, signed: { b: 'two', c: false } });
        assert.deepEqual(res.headers['set-cookie'], [`next=${encodeURIComponent(sign('n1'))}; Path=/`]);
      },
    );
  });
});

describe('multer over h2', () => {
  const uploads = makeTempDir('portico-h2-multer-');
  after(() => uploads.remove());

  function multipart(boundary: string, fields: Record<string, string>, file: { field: string; name: string; type: string; content: string }): Buffer {
    let out = '';
    for (const [k, v] of Object.entries(fields)) out += `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
    out += `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n${file.content}\r\n`;
    return Buffer.from(out + `--${boundary}--\r\n`);
  }

  for (const noContentLength of [false, true]) {
    it(`stores an upload to disk and parses the fields${noContentLength ? ', body without content-length' : ''}`, async () => {
      await withH2App(
        (app) => {
          const upload = multer({ dest: uploads.dir });
          app.post('/profile', upload.single('avatar'), (req, res) => {
            const f = req.file as Express.Multer.File;
            res.json({ body: req.body, file: { originalname: f.originalname, mimetype: f.mimetype, size: f.size, stored: readdirSync(uploads.dir).includes(f.filename) } });
          });
        },
        async (s) => {
          const body = multipart('xYzZY', { name: 'ada', role: 'admin' }, { field: 'avatar', name: 'me.txt', type: 'text/plain', content: 'avatar bytes'.repeat(1000) });
          const res = await request(s, { method: 'POST', path: '/profile', headers: { 'content-type': 'multipart/form-data; boundary=xYzZY' }, body, noContentLength });
          assert.equal(res.status, 200, res.text);
          assert.deepEqual(JSON.parse(res.text), {
            body: { name: 'ada', role: 'admin' },
            file: { originalname: 'me.txt', mimetype: 'text/plain', size: 12000, stored: true },
          });
        },
      );
    });
  }
});
