import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import portico from '../../src/index';
import { frameworkUnderTest, withApp } from './support/harness';
import { viewsOf, pageData, renderingApp, renderErrorHandler } from './support/views';

const express = frameworkUnderTest(portico);

/** ejs as its README sets it up for Express: only the `view engine` setting. */
function ejsApp() {
  const app = renderingApp(express, (a) => {
    a.set('view engine', 'ejs');
    a.set('views', viewsOf('ejs'));
  });
  app.get('/', (_req, res) => {
    res.render('index', pageData);
  });
  app.get('/broken', (_req, res) => {
    res.render('broken');
  });
  app.get('/missing', (_req, res) => {
    res.render('nope');
  });
  app.get('/email', (_req, res, next) => {
    // Rendering to a string (an email body, say) through the app, without sending it.
    app.render('email', { name: 'Ada', code: 42 }, (err, text) => {
      if (err) return next(err);
      res.type('text/plain').send(text);
    });
  });
  app.use(renderErrorHandler);
  return app;
}

describe("ejs with app.set('view engine', 'ejs')", () => {
  it('renders a page with includes, escaped output, app.locals and res.locals', async () => {
    await withApp(ejsApp(), async ({ url }) => {
      const res = await fetch(url);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8');
      assert.equal(
        await res.text(),
        '<!doctype html><title>Users &amp; friends - Portico</title>\n<h1>Users &amp; friends</h1>\n\n<ul>\n  <li>Ada &lt;admin&gt;</li>\n  <li>Grace</li>\n</ul>\n<footer>Signed in as ada</footer>\n\n',
      );
    });
  });

  it('renders a view to a string with app.render', async () => {
    await withApp(ejsApp(), async ({ url }) => {
      assert.equal(await (await fetch(`${url}/email`)).text(), 'Hello Ada, your code is 42.\n');
    });
  });

  it('passes a template error to the error handler', async () => {
    await withApp(ejsApp(), async ({ url }) => {
      const res = await fetch(`${url}/broken`);
      assert.equal(res.status, 500);
      assert.equal(await res.text(), 'ReferenceError: notDefined is not defined');
    });
  });

  it('passes a missing view to the error handler with the lookup message', async () => {
    await withApp(ejsApp(), async ({ url }) => {
      const res = await fetch(`${url}/missing`);
      assert.equal(res.status, 500);
      assert.equal(await res.text(), `Error: Failed to lookup view "nope" in views directory "${viewsOf('ejs')}"`);
    });
  });
});
