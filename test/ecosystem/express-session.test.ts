import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { NextFunction, Request, Response } from 'express';
import session from 'express-session';
import portico from '../../src/index';
import { frameworkUnderTest, withApp, CookieJar, form } from './support/harness';

const express = frameworkUnderTest(portico);

declare module 'express-session' {
  interface SessionData {
    user: string | null;
    views: number;
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The README's "user login" example, with its views counter and a destroy route. */
function sessionApp(options: Partial<session.SessionOptions> = {}) {
  const app = express();
  app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: true, ...options }));

  function isAuthenticated(req: Request, _res: Response, next: NextFunction) {
    if (req.session.user) next();
    else next('route');
  }

  app.get('/', isAuthenticated, (req, res) => {
    res.send(`hello, ${escapeHtml(String(req.session.user))}! <a href="/logout">Logout</a>`);
  });
  app.get('/', (_req, res) => {
    res.send('<form action="/login" method="post">Username: <input name="user"><br>Password: <input name="pass" type="password"><br><input type="submit" text="Login"></form>');
  });
  app.post('/login', express.urlencoded({ extended: false }), (req, res, next) => {
    // Regenerate the session against session fixation, then store the user.
    req.session.regenerate((err) => {
      if (err) return next(err);
      req.session.user = (req.body as { user: string }).user;
      req.session.save((err) => {
        if (err) return next(err);
        res.redirect('/');
      });
    });
  });
  app.get('/logout', (req, res, next) => {
    req.session.user = null;
    req.session.save((err) => {
      if (err) return next(err);
      req.session.regenerate((err) => {
        if (err) return next(err);
        res.redirect('/');
      });
    });
  });
  app.get('/views', (req, res) => {
    req.session.views = (req.session.views ?? 0) + 1;
    res.json({ views: req.session.views, id: req.sessionID, maxAge: req.session.cookie.maxAge });
  });
  app.get('/destroy', (req, res, next) => {
    req.session.destroy((err) => {
      if (err) return next(err);
      res.send('destroyed');
    });
  });
  return app;
}

const sid = (jar: CookieJar) => jar.cookies.get('connect.sid');

describe('session() with the MemoryStore', () => {
  it('persists data across requests of one client, and keeps clients apart', async () => {
    await withApp(sessionApp(), async ({ url }) => {
      const alice = new CookieJar();
      const bob = new CookieJar();
      const first = await alice.fetch(`${url}/views`);
      assert.match(first.headers.get('set-cookie') ?? '', /^connect\.sid=s%3A[^;]+; Path=\/; HttpOnly$/);
      assert.equal(((await first.json()) as { views: number }).views, 1);
      assert.equal(((await (await alice.fetch(`${url}/views`)).json()) as { views: number }).views, 2);
      assert.equal(((await (await alice.fetch(`${url}/views`)).json()) as { views: number }).views, 3);
      assert.equal(((await (await bob.fetch(`${url}/views`)).json()) as { views: number }).views, 1);
    });
  });

  it('does not resend the cookie once the session exists and is unchanged in identity', async () => {
    await withApp(sessionApp(), async ({ url }) => {
      const jar = new CookieJar();
      await (await jar.fetch(`${url}/views`)).text();
      const again = await jar.fetch(`${url}/views`);
      assert.equal(again.headers.get('set-cookie'), null);
    });
  });

  it('logs in through the form: regenerates the session id, then greets the user', async () => {
    await withApp(sessionApp(), async ({ url }) => {
      const jar = new CookieJar();
      assert.match(await (await jar.fetch(url)).text(), /<form action="\/login"/);
      const before = sid(jar);
      const login = await jar.fetch(`${url}/login`, form({ user: 'ada <admin>', pass: 'x' }));
      assert.equal(login.status, 302);
      assert.equal(login.headers.get('location'), '/');
      assert.notEqual(sid(jar), before);
      assert.equal(await (await jar.fetch(url)).text(), 'hello, ada &#60;admin&#62;! <a href="/logout">Logout</a>');
    });
  });

  it('logs out: the user is gone and the old session id no longer authenticates', async () => {
    await withApp(sessionApp(), async ({ url }) => {
      const jar = new CookieJar();
      await jar.fetch(`${url}/login`, form({ user: 'ada', pass: 'x' }));
      const loggedIn = sid(jar) ?? '';
      const logout = await jar.fetch(`${url}/logout`);
      assert.equal(logout.status, 302);
      assert.notEqual(sid(jar), loggedIn);
      assert.match(await (await jar.fetch(url)).text(), /<form/);
      const replay = await fetch(url, { headers: { cookie: `connect.sid=${loggedIn}` } });
      assert.match(await replay.text(), /<form/);
    });
  });

  it('destroys a session: the next request with the old cookie starts over', async () => {
    await withApp(sessionApp(), async ({ url }) => {
      const jar = new CookieJar();
      await (await jar.fetch(`${url}/views`)).text();
      await (await jar.fetch(`${url}/views`)).text();
      assert.equal(await (await jar.fetch(`${url}/destroy`)).text(), 'destroyed');
      const after = (await (await jar.fetch(`${url}/views`)).json()) as { views: number };
      assert.equal(after.views, 1);
    });
  });

  it('sets the cookie expiry from cookie.maxAge', async () => {
    await withApp(sessionApp({ cookie: { maxAge: 60_000 } }), async ({ url }) => {
      const res = await fetch(`${url}/views`);
      const line = res.headers.get('set-cookie') ?? '';
      const expires = Date.parse(/Expires=([^;]+)/.exec(line)?.[1] ?? '');
      assert.ok(Math.abs(expires - (Date.now() + 60_000)) < 5_000, line);
      assert.ok(((await res.json()) as { maxAge: number }).maxAge <= 60_000);
    });
  });
});

describe('session({ cookie: { secure: true } }) behind a proxy', () => {
  function proxiedApp() {
    const app = sessionApp({ cookie: { secure: true } });
    app.set('trust proxy', 1);
    return app;
  }

  it('sets a Secure cookie when the trusted proxy says the client used https', async () => {
    await withApp(proxiedApp(), async ({ url }) => {
      const res = await fetch(`${url}/views`, { headers: { 'x-forwarded-proto': 'https' } });
      assert.match(res.headers.get('set-cookie') ?? '', /^connect\.sid=s%3A[^;]+; Path=\/; HttpOnly; Secure$/);
    });
  });

  it('sets no cookie over plain http', async () => {
    await withApp(proxiedApp(), async ({ url }) => {
      const res = await fetch(`${url}/views`);
      assert.equal(res.headers.get('set-cookie'), null);
    });
  });

  it('sets no cookie when the proxy is not trusted, whatever X-Forwarded-Proto says', async () => {
    await withApp(sessionApp({ cookie: { secure: true } }), async ({ url }) => {
      const res = await fetch(`${url}/views`, { headers: { 'x-forwarded-proto': 'https' } });
      assert.equal(res.headers.get('set-cookie'), null);
    });
  });
});
