'use strict';
// Koa 3 with @koa/router, koa-bodyparser and koa-static, written as Koa apps are written:
// async middleware, ctx.body, a try/catch middleware as the error handler.

const Koa = require('koa');
const { Router } = require('@koa/router');
const bodyParser = require('koa-bodyparser');
const serve = require('koa-static');
const common = require('./common.cjs');

/** Creates the app for one scenario. */
function createApp(scenario) {
  const app = new Koa();
  const router = new Router();

  switch (scenario) {
    case 'a':
      router.get('/hello', function hello(ctx) {
        ctx.body = common.HELLO;
      });
      break;

    case 'b':
      router.get('/json', function json(ctx) {
        ctx.body = common.SMALL_JSON;
      });
      break;

    case 'c':
    case 'c-1000':
    case 'c-10000':
      for (let i = 0; i < common.routeCount(scenario); i++) {
        router.get(common.routePattern(i), function route(ctx) {
          ctx.body = common.routeBody(i, ctx.params.id);
        });
      }
      break;

    case 'd':
      for (let i = 0; i < common.MIDDLEWARE_COUNT; i++) {
        app.use(function noop(ctx, next) {
          return next();
        });
      }
      router.get('/hello', function hello(ctx) {
        ctx.body = common.HELLO;
      });
      break;

    case 'e':
      app.use(bodyParser({ enableTypes: ['json'] }));
      router.post('/echo', function echo(ctx) {
        ctx.body = ctx.request.body;
      });
      break;

    case 'f':
      app.use(bodyParser({ enableTypes: ['form'] }));
      router.post('/form', function form(ctx) {
        const body = ctx.request.body;
        ctx.body = { fields: Object.keys(body).length, name: body.name };
      });
      break;

    case 'g':
    case 'h':
    case 'k':
      // koa-send sets Last-Modified but answers no conditional request itself; this is what
      // koa-conditional-get does, inlined because the package is not installed.
      app.use(async function conditionalGet(ctx, next) {
        await next();
        if (ctx.fresh) {
          ctx.status = 304;
          ctx.body = null;
        }
      });
      // The fixtures sit under <public>/static, so /static/<file> maps onto them.
      app.use(serve(common.PUBLIC_DIR));
      return app;

    case 'i':
      return buildRealisticApp(app);

    default:
      throw new Error(`unknown scenario ${scenario}`);
  }
  app.use(router.routes()).use(router.allowedMethods());
  return app;
}

/** (i): cookies (Koa's own ctx.cookies), JSON bodies, a router of 50 routes under /api, an error handler. */
function buildRealisticApp(app) {
  app.use(async function errorHandler(ctx, next) {
    try {
      await next();
    } catch (err) {
      ctx.status = err.status || 500;
      ctx.body = { error: err.message };
    }
  });
  app.use(bodyParser({ enableTypes: ['json'] }));

  const api = new Router({ prefix: '/api' });
  for (let i = 0; i < common.API_RESOURCES; i++) {
    const resource = `items${i}`;
    api.get(`/${resource}/:id`, function show(ctx) {
      ctx.body = { id: ctx.params.id, resource, user: ctx.cookies.get('sid') || null };
    });
    api.post(`/${resource}`, function create(ctx) {
      const item = ctx.request.body;
      if (typeof item.name !== 'string') ctx.throw(400, 'name is required');
      ctx.status = 201;
      ctx.body = { created: true, resource, user: ctx.cookies.get('sid') || null, item };
    });
  }
  app.use(api.routes()).use(api.allowedMethods());
  return app;
}

/** Starts the scenario's app on 127.0.0.1:port; resolves with the http.Server once listening. */
function start(scenario, port) {
  const app = createApp(scenario);
  return new Promise((resolve, reject) => {
    const server = app.listen(port, common.HOST, () => resolve(server));
    server.on('error', reject);
  });
}

module.exports = { createApp, start };
if (require.main === module) common.runFromCli(module.exports);
