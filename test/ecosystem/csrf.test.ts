import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import portico from '../../src/index';
import legacy from '../../src/legacy/index';
import { frameworkUnderTest, withApp, CookieJar, form } from './support/harness';

const express = frameworkUnderTest(portico);

/**
 * The csurf README's flow (csurf is deprecated; `portico/legacy` keeps its csrf middleware):
 * a session holds the secret, the form carries the token, unsafe requests are checked.
 */
function csrfApp() {
  const app = express();
  app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: true }));
  const csrfProtection = legacy.csrf() as unknown as RequestHandler;
  const parseForm = express.urlencoded({ extended: false });

  app.get('/form', csrfProtection, (req, res) => {
    res.send(`<form action="/process" method="POST"><input type="hidden" name="_csrf" value="${req.csrfToken()}"><button>Submit</button></form>`);
  });
  app.post('/process', parseForm, csrfProtection, (_req, res) => {
    res.send('data is being processed');
  });
  app.post('/api/items', express.json(), csrfProtection, (req, res) => {
    res.status(201).json(req.body);
  });
  app.use((err: { code?: string }, _req: Request, res: Response, next: NextFunction) => {
    if (err.code !== 'EBADCSRFTOKEN') return next(err);
    // handle CSRF token errors here
    res.status(403);
    res.send('form tampered with');
  });
  return app;
}

declare module 'express-serve-static-core' {
  interface Request {
    csrfToken(): string;
  }
}

/** Loads the form with the jar's session and returns the token it carries. */
async function tokenFrom(url: string, jar: CookieJar): Promise<string> {
  const html = await (await jar.fetch(`${url}/form`)).text();
  const token = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
  assert.ok(token, html);
  return token;
}

describe('csrf() with express-session', () => {
  it('accepts the form posted with the token it was rendered with', async () => {
    await withApp(csrfApp(), async ({ url }) => {
      const jar = new CookieJar();
      const token = await tokenFrom(url, jar);
      const res = await jar.fetch(`${url}/process`, form({ _csrf: token, note: 'hi' }));
      assert.equal(res.status, 200);
      assert.equal(await res.text(), 'data is being processed');
    });
  });

  it('rejects a post without a token with 403 EBADCSRFTOKEN', async () => {
    await withApp(csrfApp(), async ({ url }) => {
      const jar = new CookieJar();
      await tokenFrom(url, jar);
      const res = await jar.fetch(`${url}/process`, form({ note: 'hi' }));
      assert.equal(res.status, 403);
      assert.equal(await res.text(), 'form tampered with');
    });
  });

  it('rejects the token of another session', async () => {
    await withApp(csrfApp(), async ({ url }) => {
      const victim = new CookieJar();
      const attacker = new CookieJar();
      await tokenFrom(url, victim);
      const attackerToken = await tokenFrom(url, attacker);
      const res = await victim.fetch(`${url}/process`, form({ _csrf: attackerToken }));
      assert.equal(res.status, 403);
    });
  });

  it('accepts the token in the CSRF-Token header of a JSON request', async () => {
    await withApp(csrfApp(), async ({ url }) => {
      const jar = new CookieJar();
      const token = await tokenFrom(url, jar);
      const res = await jar.fetch(`${url}/api/items`, { method: 'POST', headers: { 'content-type': 'application/json', 'csrf-token': token }, body: '{"name":"x"}' });
      assert.equal(res.status, 201);
      assert.deepEqual(await res.json(), { name: 'x' });
      const without = await jar.fetch(`${url}/api/items`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"x"}' });
      assert.equal(without.status, 403);
    });
  });
});
