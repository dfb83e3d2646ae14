import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import portico from '../../src/index';
import { cookieParser } from '../../src/cookies/index';
import { cookieSession, SessionCookie, type CookieSessionOptions, type CookieSessionRequest } from '../../src/legacy/middleware/index';
import { withServer, send, type SimpleResponse } from '../helpers/server';

type Handler = (req: CookieSessionRequest, res: ServerResponse) => void;

/** An app with cookieSession(options) in front of `handler`; `before` middleware runs first. */
function sessionApp(options: CookieSessionOptions, handler: Handler, before?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void) {
  const app = portico();
  if (before) app.use(before);
  app.use(cookieSession(options));
  app.use((req: IncomingMessage, res: ServerResponse) => handler(req as CookieSessionRequest, res));
  return app;
}

const json = (res: ServerResponse, value: unknown) => {
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify(value));
};

/** The `name=value` part of each Set-Cookie line. */
const cookiePairs = (res: SimpleResponse) => (res.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]);

/** A counter app: every request increments req.session.count. */
const counter: Handler = (req, res) => {
  const session = req.session as Record<string, number>;
  session.count = (session.count ?? 0) + 1;
  json(res, { count: session.count });
};

describe('cookieSession()', () => {
  it('writes the session in a signed cookie named connect.sess with path / and HttpOnly', async () => {
    const res = await withServer(sessionApp({ secret: 'k' }, counter), ({ port }) => send(port));
    const lines = res.headers['set-cookie'] ?? [];
    assert.equal(lines.length, 1);
    assert.match(lines[0], /^connect\.sess=s%3Aj%3A/);
    assert.match(lines[0], /; Path=\/; HttpOnly$/);
  });

  it('loads the session from the cookie on the next request', async () => {
    await withServer(sessionApp({ secret: 'k' }, counter), async ({ port }) => {
      const first = await send(port);
      const cookie = cookiePairs(first).join('; ');
      const second = await send(port, { headers: { cookie } });
      assert.deepEqual(JSON.parse(second.text), { count: 2 });
      const third = await send(port, { headers: { cookie: cookiePairs(second).join('; ') } });
      assert.deepEqual(JSON.parse(third.text), { count: 3 });
    });
  });

  it('does not write the cookie again when the session read from it is unchanged, as 3.x did', async () => {
    const app = sessionApp({ secret: 'k' }, (req, res) => {
      if (req.url === '/set') (req.session as Record<string, unknown>).user = 'tobi';
      if (req.url === '/set2') (req.session as Record<string, unknown>).user = 'loki';
      json(res, req.session);
    });
    await withServer(app, async ({ port }) => {
      const set = await send(port, { path: '/set' });
      const cookie = cookiePairs(set).join('; ');
      const read = await send(port, { path: '/read', headers: { cookie } });
      assert.deepEqual(JSON.parse(read.text), { user: 'tobi', cookie: { originalMaxAge: null, expires: null, httpOnly: true, path: '/' } });
      assert.deepEqual(cookiePairs(read), []);
      const change = await send(port, { path: '/set2', headers: { cookie } });
      assert.equal(cookiePairs(change).length, 1);
    });
  });

  it('gives a new visitor an empty session, shown with its cookie, and writes it', async () => {
    const res = await withServer(sessionApp({ secret: 'k' }, (req, res) => json(res, req.session)), ({ port }) => send(port));
    assert.deepEqual(JSON.parse(res.text), { cookie: { originalMaxAge: null, expires: null, httpOnly: true, path: '/' } });
    assert.equal(cookiePairs(res).length, 1);
  });

  it('uses the key option as the cookie name', async () => {
    const res = await withServer(sessionApp({ secret: 'k', key: 'sid' }, counter), ({ port }) => send(port));
    assert.match(cookiePairs(res)[0], /^sid=/);
  });

  it('keeps Set-Cookie lines written by the app', async () => {
    const app = sessionApp({ secret: 'k' }, (req, res) => {
      res.setHeader('Set-Cookie', 'theme=dark');
      (req.session as Record<string, unknown>).a = 1;
      res.end();
    });
    const res = await withServer(app, ({ port }) => send(port));
    assert.equal(res.headers['set-cookie']?.length, 2);
    assert.equal(res.headers['set-cookie']?.[0], 'theme=dark');
  });

  it('writes the cookie when the app calls writeHead with its own headers', async () => {
    const app = sessionApp({ secret: 'k' }, (req, res) => {
      (req.session as Record<string, unknown>).a = 1;
      res.writeHead(201, { 'Content-Type': 'text/plain', 'Set-Cookie': ['x=1', 'y=2'] });
      res.end('ok');
    });
    const res = await withServer(app, ({ port }) => send(port));
    assert.equal(res.status, 201);
    assert.deepEqual(cookiePairs(res).slice(0, 2), ['x=1', 'y=2']);
    assert.match(cookiePairs(res)[2], /^connect\.sess=/);
  });

  it('writes the cookie when writeHead gets a reason and a raw header list', async () => {
    const app = sessionApp({ secret: 'k' }, (req, res) => {
      (req.session as Record<string, unknown>).a = 1;
      if (req.url === '/flat') res.writeHead(200, 'Fine', ['X-A', '1', 'Set-Cookie', 'p=1', 'Set-Cookie', 'q=2']);
      else res.writeHead(202, 'Taken', [['X-A', '2'], ['Set-Cookie', 'r=3']]);
      res.end();
    });
    await withServer(app, async ({ port }) => {
      const flat = await send(port, { path: '/flat' });
      assert.equal(flat.headers['x-a'], '1');
      assert.deepEqual(cookiePairs(flat).slice(0, 2), ['p=1', 'q=2']);
      assert.match(cookiePairs(flat)[2], /^connect\.sess=/);
      const nested = await send(port, { path: '/nested' });
      assert.equal(nested.status, 202);
      assert.equal(nested.headers['x-a'], '2');
      assert.deepEqual(cookiePairs(nested).slice(0, 1), ['r=3']);
      assert.match(cookiePairs(nested)[1], /^connect\.sess=/);
    });
  });

  it('responds 500 when no secret is configured', async () => {
    const res = await withServer(sessionApp({}, counter), ({ port }) => send(port));
    assert.equal(res.status, 500);
  });
});

