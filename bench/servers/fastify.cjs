'use strict';
// Fastify 5, written as Fastify's documentation writes apps: hooks for middleware, plugins with a
// prefix for sub-routers, and response schemas where the shape is known (its fast serializer).

const fastify = require('fastify');
const fastifyStatic = require('@fastify/static');
const fastifyFormbody = require('@fastify/formbody');
const common = require('./common.cjs');

const smallJsonSchema = {
  response: {
    200: {
      type: 'object',
      properties: {
        message: { type: 'string' },
        id: { type: 'integer' },
        ok: { type: 'boolean' },
        tags: { type: 'array', items: { type: 'string' } },
      },
    },
  },
};

const showSchema = {
  response: {
    200: {
      type: 'object',
      properties: { id: { type: 'string' }, resource: { type: 'string' }, user: { type: ['string', 'null'] } },
    },
  },
};

/** Creates the app for one scenario (`options` go to fastify(), e.g. `{ http2: true }` for bench/servers/http2.cjs). */
function createApp(scenario, options = {}, app = fastify({ logger: false, ...options })) {
  if (scenario === 'cold') {
    for (const part of common.COLD_START_PARTS) createApp(part, options, app);
    return app;
  }
  if (scenario === 'cold-large') {
    createApp('cold', options, app);
    buildLargeApp(app);
    return app;
  }

  switch (scenario) {
    case 'a':
      app.get('/hello', function hello(request, reply) {
        reply.send(common.HELLO);
      });
      break;

    case 'b':
      app.get('/json', { schema: smallJsonSchema }, function json(request, reply) {
        reply.send(common.SMALL_JSON);
      });
      break;

    case 'c':
    case 'c-1000':
    case 'c-10000':
      for (let i = 0; i < common.routeCount(scenario); i++) {
        app.get(common.routePattern(i), function route(request, reply) {
          reply.send(common.routeBody(i, request.params.id));
        });
      }
      break;

    case 'd':
      for (let i = 0; i < common.MIDDLEWARE_COUNT; i++) {
        app.addHook('onRequest', function noop(request, reply, done) {
          done();
        });
      }
      app.get('/hello', function hello(request, reply) {
        reply.send(common.HELLO);
      });
      break;

    case 'e':
      app.post('/echo', function echo(request, reply) {
        reply.send(request.body);
      });
      break;

    case 'f':
      app.register(fastifyFormbody);
      app.post('/form', function form(request, reply) {
        reply.send({ fields: Object.keys(request.body).length, name: request.body.name });
      });
      break;

    case 'g':
    case 'h':
    case 'k':
      app.register(fastifyStatic, { root: common.STATIC_DIR, prefix: '/static/' });
      break;

    case 'i':
      buildRealisticApp(app);
      break;

    default:
      throw new Error(`unknown scenario ${scenario}`);
  }
  return app;
}

/** (i): cookies, JSON bodies, a plugin of 50 routes under /api, an error handler. */
function buildRealisticApp(app) {
  // Required here: the cold-start apps do not load what they do not use.
  const cookie = require('cookie');
  // What @fastify/cookie does, without the package: parse once per request in a hook.
  app.decorateRequest('cookies', null);
  app.addHook('onRequest', function parseCookies(request, reply, done) {
    const header = request.headers.cookie;
    request.cookies = header ? cookie.parse(header) : {};
    done();
  });

  app.register(
    function api(instance, options, done) {
      for (let i = 0; i < common.API_RESOURCES; i++) {
        const resource = `items${i}`;
        instance.get(`/${resource}/:id`, { schema: showSchema }, function show(request, reply) {
          reply.send({ id: request.params.id, resource, user: request.cookies.sid || null });
        });
        instance.post(`/${resource}`, function create(request, reply) {
          if (!request.body || typeof request.body.name !== 'string') {
            const err = new Error('name is required');
            err.statusCode = 400;
            throw err;
          }
          reply.code(201).send({ created: true, resource, user: request.cookies.sid || null, item: request.body });
        });
      }
      done();
    },
    { prefix: '/api' },
  );

  app.setErrorHandler(function errorHandler(err, request, reply) {
    reply.code(err.statusCode || 500).send({ error: err.message });
  });
}

/** 'cold-large': @fastify/cookie, @fastify/view with ejs, ten plugins with a prefix. */
function buildLargeApp(app) {
  app.register(require('@fastify/cookie'));
  app.register(require('@fastify/view'), { engine: { ejs: require('ejs') }, root: common.VIEWS_DIR });
  for (let n = 0; n < common.LARGE_ROUTERS; n++) {
    app.register(
      function section(instance, options, done) {
        instance.get('/', function page(request, reply) {
          return reply.view(common.VIEW.name, common.viewLocals(n, request.cookies.sid));
        });
        for (let i = 1; i < common.ROUTER_ROUTES; i++) {
          instance.get(`/item${i}/:id`, function item(request, reply) {
            reply.send({ section: n, item: i, id: request.params.id });
          });
        }
        done();
      },
      { prefix: `/section${n}` },
    );
  }
}

/** Starts the scenario's app on 127.0.0.1:port; resolves once listening. */
async function start(scenario, port) {
  const app = createApp(scenario);
  await app.listen({ port, host: common.HOST });
  return app;
}

module.exports = { createApp, start };
if (require.main === module) common.runFromCli(module.exports);
