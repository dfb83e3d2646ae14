import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { NextFunction, Request, Response } from 'express';
import cors from 'cors';
import portico from '../../src/index';
import { frameworkUnderTest, withApp } from './support/harness';

const express = frameworkUnderTest(portico);

describe('cors() for all routes', () => {
  /** The README's "Simple Usage (Enable All CORS Requests)". */
  function openApp() {
    const app = express();
    app.use(cors());
    app.get('/products/:id', (req, res) => {
      res.json({ msg: 'This is CORS-enabled for all origins!', id: req.params.id });
    });
    return app;
  }

  it('allows every origin on a simple request', async () => {
    await withApp(openApp(), async ({ url }) => {
      const res = await fetch(`${url}/products/7`, { headers: { origin: 'http://example.com' } });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('access-control-allow-origin'), '*');
      assert.deepEqual(await res.json(), { msg: 'This is CORS-enabled for all origins!', id: '7' });
    });
  });

  it('answers a preflight OPTIONS with 204, the allowed methods and the requested headers', async () => {
    await withApp(openApp(), async ({ url }) => {
      const res = await fetch(`${url}/products/7`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://example.com',
          'access-control-request-method': 'DELETE',
          'access-control-request-headers': 'x-token, content-type',
        },
      });
      assert.equal(res.status, 204);
      assert.equal(res.headers.get('access-control-allow-origin'), '*');
      assert.equal(res.headers.get('access-control-allow-methods'), 'GET,HEAD,PUT,PATCH,POST,DELETE');
      assert.equal(res.headers.get('access-control-allow-headers'), 'x-token, content-type');
      assert.equal(res.headers.get('vary'), 'Access-Control-Request-Headers');
      assert.equal(res.headers.get('content-length'), '0');
      assert.equal(await res.text(), '');
    });
  });
});

describe('cors(options) with credentials', () => {
  /** The README's "Configuring CORS" with a whitelist, plus credentials for cookie-carrying requests. */
  function credentialsApp() {
    const app = express();
    const corsOptions: cors.CorsOptions = {
      origin: ['http://example.com', /\.example\.org$/],
      credentials: true,
      maxAge: 600,
      exposedHeaders: ['X-Total-Count'],
    };
    app.options('/items', cors(corsOptions));
    app.post('/items', cors(corsOptions), (_req, res) => {
      res.set('X-Total-Count', '3').status(201).json({ created: true });
    });
    return app;
  }

  it('reflects a listed origin with Allow-Credentials and Vary: Origin', async () => {
    await withApp(credentialsApp(), async ({ url }) => {
      const res = await fetch(`${url}/items`, { method: 'POST', headers: { origin: 'https://api.example.org' } });
      assert.equal(res.status, 201);
      assert.equal(res.headers.get('access-control-allow-origin'), 'https://api.example.org');
      assert.equal(res.headers.get('access-control-allow-credentials'), 'true');
      assert.equal(res.headers.get('access-control-expose-headers'), 'X-Total-Count');
      assert.equal(res.headers.get('vary'), 'Origin');
    });
  });

  it('leaves out the CORS headers for an origin not listed, and still runs the route', async () => {
    await withApp(credentialsApp(), async ({ url }) => {
      const res = await fetch(`${url}/items`, { method: 'POST', headers: { origin: 'http://evil.test' } });
      assert.equal(res.status, 201);
      assert.equal(res.headers.get('access-control-allow-origin'), null);
      assert.equal(res.headers.get('vary'), 'Origin');
    });
  });

  it('answers the route preflight registered with app.options, with Max-Age', async () => {
    await withApp(credentialsApp(), async ({ url }) => {
      const res = await fetch(`${url}/items`, {
        method: 'OPTIONS',
        headers: { origin: 'http://example.com', 'access-control-request-method': 'POST' },
      });
      assert.equal(res.status, 204);
      assert.equal(res.headers.get('access-control-allow-origin'), 'http://example.com');
      assert.equal(res.headers.get('access-control-allow-credentials'), 'true');
      assert.equal(res.headers.get('access-control-max-age'), '600');
    });
  });

  it('leaves an OPTIONS request on a path without cors() to the router, which lists the methods', async () => {
    const app = credentialsApp();
    app.get('/other', (_req, res) => {
      res.send('x');
    });
    await withApp(app, async ({ url }) => {
      const res = await fetch(`${url}/other`, { method: 'OPTIONS', headers: { origin: 'http://example.com' } });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('allow'), 'GET,HEAD');
      assert.equal(res.headers.get('access-control-allow-origin'), null);
    });
  });
});

describe('cors(options) with an origin function', () => {
  it('decides per request, and an error from the function reaches the error handler', async () => {
    const app = express();
    app.use(
      cors({
        origin(origin, callback) {
          if (origin === undefined || origin === 'http://allowed.test') return callback(null, true);
          callback(new Error('Not allowed by CORS'));
        },
      }),
    );
    app.get('/', (_req, res) => {
      res.send('ok');
    });
    app.use((err: Error, _req: Request, res: Response, _next: NextFunction) => {
      res.status(403).send(err.message);
    });
    await withApp(app, async ({ url }) => {
      const ok = await fetch(url, { headers: { origin: 'http://allowed.test' } });
      assert.equal(ok.headers.get('access-control-allow-origin'), 'http://allowed.test');
      const denied = await fetch(url, { headers: { origin: 'http://other.test' } });
      assert.equal(denied.status, 403);
      assert.equal(await denied.text(), 'Not allowed by CORS');
    });
  });
});