describe('cookieSession() with req.session = null', () => {
  it('clears the cookie with an expiry in the past', async () => {
    const app = sessionApp({ secret: 'k' }, (req, res) => {
      if (req.url === '/logout') req.session = null;
      else (req.session as Record<string, unknown>).user = 'tobi';
      res.end();
    });
    await withServer(app, async ({ port }) => {
      const login = await send(port, { path: '/login' });
      const logout = await send(port, { path: '/logout', headers: { cookie: cookiePairs(login).join('; ') } });
      const line = logout.headers['set-cookie']?.[0] ?? '';
      assert.match(line, /^connect\.sess=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly$/);
    });
  });

  it('sends an expired cookie even when the browser had none', async () => {
    const app = sessionApp({ secret: 'k' }, (req, res) => {
      req.session = null;
      res.end();
    });
    const res = await withServer(app, ({ port }) => send(port));
    assert.match(String(res.headers['set-cookie']), /^connect\.sess=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly$/);
  });
});

describe('cookieSession() with a replaced session object', () => {
  it('stores the new object', async () => {
    const app = sessionApp({ secret: 'k' }, (req, res) => {
      if (req.url === '/set') req.session = { fresh: true };
      json(res, req.session);
    });
    await withServer(app, async ({ port }) => {
      const set = await send(port, { path: '/set' });
      const read = await send(port, { path: '/read', headers: { cookie: cookiePairs(set).join('; ') } });
      assert.deepEqual(JSON.parse(read.text), { fresh: true, cookie: { originalMaxAge: null, expires: null, httpOnly: true, path: '/' } });
    });
  });
});

