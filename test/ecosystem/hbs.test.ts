import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import hbs from 'hbs';
import portico from '../../src/index';
import { frameworkUnderTest, withApp } from './support/harness';
import { viewsOf, pageData, renderingApp, renderErrorHandler } from './support/views';

const express = frameworkUnderTest(portico);

before(async () => {
  // hbs reads the partials directory asynchronously; the callback says when they are registered.
  await new Promise<void>((resolve, reject) => hbs.registerPartials(join(viewsOf('hbs'), 'partials'), (err?: unknown) => (err ? reject(err) : resolve())));
  hbs.registerHelper('shout', (text: string) => `${text.toUpperCase()}!`);
});

/** hbs as its README sets it up: the `view engine` setting, layout.hbs as the default layout. */
function hbsApp() {
  const app = renderingApp(express, (a) => {
    a.set('view engine', 'hbs');
    a.set('views', viewsOf('hbs'));
  });
  app.get('/', (_req, res) => {
    res.render('index', pageData);
  });
  app.get('/other-layout', (_req, res) => {
    res.render('index', { ...pageData, layout: 'other-layout' });
  });
  app.get('/no-layout', (_req, res) => {
    res.render('index', { ...pageData, layout: false });
  });
  app.use(renderErrorHandler);
  return app;
}

const body = '<h1>Users &amp; friends</h1>\n<ul>\n  <li>Ada &lt;admin&gt;</li>\n  <li>Grace</li>\n</ul>\n<p>USERS &amp; FRIENDS!</p>\n';

describe("hbs with app.set('view engine', 'hbs')", () => {
  it('renders a view inside layout.hbs with partials, a helper, escaped output and both kinds of locals', async () => {
    await withApp(hbsApp(), async ({ url }) => {
      const res = await fetch(url);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8');
      assert.equal(await res.text(), `<!doctype html><title>Users &amp; friends - Portico</title>\n${body}\n<footer>Signed in as ada</footer>\n`);
    });
  });

  it('uses the layout a render names, or none with layout: false', async () => {
    await withApp(hbsApp(), async ({ url }) => {
      assert.equal(await (await fetch(`${url}/other-layout`)).text(), `<main class="other">${body}</main>\n`);
      assert.equal(await (await fetch(`${url}/no-layout`)).text(), body);
    });
  });
});
