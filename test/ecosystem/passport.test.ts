import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import session from 'express-session';
import passport from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import portico from '../../src/index';
import { frameworkUnderTest, withApp, CookieJar, form } from './support/harness';

const express = frameworkUnderTest(portico);

interface User {
  id: number;
  username: string;
}

declare module 'express-session' {
  interface SessionData {
    messages: string[];
  }
}

const users = [{ id: 1, username: 'ada', password: 'lovelace' }];

/** The passport-local example app: a session, the local strategy, login and logout routes. */
function passportApp() {
  // One Passport instance per app, so tests do not share strategies or serializers.
  const authenticator = new passport.Passport();
  authenticator.use(
    new LocalStrategy(function verify(username, password, cb) {
      const row = users.find((u) => u.username === username);
      if (!row || row.password !== password) return cb(null, false, { message: 'Incorrect username or password.' });
      return cb(null, { id: row.id, username: row.username });
    }),
  );
  authenticator.serializeUser((user, cb) => {
    process.nextTick(() => cb(null, { id: (user as User).id, username: (user as User).username }));
  });
  authenticator.deserializeUser((user: User, cb) => {
    process.nextTick(() => cb(null, user));
  });

  const app = express();
  app.use(express.urlencoded({ extended: false }));
  app.use(express.json());
  app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: false }));
  app.use(authenticator.authenticate('session'));

  app.get('/', (req, res) => {
    const user = req.user as User | undefined;
    res.send(req.isAuthenticated() && user ? `Welcome, ${user.username} (#${user.id})` : 'Welcome, stranger');
  });
  app.get('/login', (req, res) => {
    const messages = req.session.messages ?? [];
    req.session.messages = [];
    res.send(`<form action="/login/password" method="post"></form>${messages.map((m) => `<p class="error">${m}</p>`).join('')}`);
  });
  app.post('/login/password', authenticator.authenticate('local', { successRedirect: '/', failureRedirect: '/login', failureMessage: true }));
  app.post('/logout', (req, res, next) => {
    req.logout((err) => {
      if (err) return next(err);
      res.redirect('/');
    });
  });
  // Without redirect options passport answers failures itself.
  app.post('/login/plain', authenticator.authenticate('local'), (req, res) => {
    res.send(`logged in as ${(req.user as User).username}`);
  });
  // An API login answering JSON through the custom callback, without a session.
  app.post('/api/token', (req, res, next) => {
    authenticator.authenticate('local', { session: false }, (err: unknown, user: User | false, info: { message: string } | undefined) => {
      if (err) return next(err);
      if (!user) return res.status(401).json({ error: info?.message });
      res.json({ user });
    })(req, res, next);
  });
  return app;
}

describe("passport.authenticate('local') with a login form", () => {
  it('redirects a wrong password back to /login, where the failure message is shown', async () => {
    await withApp(passportApp(), async ({ url }) => {
      const jar = new CookieJar();
      const res = await jar.fetch(`${url}/login/password`, form({ username: 'ada', password: 'wrong' }));
      assert.equal(res.status, 302);
      assert.equal(res.headers.get('location'), '/login');
      assert.match(await (await jar.fetch(`${url}/login`)).text(), /<p class="error">Incorrect username or password\.<\/p>/);
      assert.equal(await (await jar.fetch(url)).text(), 'Welcome, stranger');
    });
  });

  it('logs in: redirects to /, and req.user is restored from the session on later requests', async () => {
    await withApp(passportApp(), async ({ url }) => {
      const jar = new CookieJar();
      const res = await jar.fetch(`${url}/login/password`, form({ username: 'ada', password: 'lovelace' }));
      assert.equal(res.status, 302);
      assert.equal(res.headers.get('location'), '/');
      assert.ok(jar.cookies.has('connect.sid'));
      assert.equal(await (await jar.fetch(url)).text(), 'Welcome, ada (#1)');
      assert.equal(await (await jar.fetch(url)).text(), 'Welcome, ada (#1)');
    });
  });

  it('logs out with req.logout: req.user is gone and the old session cookie no longer authenticates', async () => {
    await withApp(passportApp(), async ({ url }) => {
      const jar = new CookieJar();
      await jar.fetch(`${url}/login/password`, form({ username: 'ada', password: 'lovelace' }));
      const loggedInCookie = jar.header();
      const out = await jar.fetch(`${url}/logout`, { method: 'POST' });
      assert.equal(out.status, 302);
      assert.equal(out.headers.get('location'), '/');
      assert.equal(await (await jar.fetch(url)).text(), 'Welcome, stranger');
      assert.equal(await (await fetch(url, { headers: { cookie: loggedInCookie } })).text(), 'Welcome, stranger');
    });
  });
});

describe("passport.authenticate('local') answering by itself or through a callback", () => {
  it('answers a JSON login with the user, or 401 with the strategy message', async () => {
    await withApp(passportApp(), async ({ url }) => {
      const post = (body: unknown) => fetch(`${url}/api/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const ok = await post({ username: 'ada', password: 'lovelace' });
      assert.equal(ok.status, 200);
      assert.deepEqual(await ok.json(), { user: { id: 1, username: 'ada' } });
      assert.equal(ok.headers.get('set-cookie'), null);
      const bad = await post({ username: 'ada', password: 'nope' });
      assert.equal(bad.status, 401);
      assert.deepEqual(await bad.json(), { error: 'Incorrect username or password.' });
    });
  });

  it('answers 400 Bad Request itself when the credentials are missing, 401 when they are wrong', async () => {
    await withApp(passportApp(), async ({ url }) => {
      const missing = await fetch(`${url}/login/plain`, form({ username: 'ada' }));
      assert.equal(missing.status, 400);
      assert.equal(await missing.text(), 'Bad Request');
      const wrong = await fetch(`${url}/login/plain`, form({ username: 'ada', password: 'nope' }));
      assert.equal(wrong.status, 401);
      assert.equal(await wrong.text(), 'Unauthorized');
      const right = await fetch(`${url}/login/plain`, form({ username: 'ada', password: 'lovelace' }));
      assert.equal(await right.text(), 'logged in as ada');
    });
  });
});
