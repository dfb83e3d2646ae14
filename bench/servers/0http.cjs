'use strict';
// 0http 5 with its default sequential router and its default request scheduling (each request
// handled in setImmediate, `prioRequestsProcessing`), written as its README writes apps: handlers
// over node's own ServerResponse. It has no res.json and ships no body parser, so it serves the
// routing scenarios only (a, b, c, d); see `scenarios` in lib/frameworks.mjs.

const zero = require('0http');
const common = require('./common.cjs');

/** What a framework's res.json / res.send does for the types used here, with node's own response. */
function send(res, data) {
  const isText = typeof data === 'string';
  const body = isText ? data : JSON.stringify(data);
  res.setHeader('Content-Type', isText ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

/** Creates the router and server for one scenario; `config` is added to 0http's (see 0http-direct.cjs). */
function createApp(scenario, config = {}) {
  const { router, server } = zero(config);
  switch (scenario) {
    case 'a':
      router.get('/hello', function hello(req, res) {
        send(res, common.HELLO);
      });
      break;

    case 'b':
      router.get('/json', function json(req, res) {
        send(res, common.SMALL_JSON);
      });
      break;

    case 'c':
    case 'c-1000':
      for (let i = 0; i < common.routeCount(scenario); i++) {
        router.get(common.routePattern(i), function route(req, res) {
          send(res, common.routeBody(i, req.params.id));
        });
      }
      break;

    case 'd':
      for (let i = 0; i < common.MIDDLEWARE_COUNT; i++) {
        router.use(function noop(req, res, next) {
          next();
        });
      }
      router.get('/hello', function hello(req, res) {
        send(res, common.HELLO);
      });
      break;

    default:
      throw new Error(`unknown scenario ${scenario}`);
  }
  return server;
}

/** Starts the scenario's app on 127.0.0.1:port; resolves with the http.Server once listening. */
function start(scenario, port, config) {
  const server = createApp(scenario, config);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, common.HOST, () => resolve(server));
  });
}

module.exports = { createApp, start };
if (require.main === module) common.runFromCli(module.exports);
