import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { engine, create } from 'express-handlebars';
import portico from '../../src/index';
import { frameworkUnderTest, withApp } from './support/harness';
import { viewsOf, pageData, renderingApp, renderErrorHandler } from './support/views';

const express = frameworkUnderTest(portico);

const helpers = { shout: (text: string) => `${text.toUpperCase()}!` };

/** The README's setup: `app.engine('handlebars', engine())`, layouts/ and partials/ beside the views. */
function handlebarsApp() {
  const app = renderingApp(express, (a) => {
    a.engine('handlebars', engine({ helpers }));
    a.set('view engine', 'handlebars');
    a.set('views', viewsOf('handlebars'));
  });
  app.get('/', (_req, res) => {
    res.render('home', pageData);
  });
  app.get('/plain', (_req, res) => {
    res.render('home', { ...pageData, layout: 'plain' });
  });
  app.get('/bare', (_req, res) => {
    res.render('home', { ...pageData, layout: false });
  });
  app.get('/missing', (_req, res) => {
    res.render('absent');
  });
  app.use(renderErrorHandler);
  return app;
}

// express-handlebars trims the rendered view and the page around it.
const body = '<h1>Users &amp; friends</h1>\n<ul>\n  <li>Ada &lt;admin&gt;</li>\n  <li>Grace</li>\n</ul>\n<p>USERS &amp; FRIENDS!</p>';

describe("express-handlebars: app.engine('handlebars', engine())", () => {
  it('renders a view in layouts/main with partials, a helper, escaped output and both kinds of locals', async () => {
    await withApp(handlebarsApp(), async ({ url }) => {
      const res = await fetch(url);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8');
      assert.equal(await res.text(), `<!doctype html><title>Users &amp; friends - Portico</title>\n${body}\n<footer>Signed in as ada</footer>`);
    });
  });

  it('uses the layout a render names, or none with layout: false', async () => {
    await withApp(handlebarsApp(), async ({ url }) => {
      assert.equal(await (await fetch(`${url}/plain`)).text(), `<main class="plain">${body}</main>`);
      assert.equal(await (await fetch(`${url}/bare`)).text(), body);
    });
  });

  it('passes a missing view to the error handler', async () => {
    await withApp(handlebarsApp(), async ({ url }) => {
      const res = await fetch(`${url}/missing`);
      assert.equal(res.status, 500);
      assert.match(await res.text(), /^Error: Failed to lookup view "absent" in views directory/);
    });
  });
});

describe('express-handlebars: create(options) as an instance', () => {
  it('renders through the instance engine with its default layout', async () => {
    const hbs = create({ defaultLayout: 'plain', helpers });
    const app = renderingApp(express, (a) => {
      a.engine('.handlebars', hbs.engine);
      a.set('view engine', '.handlebars');
      a.set('views', viewsOf('handlebars'));
    });
    app.get('/', (_req, res) => {
      res.render('home', pageData);
    });
    await withApp(app, async ({ url }) => {
      assert.equal(await (await fetch(url)).text(), `<main class="plain">${body}</main>`);
    });
  });
});
