import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import session from 'express-session';
import flash from 'connect-flash';
import portico from '../../src/index';
import { frameworkUnderTest, withApp, CookieJar } from './support/harness';

const express = frameworkUnderTest(portico);

/** The README's app: a session, flash(), a route that flashes and redirects, a page that reads. */
function flashApp() {
  const app = express();
  app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: false, cookie: { maxAge: 60000 } }));
  app.use(flash());
  app.get('/flash', (req, res) => {
    req.flash('info', 'Flash is back!');
    res.redirect('/');
  });
  app.get('/several', (req, res) => {
    req.flash('info', 'Hello %s, you have %d messages', 'Ada', 3);
    req.flash('error', ['first problem', 'second problem']);
    res.redirect('/all');
  });
  app.get('/', (req, res) => {
    res.json({ messages: req.flash('info') });
  });
  app.get('/all', (req, res) => {
    res.json(req.flash());
  });
  return app;
}

describe('req.flash(type, message)', () => {
  it('keeps a message across the redirect and shows it once', async () => {
    await withApp(flashApp(), async ({ url }) => {
      const jar = new CookieJar();
      const redirect = await jar.fetch(`${url}/flash`);
      assert.equal(redirect.status, 302);
      assert.equal(redirect.headers.get('location'), '/');
      assert.deepEqual(await (await jar.fetch(url)).json(), { messages: ['Flash is back!'] });
      assert.deepEqual(await (await jar.fetch(url)).json(), { messages: [] });
    });
  });

  it('formats messages and stores arrays, and req.flash() returns and clears them all', async () => {
    await withApp(flashApp(), async ({ url }) => {
      const jar = new CookieJar();
      await jar.fetch(`${url}/several`);
      assert.deepEqual(await (await jar.fetch(`${url}/all`)).json(), {
        info: ['Hello Ada, you have 3 messages'],
        error: ['first problem', 'second problem'],
      });
      assert.deepEqual(await (await jar.fetch(`${url}/all`)).json(), {});
    });
  });

  it('keeps the messages of one client from another', async () => {
    await withApp(flashApp(), async ({ url }) => {
      const writer = new CookieJar();
      await writer.fetch(`${url}/flash`);
      assert.deepEqual(await (await fetch(url)).json(), { messages: [] });
      assert.deepEqual(await (await writer.fetch(url)).json(), { messages: ['Flash is back!'] });
    });
  });
});
