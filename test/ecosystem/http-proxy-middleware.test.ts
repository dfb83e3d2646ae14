import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { createProxyMiddleware, fixRequestBody } from 'http-proxy-middleware';
import portico from '../../src/index';
import { frameworkUnderTest, withApp, listening, type Listening } from './support/harness';

const express = frameworkUnderTest(portico);

/** The second local server: echoes what reached it as JSON, with a status and a header of its own. */
let backend: Listening;
before(async () => {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json', 'x-backend': 'yes' });
      res.end(JSON.stringify({ method: req.method, url: req.url, host: req.headers.host, forwardedFor: req.headers['x-forwarded-for'] ?? null, body: Buffer.concat(chunks).toString() }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  backend = listening(server);
});
after(() => backend.close());

interface Echo {
  method: string;
  url: string;
  host: string;
  forwardedFor: string | null;
  body: string;
}

describe("app.use('/api', createProxyMiddleware({ target }))", () => {
  /** The README's first example: the mount path is stripped, the target path is prefixed. */
  function apiProxyApp() {
    const app = express();
    app.use('/api', createProxyMiddleware({ target: `${backend.url}/api`, changeOrigin: true, xfwd: true }));
    app.get('/local', (_req, res) => {
      res.send('served locally');
    });
    return app;
  }

  it('forwards the request under the target path with its query, and relays status, headers and body', async () => {
    await withApp(apiProxyApp(), async ({ url }) => {
      const res = await fetch(`${url}/api/users/7?fields=name`);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('x-backend'), 'yes');
      const echo = (await res.json()) as Echo;
      assert.equal(echo.method, 'GET');
      assert.equal(echo.url, '/api/users/7?fields=name');
      // changeOrigin: the backend sees its own host.
      assert.equal(echo.host, `127.0.0.1:${backend.port}`);
      assert.match(echo.forwardedFor ?? '', /127\.0\.0\.1$/);
    });
  });

  it('streams a POST body through, untouched', async () => {
    await withApp(apiProxyApp(), async ({ url }) => {
      const res = await fetch(`${url}/api/things`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'a raw body' });
      assert.equal(res.status, 201);
      const echo = (await res.json()) as Echo;
      assert.equal(echo.url, '/api/things');
      assert.equal(echo.body, 'a raw body');
    });
  });

  it('leaves other paths to the app', async () => {
    await withApp(apiProxyApp(), async ({ url }) => {
      assert.equal(await (await fetch(`${url}/local`)).text(), 'served locally');
    });
  });
});

describe('createProxyMiddleware({ pathFilter, pathRewrite })', () => {
  it('rewrites the path of the requests it filters', async () => {
    const app = express();
    app.use(createProxyMiddleware({ target: backend.url, pathFilter: '/legacy', pathRewrite: { '^/legacy': '/v2' } }));
    app.use((_req, res) => {
      res.status(404).send('not proxied');
    });
    await withApp(app, async ({ url }) => {
      const echo = (await (await fetch(`${url}/legacy/items?page=2`)).json()) as Echo;
      assert.equal(echo.url, '/v2/items?page=2');
      const other = await fetch(`${url}/modern/items`);
      assert.equal(other.status, 404);
      assert.equal(await other.text(), 'not proxied');
    });
  });

  it('rewrites with a function', async () => {
    const app = express();
    app.use('/users', createProxyMiddleware({ target: backend.url, pathRewrite: (path) => `/accounts${path}` }));
    await withApp(app, async ({ url }) => {
      const echo = (await (await fetch(`${url}/users/ada`)).json()) as Echo;
      assert.equal(echo.url, '/accounts/ada');
    });
  });
});

describe('createProxyMiddleware after a body parser', () => {
  it('re-sends the parsed body with fixRequestBody', async () => {
    const app = express();
    app.use(express.json());
    app.use('/api', createProxyMiddleware({ target: backend.url, on: { proxyReq: fixRequestBody } }));
    await withApp(app, async ({ url }) => {
      const res = await fetch(`${url}/api/orders`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ qty: 2 }) });
      const echo = (await res.json()) as Echo;
      assert.equal(echo.url, '/orders');
      assert.deepEqual(JSON.parse(echo.body), { qty: 2 });
    });
  });
});

describe('createProxyMiddleware with the target down', () => {
  it('answers 504 Gateway Timeout', async () => {
    // A port that was just free: nothing listens on it.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const dead = listening(probe);
    await dead.close();
    const app = express();
    app.use('/api', createProxyMiddleware({ target: dead.url, logger: { info() {}, warn() {}, error() {} } }));
    await withApp(app, async ({ url }) => {
      const res = await fetch(`${url}/api/x`);
      assert.equal(res.status, 504);
    });
  });
});
