'use strict';
// Polka 0.5 with sirv for static files and body-parser's json/urlencoded, written as Polka's
// README writes apps: Express-style middleware over the raw ServerResponse. The cold-start apps
// ('cold', 'cold-large') take Polka's own @polka/parse instead, as its documentation writes a whole
// app; body-parser is then never loaded.

const polka = require('polka');
const sirv = require('sirv');
const common = require('./common.cjs');

/** Polka has no res.json; this is what @polka/send-type does for the types used here. */
function send(res, status, data) {
  const isText = typeof data === 'string';
  const body = isText ? data : JSON.stringify(data);
  res.writeHead(status, {
    'Content-Type': isText ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

/** Polka's error handler: the status the error carries, a JSON message. */
function onError(err, req, res) {
  send(res, err.status || err.code || 500, { error: err.message || 'Error' });
}

/**
 * Creates the app for one scenario. `sirvOptions` are added to sirv's: `{ dev: true }` makes it
 * stat the file on every request (the polka-dev server), where its default serves a snapshot of the
 * directory taken at start-up.
 */
function createApp(scenario, sirvOptions = {}, app = polka({ onError }), parsers = null) {
  if (scenario === 'cold') {
    // The cold apps are whole apps as Polka's documentation writes them: its own body parser.
    for (const part of common.COLD_START_PARTS) createApp(part, sirvOptions, app, require('@polka/parse'));
    return app;
  }
  if (scenario === 'cold-large') {
    createApp('cold', sirvOptions, app);
    buildLargeApp(app);
    return app;
  }

  switch (scenario) {
    case 'a':
      app.get('/hello', function hello(req, res) {
        send(res, 200, common.HELLO);
      });
      break;

    case 'b':
      app.get('/json', function json(req, res) {
        send(res, 200, common.SMALL_JSON);
      });
      break;

    case 'c':
    case 'c-1000':
    case 'c-10000':
      for (let i = 0; i < common.routeCount(scenario); i++) {
        app.get(common.routePattern(i), function route(req, res) {
          send(res, 200, common.routeBody(i, req.params.id));
        });
      }
      break;

    case 'd':
      for (let i = 0; i < common.MIDDLEWARE_COUNT; i++) {
        app.use(function noop(req, res, next) {
          next();
        });
      }
      app.get('/hello', function hello(req, res) {
        send(res, 200, common.HELLO);
      });
      break;

    case 'e':
      app.use((parsers || require('body-parser')).json());
      app.post('/echo', function echo(req, res) {
        send(res, 200, req.body);
      });
      break;

    case 'f':
      app.use(parsers ? parsers.urlencoded() : require('body-parser').urlencoded({ extended: true }));
      app.post('/form', function form(req, res) {
        send(res, 200, { fields: Object.keys(req.body).length, name: req.body.name });
      });
      break;

    case 'g':
    case 'h':
    case 'k':
      app.use('/static', sirv(common.STATIC_DIR, { etag: true, ...sirvOptions }));
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
  // Required here: the cold-start apps do not load what they do not use.
  const cookie = require('cookie');
  app.use(function cookieParser(req, res, next) {
    const header = req.headers.cookie;
    req.cookies = header ? cookie.parse(header) : {};
    next();
  });
  app.use(require('body-parser').json());

  const api = polka({ onError });
  for (let i = 0; i < common.API_RESOURCES; i++) {
    const resource = `items${i}`;
    api.get(`/${resource}/:id`, function show(req, res) {
      send(res, 200, { id: req.params.id, resource, user: req.cookies.sid || null });
    });
    api.post(`/${resource}`, function create(req, res, next) {
      if (typeof req.body.name !== 'string') {
        const err = new Error('name is required');
        err.status = 400;
        return next(err);
      }
      send(res, 201, { created: true, resource, user: req.cookies.sid || null, item: req.body });
    });
  }
  app.use('/api', api);
}

/** 'cold-large': cookie-parser, ejs views rendered by a helper (Polka has no view layer), ten sub-apps. */
function buildLargeApp(app) {
  const ejs = require('ejs');
  const cookieParser = require('cookie-parser');
  const path = require('node:path');
  function render(res, view, locals) {
    ejs.renderFile(path.join(common.VIEWS_DIR, `${view}.ejs`), locals, function rendered(err, html) {
      if (err) return onError(err, null, res);
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(html) });
      res.end(html);
    });
  }
  app.use(cookieParser());
  for (let n = 0; n < common.LARGE_ROUTERS; n++) {
    const router = polka({ onError });
    router.get('/', function page(req, res) {
      render(res, 'page', common.viewLocals(n, req.cookies.sid));
    });
    for (let i = 1; i < common.ROUTER_ROUTES; i++) {
      router.get(`/item${i}/:id`, function item(req, res) {
        send(res, 200, { section: n, item: i, id: req.params.id });
      });
    }
    app.use(`/section${n}`, router);
  }
}

/** Starts the scenario's app on 127.0.0.1:port; resolves with the http.Server once listening. */
function start(scenario, port, sirvOptions) {
  const app = createApp(scenario, sirvOptions);
  return new Promise((resolve, reject) => {
    app.listen(port, common.HOST, () => resolve(app.server));
    app.server.on('error', reject);
  });
}

module.exports = { createApp, start };
if (require.main === module) common.runFromCli(module.exports);
