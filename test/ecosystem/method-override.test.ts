import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Express } from 'express';
import methodOverride from 'method-override';
import portico from '../../src/index';
import { frameworkUnderTest, withApp, form } from './support/harness';

const express = frameworkUnderTest(portico);

/** The method the client sent, which method-override keeps on the request. */
const originalMethod = (req: object) => (req as { originalMethod?: string }).originalMethod;

/** Routes that report the method they were reached with and the method the client sent. */
function withResourceRoutes(app: Express) {
  app.delete('/resource', (req, res) => {
    res.json({ route: 'DELETE', originalMethod: originalMethod(req), body: req.body ?? null });
  });
  app.put('/resource', (req, res) => {
    res.json({ route: 'PUT', originalMethod: originalMethod(req), body: req.body ?? null });
  });
  app.post('/resource', (req, res) => {
    res.json({ route: 'POST', originalMethod: originalMethod(req), body: req.body ?? null });
  });
  app.get('/resource', (req, res) => {
    res.json({ route: 'GET', originalMethod: originalMethod(req) });
  });
  return app;
}

describe("methodOverride('X-HTTP-Method-Override')", () => {
  function headerApp() {
    const app = express();
    app.use(methodOverride('X-HTTP-Method-Override'));
    return withResourceRoutes(app);
  }

  it('routes a POST with the header as the method it names, keeping req.originalMethod', async () => {
    await withApp(headerApp(), async ({ url }) => {
      const res = await fetch(`${url}/resource`, { method: 'POST', headers: { 'x-http-method-override': 'DELETE' } });
      assert.deepEqual(await res.json(), { route: 'DELETE', originalMethod: 'POST', body: null });
      assert.equal(res.headers.get('vary'), 'X-HTTP-Method-Override');
    });
  });

  it('does not override a GET (only POST is, by default)', async () => {
    await withApp(headerApp(), async ({ url }) => {
      const res = await fetch(`${url}/resource`, { headers: { 'x-http-method-override': 'DELETE' } });
      assert.deepEqual(await res.json(), { route: 'GET', originalMethod: 'GET' });
    });
  });

  it('ignores a method name that is not an HTTP method', async () => {
    await withApp(headerApp(), async ({ url }) => {
      const res = await fetch(`${url}/resource`, { method: 'POST', headers: { 'x-http-method-override': 'EXPLODE' } });
      assert.equal(((await res.json()) as { route: string }).route, 'POST');
    });
  });
});

describe("methodOverride('_method') from the query string", () => {
  it('routes a form POST to /resource?_method=PUT as PUT', async () => {
    const app = express();
    app.use(methodOverride('_method'));
    withResourceRoutes(app);
    await withApp(app, async ({ url }) => {
      const res = await fetch(`${url}/resource?_method=PUT`, { method: 'POST' });
      assert.deepEqual(await res.json(), { route: 'PUT', originalMethod: 'POST', body: null });
    });
  });
});

describe('methodOverride(getter) reading the urlencoded body', () => {
  it('routes by the _method field of an HTML form and removes it from req.body', async () => {
    const app = express();
    app.use(express.urlencoded({ extended: false }));
    app.use(
      methodOverride((req) => {
        if (req.body && typeof req.body === 'object' && '_method' in req.body) {
          // look in urlencoded POST bodies and delete it
          const method = req.body._method as string;
          delete req.body._method;
          return method;
        }
        return undefined as unknown as string;
      }),
    );
    withResourceRoutes(app);
    await withApp(app, async ({ url }) => {
      const res = await fetch(`${url}/resource`, form({ _method: 'DELETE', id: '42' }));
      assert.deepEqual(await res.json(), { route: 'DELETE', originalMethod: 'POST', body: { id: '42' } });
      const plain = await fetch(`${url}/resource`, form({ id: '43' }));
      assert.deepEqual(await plain.json(), { route: 'POST', originalMethod: 'POST', body: { id: '43' } });
    });
  });
});
