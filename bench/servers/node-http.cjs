'use strict';
// Raw node:http: the limit the frameworks are measured against. Hand-written the way one writes a
// small server without a framework: a Map for routes, Buffer.concat for bodies, fs streams for
// files. It still does each scenario's real work (parse, stringify, stat) on every request.

const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');
const querystring = require('node:querystring');
const common = require('./common.cjs');

const TEXT = 'text/plain; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';

/** Ends the response with a string body and its length. */
function send(res, status, type, body) {
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/** Sends a value as JSON. */
function sendJson(res, status, value) {
  send(res, status, JSON_TYPE, JSON.stringify(value));
}

/** Answers 404 for anything a scenario does not serve. */
function notFound(res) {
  send(res, 404, TEXT, 'Not Found');
}

/** Reads the whole request body, then calls back with it as a string. */
function readBody(req, callback) {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => callback(Buffer.concat(chunks).toString('utf8')));
}

/** The path part of the request URL. */
function pathOf(req) {
  const q = req.url.indexOf('?');
  return q === -1 ? req.url : req.url.slice(0, q);
}

/** Creates the request listener for one scenario. */
function createHandler(scenario) {
  switch (scenario) {
    case 'a':
    case 'd': {
      const hello = (req, res) => {
        if (req.method === 'GET' && pathOf(req) === '/hello') send(res, 200, TEXT, common.HELLO);
        else notFound(res);
      };
      if (scenario === 'a') return hello;
      const middleware = [];
      for (let i = 0; i < common.MIDDLEWARE_COUNT; i++) middleware.push((req, res, next) => next());
      return function withMiddleware(req, res) {
        let index = 0;
        const next = () => (index < middleware.length ? middleware[index++](req, res, next) : hello(req, res));
        next();
      };
    }

    case 'b':
      return (req, res) => {
        if (req.method === 'GET' && pathOf(req) === '/json') sendJson(res, 200, common.SMALL_JSON);
        else notFound(res);
      };

    case 'c':
    case 'c-1000':
    case 'c-10000': {
      const routes = new Map();
      for (let i = 0; i < common.routeCount(scenario); i++) routes.set(`/route${i}`, i);
      return (req, res) => {
        const p = pathOf(req);
        const slash = p.indexOf('/', 1);
        const i = slash === -1 ? undefined : routes.get(p.slice(0, slash));
        const id = slash === -1 ? '' : p.slice(slash + 1);
        if (req.method !== 'GET' || i === undefined || id === '' || id.includes('/')) return notFound(res);
        send(res, 200, TEXT, common.routeBody(i, decodeURIComponent(id)));
      };
    }

    case 'e':
      return (req, res) => {
        if (req.method !== 'POST' || pathOf(req) !== '/echo') return notFound(res);
        readBody(req, (text) => {
          try {
            sendJson(res, 200, JSON.parse(text));
          } catch {
            send(res, 400, TEXT, 'Bad Request');
          }
        });
      };

    case 'f':
      return (req, res) => {
        if (req.method !== 'POST' || pathOf(req) !== '/form') return notFound(res);
        readBody(req, (text) => {
          const body = querystring.parse(text);
          sendJson(res, 200, { fields: Object.keys(body).length, name: body.name });
        });
      };

    case 'g':
    case 'h':
    case 'k':
      return serveStatic;

    case 'i':
      return realisticApp;

    case 'cold':
    case 'cold-large':
      return coldStartApp();

    default:
      throw new Error(`unknown scenario ${scenario}`);
  }
}

/** The cold-start app: the listeners of its parts, each answering the paths it serves. */
function coldStartApp() {
  const routes = createHandler('c');
  const echo = createHandler('e');
  const form = createHandler('f');
  const hello = createHandler('a');
  return function coldStart(req, res) {
    const p = pathOf(req);
    if (p.startsWith('/static/')) return serveStatic(req, res);
    if (p === '/echo') return echo(req, res);
    if (p === '/form') return form(req, res);
    if (p === '/hello') return hello(req, res);
    routes(req, res);
  };
}

/** Serves /static/<name> from the fixtures with a weak ETag and answers If-None-Match with 304. */
function serveStatic(req, res) {
  const p = pathOf(req);
  if (req.method !== 'GET' || !p.startsWith('/static/') || p.includes('..')) return notFound(res);
  const file = path.join(common.STATIC_DIR, decodeURIComponent(p.slice('/static/'.length)));
  fs.stat(file, (err, stats) => {
    if (err || !stats.isFile()) return notFound(res);
    const etag = `W/"${stats.size.toString(16)}-${stats.mtimeMs.toString(16)}"`;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { ETag: etag });
      return res.end();
    }
    res.writeHead(200, {
      'Content-Type': TEXT,
      'Content-Length': stats.size,
      ETag: etag,
      'Last-Modified': stats.mtime.toUTCString(),
    });
    fs.createReadStream(file).pipe(res);
  });
}

const apiRoutes = new Map();
for (let i = 0; i < common.API_RESOURCES; i++) apiRoutes.set(`/api/items${i}`, `items${i}`);

// Required on first use: the cold-start app does not load what it does not use.
let cookie;

/** (i): cookies, JSON bodies, 50 routes under /api, an error handler, JSON responses. */
function realisticApp(req, res) {
  cookie ??= require('cookie');
  try {
    const header = req.headers.cookie;
    const cookies = header ? cookie.parse(header) : {};
    const p = pathOf(req);
    const slash = p.indexOf('/', 5);
    const resource = apiRoutes.get(slash === -1 ? p : p.slice(0, slash));
    if (resource === undefined) return notFound(res);
    const user = cookies.sid || null;
    if (req.method === 'GET' && slash !== -1) {
      return sendJson(res, 200, { id: decodeURIComponent(p.slice(slash + 1)), resource, user });
    }
    if (req.method !== 'POST' || slash !== -1) return notFound(res);
    readBody(req, (text) => {
      try {
        const item = JSON.parse(text);
        if (typeof item.name !== 'string') return sendJson(res, 400, { error: 'name is required' });
        sendJson(res, 201, { created: true, resource, user, item });
      } catch (err) {
        sendJson(res, 400, { error: err.message });
      }
    });
  } catch (err) {
    sendJson(res, 500, { error: err.message });
  }
}

/** Starts the scenario's server on 127.0.0.1:port; resolves with the http.Server once listening. */
function start(scenario, port) {
  const server = http.createServer(createHandler(scenario));
  return new Promise((resolve, reject) => {
    server.listen(port, common.HOST, () => resolve(server));
    server.on('error', reject);
  });
}

module.exports = { createHandler, start };
if (require.main === module) common.runFromCli(module.exports);
