import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import portico from '../../src/index';
import { frameworkUnderTest, withApp } from './support/harness';
import { viewsOf, pageData, renderingApp, renderErrorHandler } from './support/views';

const express = frameworkUnderTest(portico);

/** pug as its README sets it up for Express, with view caching on as in production. */
function pugApp(cache = false) {
  const app = renderingApp(express, (a) => {
    a.set('view engine', 'pug');
    a.set('views', viewsOf('pug'));
    a.set('view cache', cache);
  });
  app.get('/', (_req, res) => {
    res.render('index', pageData);
  });
  app.get('/broken', (_req, res) => {
    res.render('broken');
  });
  app.use(renderErrorHandler);
  return app;
}

const expectedPage =
  '<!DOCTYPE html><html><head><title>Users &amp; friends - Portico</title></head><body><h1>Users &amp; friends</h1><ul><li class="user">Ada &lt;admin&gt;</li><li class="user">Grace</li></ul><footer>Signed in as ada</footer></body></html>';

describe("pug with app.set('view engine', 'pug')", () => {
  it('renders a page extending a layout, with a mixin, escaped output and both kinds of locals', async () => {
    await withApp(pugApp(), async ({ url }) => {
      const res = await fetch(url);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8');
      assert.equal(await res.text(), expectedPage);
    });
  });

  it('renders the same page from the cache on repeated requests with view cache on', async () => {
    await withApp(pugApp(true), async ({ url }) => {
      for (let i = 0; i < 3; i++) assert.equal(await (await fetch(url)).text(), expectedPage);
    });
  });

  it('passes a template error to the error handler', async () => {
    await withApp(pugApp(), async ({ url }) => {
      const res = await fetch(`${url}/broken`);
      assert.equal(res.status, 500);
      assert.equal(await res.text(), "TypeError: Cannot read properties of undefined (reading 'name')");
    });
  });
});