describe('cookieSession({ cookie })', () => {
  it('applies maxAge as an Expires attribute', async () => {
    const before = Date.now();
    const res = await withServer(sessionApp({ secret: 'k', cookie: { maxAge: 60_000 } }, counter), ({ port }) => send(port));
    const expires = /Expires=([^;]+)/.exec(res.headers['set-cookie']?.[0] ?? '')?.[1];
    assert.ok(expires);
    const delta = Date.parse(expires) - before;
    assert.ok(delta > 55_000 && delta <= 61_000, `expires in ${delta}ms`);
  });

  it('lets req.session.cookie change attributes for this response', async () => {
    const app = sessionApp({ secret: 'k' }, (req, res) => {
      const session = req.session as Record<string, unknown> & { cookie: SessionCookie };
      assert.equal(session.cookie.maxAge, null);
      session.cookie.maxAge = 1000;
      assert.ok((session.cookie.maxAge ?? 0) > 0);
      session.cookie.path = '/admin';
      session.cookie.httpOnly = false;
      session.a = 1;
      // The cookie is not part of the stored data.
      assert.deepEqual(JSON.parse(JSON.stringify(session)), { a: 1 });
      res.end();
    });
    const res = await withServer(app, ({ port }) => send(port));
    const line = res.headers['set-cookie']?.[0] ?? '';
    assert.match(line, /; Path=\/admin; Expires=/);
    assert.doesNotMatch(line, /HttpOnly/);
  });

  it('ignores requests outside the cookie path', async () => {
    const app = sessionApp({ secret: 'k', cookie: { path: '/app' } }, counter);
    const res = await withServer(app, ({ port }) => send(port, { path: '/other' }));
    assert.deepEqual(JSON.parse(res.text), { count: 1 });
    assert.equal(res.headers['set-cookie'], undefined);
    const inside = await withServer(app, ({ port }) => send(port, { path: '/app/x' }));
    assert.match(inside.headers['set-cookie']?.[0] ?? '', /Path=\/app/);
  });

  it('does not send a secure cookie over plain HTTP', async () => {
    const res = await withServer(sessionApp({ secret: 'k', cookie: { secure: true } }, counter), ({ port }) => send(port));
    assert.equal(res.headers['set-cookie'], undefined);
  });
});

describe('cookieSession({ proxy: true })', () => {
  it('sends a secure cookie when X-Forwarded-Proto says https', async () => {
    const app = sessionApp({ secret: 'k', proxy: true, cookie: { secure: true } }, counter);
    await withServer(app, async ({ port }) => {
      const https = await send(port, { headers: { 'x-forwarded-proto': 'https, http' } });
      assert.match(https.headers['set-cookie']?.[0] ?? '', /; Secure/);
      const http = await send(port, { headers: { 'x-forwarded-proto': 'http' } });
      assert.equal(http.headers['set-cookie'], undefined);
    });
  });

  it('ignores X-Forwarded-Proto without proxy', async () => {
    const app = sessionApp({ secret: 'k', cookie: { secure: true } }, counter);
    const res = await withServer(app, ({ port }) => send(port, { headers: { 'x-forwarded-proto': 'https' } }));
    assert.equal(res.headers['set-cookie'], undefined);
  });
});

describe('cookieSession() with cookieParser(secret) before it', () => {
  it('uses req.secret when no secret option is given', async () => {
    const parser = cookieParser('from-parser');
    await withServer(sessionApp({}, counter, parser), async ({ port }) => {
      const first = await send(port);
      assert.equal(first.status, 200);
      const second = await send(port, { headers: { cookie: cookiePairs(first).join('; ') } });
      assert.deepEqual(JSON.parse(second.text), { count: 2 });
    });
  });
});

describe('cookieSession({ secret: [new, old] })', () => {
  it('reads sessions signed with an old secret and re-signs with the new one', async () => {
    const old = await withServer(sessionApp({ secret: 'old' }, counter), ({ port }) => send(port));
    const rotated = sessionApp({ secret: ['new', 'old'] }, counter);
    const res = await withServer(rotated, ({ port }) => send(port, { headers: { cookie: cookiePairs(old).join('; ') } }));
    assert.deepEqual(JSON.parse(res.text), { count: 2 });
    const onlyNew = await withServer(sessionApp({ secret: 'new' }, counter), ({ port }) =>
      send(port, { headers: { cookie: cookiePairs(res).join('; ') } }),
    );
    assert.deepEqual(JSON.parse(onlyNew.text), { count: 3 });
  });
});
