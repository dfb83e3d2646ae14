'use strict';
// The Express 4 server code, written as one writes an Express app. express4.cjs, express5.cjs
// and portico.cjs all run exactly this code; only the `require` that supplies `express` differs,
// so the comparison measures the framework and not a special API.

const common = require('./common.cjs');

/** Builds the benchmark server module around an Express-compatible framework function. */
function build(express) {
  function newApp() {
    const app = express();
    app.disable('x-powered-by');
    return app;
  }

  /** Creates the app for one scenario (or adds the scenario's routes to `app`). */
  function createApp(scenario, app = newApp()) {
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
        app.get('/hello', function hello(req, res) {
          res.send(common.HELLO);
        });
        break;

      case 'b':
        app.get('/json', function json(req, res) {
          res.json(common.SMALL_JSON);
        });
        break;

      case 'c':
      case 'c-1000':
      case 'c-10000':
        for (let i = 0; i < common.routeCount(scenario); i++) {
          app.get(common.routePattern(i), function route(req, res) {
            res.send(common.routeBody(i, req.params.id));
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
          res.send(common.HELLO);
        });
        break;

      case 'e':
        app.use(express.json());
        app.post('/echo', function echo(req, res) {
          res.json(req.body);
        });
        break;

      case 'f':
        app.use(express.urlencoded({ extended: true }));
        app.post('/form', function form(req, res) {
          res.json({ fields: Object.keys(req.body).length, name: req.body.name });
        });
        break;

      case 'g':
      case 'h':
      case 'k':
        app.use('/static', express.static(common.STATIC_DIR));
        break;

      case 'i':
        buildRealisticApp(app);
        break;

      default:
        throw new Error(`unknown scenario ${scenario}`);
    }
    return app;
  }

  /** (i): cookies, JSON bodies, a router of 50 routes under /api, an error handler. */
  function buildRealisticApp(app) {
    // Required here, as the peers' servers do: the cold-start apps do not load what they do not use.
    const cookie = require('cookie');
    app.use(function cookieParser(req, res, next) {
      const header = req.headers.cookie;
      req.cookies = header ? cookie.parse(header) : {};
      next();
    });
    app.use(express.json());

    const api = express.Router();
    for (let i = 0; i < common.API_RESOURCES; i++) {
      const resource = `items${i}`;
      api.get(`/${resource}/:id`, function show(req, res) {
        res.json({ id: req.params.id, resource, user: req.cookies.sid || null });
      });
      api.post(`/${resource}`, function create(req, res) {
        if (typeof req.body.name !== 'string') {
          const err = new Error('name is required');
          err.status = 400;
          throw err;
        }
        res.status(201).json({ created: true, resource, user: req.cookies.sid || null, item: req.body });
      });
    }
    app.use('/api', api);

    app.use(function errorHandler(err, req, res, _next) {
      res.status(err.status || 500).json({ error: err.message });
    });
  }

  /** 'cold-large': cookie-parser, ejs views by name, ten routers of ten routes each. */
  function buildLargeApp(app) {
    app.set('views', common.VIEWS_DIR);
    app.set('view engine', 'ejs');
    app.use(require('cookie-parser')());
    for (let n = 0; n < common.LARGE_ROUTERS; n++) {
      const router = express.Router();
      router.get('/', function page(req, res) {
        res.render('page', common.viewLocals(n, req.cookies.sid));
      });
      for (let i = 1; i < common.ROUTER_ROUTES; i++) {
        router.get(`/item${i}/:id`, function item(req, res) {
          res.json({ section: n, item: i, id: req.params.id });
        });
      }
      app.use(`/section${n}`, router);
    }
  }

  /** Starts the scenario's app on 127.0.0.1:port; resolves with the http.Server once listening. */
  function start(scenario, port) {
    const app = createApp(scenario);
    return new Promise((resolve, reject) => {
      const server = app.listen(port, common.HOST, () => resolve(server));
      server.on('error', reject);
    });
  }

  return { createApp, start };
}

module.exports = { build };
