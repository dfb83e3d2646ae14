'use strict';
// Hono 4 on @hono/node-server, written as Hono apps are written: handlers returning Responses,
// app.route() for a sub-app, app.onError(), serveStatic from the Node adapter and hono/etag.

const { Hono } = require('hono');
const { etag } = require('hono/etag');
const { getCookie } = require('hono/cookie');
const { serve } = require('@hono/node-server');
const { serveStatic } = require('@hono/node-server/serve-static');
const common = require('./common.cjs');

/** Creates the app for one scenario. */
function createApp(scenario, app = new Hono()) {
  if (scenario === 'cold') {
    for (const part of common.COLD_START_PARTS) createApp(part, app);
    return app;
  }
  if (scenario === 'cold-large') {
    createApp('cold', app);
    buildLargeApp(app);
    return app;
  }

  switch (scenario) {
    case 'a':
      app.get('/hello', function hello(c) {
        return c.text(common.HELLO);
      });
      break;

    case 'b':
      app.get('/json', function json(c) {
        return c.json(common.SMALL_JSON);
      });
      break;

    case 'c':
    case 'c-1000':
    case 'c-10000':
      for (let i = 0; i < common.routeCount(scenario); i++) {
        app.get(common.routePattern(i), function route(c) {
          return c.text(common.routeBody(i, c.req.param('id')));
        });
      }
      break;

    case 'd':
      for (let i = 0; i < common.MIDDLEWARE_COUNT; i++) {
        app.use(async function noop(c, next) {
          await next();
        });
      }
      app.get('/hello', function hello(c) {
        return c.text(common.HELLO);
      });
      break;

    case 'e':
      app.post('/echo', async function echo(c) {
        return c.json(await c.req.json());
      });
      break;

    case 'f':
      app.post('/form', async function form(c) {
        const body = await c.req.parseBody();
        return c.json({ fields: Object.keys(body).length, name: body.name });
      });
      break;

    case 'g':
    case 'h':
      app.use('/static/*', serveStatic({ root: common.PUBLIC_DIR }));
      break;

    case 'k':
      // Hono's static middleware sends no ETag and answers no conditional request; hono/etag does.
      app.use('/static/*', etag());
      app.use('/static/*', serveStatic({ root: common.PUBLIC_DIR }));
      break;

    case 'i':
      buildRealisticApp(app);
      break;

    default:
      throw new Error(`unknown scenario ${scenario}`);
  }
  return app;
}

/** (i): cookies, JSON bodies, a sub-app of 50 routes under /api, an error handler. */
function buildRealisticApp(app) {
  const api = new Hono();
  for (let i = 0; i < common.API_RESOURCES; i++) {
    const resource = `items${i}`;
    api.get(`/${resource}/:id`, function show(c) {
      return c.json({ id: c.req.param('id'), resource, user: getCookie(c, 'sid') || null });
    });
    api.post(`/${resource}`, async function create(c) {
      const item = await c.req.json();
      if (typeof item.name !== 'string') {
        const err = new Error('name is required');
        err.status = 400;
        throw err;
      }
      return c.json({ created: true, resource, user: getCookie(c, 'sid') || null, item }, 201);
    });
  }
  app.route('/api', api);
  app.onError(function errorHandler(err, c) {
    return c.json({ error: err.message }, err.status || 500);
  });
}

/**
 * 'cold-large': hono/cookie's getCookie (Hono parses cookies where they are read), ejs views
 * rendered to c.html() (Hono has no view layer of its own for ejs), ten sub-apps by app.route().
 */
function buildLargeApp(app) {
  const ejs = require('ejs');
  const path = require('node:path');
  const viewFile = path.join(common.VIEWS_DIR, common.VIEW.name);
  for (let n = 0; n < common.LARGE_ROUTERS; n++) {
    const router = new Hono();
    router.get('/', async function page(c) {
      return c.html(await ejs.renderFile(viewFile, common.viewLocals(n, getCookie(c, 'sid'))));
    });
    for (let i = 1; i < common.ROUTER_ROUTES; i++) {
      router.get(`/item${i}/:id`, function item(c) {
        return c.json({ section: n, item: i, id: c.req.param('id') });
      });
    }
    app.route(`/section${n}`, router);
  }
}

/** Starts the scenario's app on 127.0.0.1:port; resolves with the http.Server once listening. */
function start(scenario, port) {
  const app = createApp(scenario);
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: common.HOST }, () => resolve(server));
    server.on('error', reject);
  });
}

module.exports = { createApp, start };
if (require.main === module) common.runFromCli(module.exports);
