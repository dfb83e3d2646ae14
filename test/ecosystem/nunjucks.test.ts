import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import nunjucks from 'nunjucks';
import portico from '../../src/index';
import { frameworkUnderTest, withApp } from './support/harness';
import { viewsOf, pageData, renderingApp, renderErrorHandler } from './support/views';

const express = frameworkUnderTest(portico);

/** nunjucks as its docs set it up: `configure(views, { express: app })`, which installs its own View class. */
function nunjucksApp() {
  const app = renderingApp(express, (a) => {
    nunjucks.configure(viewsOf('nunjucks'), { autoescape: true, express: a });
    a.set('view engine', 'njk');
  });
  app.get('/', (_req, res) => {
    res.render('index.html', pageData);
  });
  app.get('/page', (_req, res) => {
    res.render('page', { title: 'By default engine' });
  });
  app.get('/broken', (_req, res) => {
    res.render('broken.html');
  });
  app.use(renderErrorHandler);
  return app;
}

describe('nunjucks.configure(path, { express: app })', () => {
  it("replaces the app's view setting with its own View class", () => {
    const app = nunjucksApp();
    const View = app.get('view') as { name?: string };
    assert.equal(typeof View, 'function');
    assert.equal(View.name, 'NunjucksView');
  });

  it('renders a template extending a layout, autoescaped, with app.locals and res.locals', async () => {
    await withApp(nunjucksApp(), async ({ url }) => {
      const res = await fetch(url);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8');
      assert.equal(
        await res.text(),
        '<!doctype html><title>Users &amp; friends - Portico</title>\n<h1>Users &amp; friends</h1>\n<ul>\n  <li>Ada &lt;admin&gt;</li>\n  <li>Grace</li>\n</ul>\n<p>USERS &amp; FRIENDS</p>\n<footer>Signed in as ada</footer>\n',
      );
    });
  });

  it("adds the 'view engine' extension to a name without one", async () => {
    await withApp(nunjucksApp(), async ({ url }) => {
      assert.equal(await (await fetch(`${url}/page`)).text(), '<p>By default engine (Portico)</p>\n');
    });
  });

  it('passes a template syntax error to the error handler', async () => {
    await withApp(nunjucksApp(), async ({ url }) => {
      const res = await fetch(`${url}/broken`);
      assert.equal(res.status, 500);
      assert.match(await res.text(), /^Template render error: unexpected token: %}$/);
    });
  });
});
