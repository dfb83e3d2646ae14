import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import portico from '../../src/index';
import { frameworkUnderTest, withApp } from './support/harness';

const express = frameworkUnderTest(portico);

/** The README's app: `app.use(helmet())` in front of the routes. */
function helmetApp(...middleware: RequestHandler[]) {
  const app = express();
  app.use(middleware.length > 0 ? middleware : [helmet()]);
  app.get('/', (_req, res) => {
    res.send('Hello World!');
  });
  app.get('/json', (_req, res) => {
    res.json({ ok: true });
  });
  return app;
}

describe('helmet()', () => {
  it('sets its default security headers on a res.send response', async () => {
    await withApp(helmetApp(), async ({ url }) => {
      const res = await fetch(url);
      assert.equal(res.status, 200);
      assert.equal(await res.text(), 'Hello World!');
      const h = res.headers;
      assert.match(h.get('content-security-policy') ?? '', /^default-src 'self';/);
      assert.match(h.get('content-security-policy') ?? '', /object-src 'none'/);
      assert.equal(h.get('cross-origin-opener-policy'), 'same-origin');
      assert.equal(h.get('cross-origin-resource-policy'), 'same-origin');
      assert.equal(h.get('origin-agent-cluster'), '?1');
      assert.equal(h.get('referrer-policy'), 'no-referrer');
      assert.equal(h.get('strict-transport-security'), 'max-age=31536000; includeSubDomains');
      assert.equal(h.get('x-content-type-options'), 'nosniff');
      assert.equal(h.get('x-dns-prefetch-control'), 'off');
      assert.equal(h.get('x-download-options'), 'noopen');
      assert.equal(h.get('x-frame-options'), 'SAMEORIGIN');
      assert.equal(h.get('x-permitted-cross-domain-policies'), 'none');
      assert.equal(h.get('x-xss-protection'), '0');
    });
  });

  it('removes the X-Powered-By header the framework sets', async () => {
    await withApp(helmetApp(), async ({ url }) => {
      assert.equal((await fetch(url)).headers.get('x-powered-by'), null);
    });
    // Without helmet the header (`Express`, as on Express) is there, so its absence above is helmet's doing.
    const bare = express();
    bare.get('/', (_req, res) => {
      res.send('x');
    });
    await withApp(bare, async ({ url }) => {
      assert.equal((await fetch(url)).headers.get('x-powered-by'), 'Express');
    });
  });

  it('keeps its headers on res.json responses and on the 404 of the final handler', async () => {
    await withApp(helmetApp(), async ({ url }) => {
      const json = await fetch(`${url}/json`);
      assert.deepEqual(await json.json(), { ok: true });
      assert.equal(json.headers.get('x-frame-options'), 'SAMEORIGIN');
      const missing = await fetch(`${url}/missing`);
      assert.equal(missing.status, 404);
      assert.equal(missing.headers.get('x-frame-options'), 'SAMEORIGIN');
      assert.equal(missing.headers.get('strict-transport-security'), 'max-age=31536000; includeSubDomains');
    });
  });
});

describe('helmet(options)', () => {
  it('writes the Content-Security-Policy directives it is given', async () => {
    const csp = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'", 'example.com'], upgradeInsecureRequests: [] },
      },
    });
    await withApp(helmetApp(csp), async ({ url }) => {
      const res = await fetch(url);
      assert.equal(res.headers.get('content-security-policy'), "default-src 'self';script-src 'self' example.com;upgrade-insecure-requests");
    });
  });

  it('leaves out a header whose option is false', async () => {
    await withApp(helmetApp(helmet({ contentSecurityPolicy: false, xFrameOptions: false })), async ({ url }) => {
      const res = await fetch(url);
      assert.equal(res.headers.get('content-security-policy'), null);
      assert.equal(res.headers.get('x-frame-options'), null);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    });
  });
});

describe('helmet standalone middleware', () => {
  it('sets only the headers of the middleware used (frameguard, hsts)', async () => {
    const app = helmetApp(helmet.xFrameOptions({ action: 'deny' }), helmet.strictTransportSecurity({ maxAge: 123, includeSubDomains: false }));
    await withApp(app, async ({ url }) => {
      const res = await fetch(url);
      assert.equal(res.headers.get('x-frame-options'), 'DENY');
      assert.equal(res.headers.get('strict-transport-security'), 'max-age=123');
      assert.equal(res.headers.get('content-security-policy'), null);
      // Only helmet() itself (hidePoweredBy) removes it.
      assert.notEqual(res.headers.get('x-powered-by'), null);
    });
  });
});
