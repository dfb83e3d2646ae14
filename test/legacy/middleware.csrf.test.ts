import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import portico from '../../src/index';
import { cookieSession, csrf, type CsrfOptions, type CsrfRequest } from '../../src/legacy/middleware/index';
import { createCsrfSecret, createCsrfToken, verifyCsrfToken } from '../../src/legacy/middleware/csrf-tokens';
import { withServer, send, type SimpleResponse } from '../helpers/server';

/**
 * cookieSession + a tiny JSON body reader + csrf: GET /token returns req.csrfToken(),
 * anything else answers "ok" when the check passes; errors come back as JSON.
 */
function csrfApp(options?: CsrfOptions, withSession = true) {
  const app = portico();
  if (withSession) app.use(cookieSession({ secret: 'k' }));
  app.use((req: IncomingMessage, _res: ServerResponse, next: () => void) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString();
      (req as CsrfRequest).body = text ? JSON.parse(text) : {};
      const q = new URL(req.url ?? '/', 'http://x').searchParams;
      (req as CsrfRequest).query = Object.fromEntries(q);
      next();
    });
  });
  app.use(csrf(options));
  app.use((req: IncomingMessage, res: ServerResponse) => {
    const r = req as CsrfRequest;
    if (req.url === '/token') return res.end(JSON.stringify([r.csrfToken?.(), r.csrfToken?.()]));
    res.end('ok');
  });
  app.use((err: { status?: number; message: string; code?: string }, _req: IncomingMessage, res: ServerResponse, _next: () => void) => {
    res.statusCode = err.status ?? 500;
    res.end(JSON.stringify({ message: err.message, code: err.code }));
  });
  return app;
}

const cookieOf = (res: SimpleResponse) => (res.headers['set-cookie'] ?? []).map((l) => l.split(';')[0]).join('; ');

/** Gets a token and the session cookie that goes with it. */
async function session(port: number): Promise<{ token: string; cookie: string }> {
  const res = await send(port, { path: '/token' });
  const [token] = JSON.parse(res.text) as string[];
  return { token, cookie: cookieOf(res) };
}

describe('csrf()', () => {
  it('lets GET, HEAD and OPTIONS through without a token', async () => {
    await withServer(csrfApp(), async ({ port }) => {
      for (const method of ['GET', 'HEAD', 'OPTIONS']) {
        assert.equal((await send(port, { method, path: '/x' })).status, 200, method);
      }
    });
  });

  it('gives the same token twice within a request, and a new salted one on the next', async () => {
    await withServer(csrfApp(), async ({ port }) => {
      const first = await send(port, { path: '/token' });
      const [a, b] = JSON.parse(first.text) as string[];
      assert.equal(a, b);
      const again = await send(port, { path: '/token', headers: { cookie: cookieOf(first) } });
      const [c] = JSON.parse(again.text) as string[];
      assert.notEqual(c, a);
    });
  });

  it('keeps the secret in the session', async () => {
    await withServer(csrfApp(), async ({ port }) => {
      const { cookie } = await session(port);
      assert.match(cookie, /^connect\.sess=/);
    });
  });

  it('responds 403 EBADCSRFTOKEN for a POST without a token', async () => {
    await withServer(csrfApp(), async ({ port }) => {
      const { cookie } = await session(port);
      const res = await send(port, { method: 'POST', path: '/x', headers: { cookie } });
      assert.equal(res.status, 403);
      assert.deepEqual(JSON.parse(res.text), { message: 'invalid csrf token', code: 'EBADCSRFTOKEN' });
    });
  });

  it('accepts the token from req.body._csrf', async () => {
    await withServer(csrfApp(), async ({ port }) => {
      const { token, cookie } = await session(port);
      const res = await send(port, { method: 'POST', path: '/x', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ _csrf: token }) });
      assert.equal(res.status, 200);
    });
  });

  it('accepts the token from req.query._csrf', async () => {
    await withServer(csrfApp(), async ({ port }) => {
      const { token, cookie } = await session(port);
      const res = await send(port, { method: 'DELETE', path: '/x?_csrf=' + encodeURIComponent(token), headers: { cookie } });
      assert.equal(res.status, 200);
    });
  });

  for (const header of ['x-csrf-token', 'x-xsrf-token', 'csrf-token', 'xsrf-token']) {
    it(`accepts the token from the ${header} header`, async () => {
      await withServer(csrfApp(), async ({ port }) => {
        const { token, cookie } = await session(port);
        const res = await send(port, { method: 'PUT', path: '/x', headers: { cookie, [header]: token } });
        assert.equal(res.status, 200);
      });
    });
  }

  it('accepts any token made for the session, not only the latest', async () => {
    await withServer(csrfApp(), async ({ port }) => {
      const { token, cookie } = await session(port);
      await send(port, { path: '/token', headers: { cookie } });
      const res = await send(port, { method: 'POST', path: '/x', headers: { cookie, 'x-csrf-token': token } });
      assert.equal(res.status, 200);
    });
  });

  it('responds 500 "misconfigured csrf" without a session', async () => {
    const res = await withServer(csrfApp(undefined, false), ({ port }) => send(port, { method: 'POST', path: '/x' }));
    assert.equal(res.status, 500);
    assert.equal(JSON.parse(res.text).message, 'misconfigured csrf');
  });
});

describe('csrf({ value })', () => {
  it('reads the token with the given function', async () => {
    const app = csrfApp({ value: (req) => req.headers['x-my-token'] });
    await withServer(app, async ({ port }) => {
      const { token, cookie } = await session(port);
      assert.equal((await send(port, { method: 'POST', path: '/x', headers: { cookie, 'x-my-token': token } })).status, 200);
      assert.equal((await send(port, { method: 'POST', path: '/x', headers: { cookie, 'x-csrf-token': token } })).status, 403);
    });
  });
});

describe('csrf({ ignoreMethods })', () => {
  it('skips the check for the listed methods only', async () => {
    await withServer(csrfApp({ ignoreMethods: ['get', 'post'] }), async ({ port }) => {
      assert.equal((await send(port, { method: 'POST', path: '/x' })).status, 200);
      assert.equal((await send(port, { method: 'HEAD', path: '/x' })).status, 403);
    });
  });
});

describe('csrf tokens', () => {
  it('verifies every token issued for a secret, and none for another', () => {
    const secret = createCsrfSecret();
    const other = createCsrfSecret();
    for (let i = 0; i < 1000; i++) {
      const token = createCsrfToken(secret);
      assert.equal(verifyCsrfToken(token, secret), true, token);
      assert.equal(verifyCsrfToken(token, other), false, token);
    }
  });

  it('rejects values that are not strings', () => {
    assert.equal(verifyCsrfToken(['a-b'], createCsrfSecret()), false);
    assert.equal(verifyCsrfToken(undefined, createCsrfSecret()), false);
  });
});
