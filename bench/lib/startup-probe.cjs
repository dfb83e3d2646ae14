'use strict';
// Scenario (j), measured in a fresh process run with --expose-gc: load a framework, register the
// 1,000-route app, listen, answer the first request; then the memory that stays after GC.
// With `empty`, the same steps for an app with no routes, which answers that request with a 404:
// the baseline that the 1,000 routes' memory is compared with.
// Usage: node --expose-gc startup-probe.cjs <framework> <port> [empty]. Output: one JSON line.

const http = require('node:http');
const path = require('node:path');
const { createRequire } = require('node:module');

const HOST = '127.0.0.1';
const SERVERS_DIR = path.join(__dirname, '..', 'servers');

/** GETs a path from 127.0.0.1:port and resolves with status and body. */
function get(port, urlPath) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: HOST, port, path: urlPath, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode, body }));
      })
      .on('error', reject);
  });
}

/** Resolves with the server once `listen(callback)` has it listening; rejects on its error. */
function listening(listen) {
  return new Promise((resolve, reject) => {
    const server = listen(() => resolve(server));
    server.on('error', reject);
  });
}

/** Express, Express 5 and Portico with no routes, set up as express-style.cjs sets up every app. */
function emptyExpressStyle(specifier) {
  return (load, port) => {
    const express = load(specifier);
    const app = express();
    app.disable('x-powered-by');
    return listening((done) => app.listen(port, HOST, done));
  };
}

// The empty app of each framework, written as its server file writes apps. `load` requires a
// module as that server file would, so each empty app runs the exact module its full app runs.
const EMPTY_APPS = {
  express4: emptyExpressStyle('express'),
  express5: emptyExpressStyle('express5'),
  portico: emptyExpressStyle(process.env.PORTICO_BENCH_MODULE || '../../dist/index.js'),
  portico5: emptyExpressStyle('../../dist/express5/index.js'),
  async fastify(load, port) {
    const app = load('fastify')({ logger: false });
    await app.listen({ port, host: HOST });
    return app;
  },
  koa(load, port) {
    const Koa = load('koa');
    const app = new Koa();
    return listening((done) => app.listen(port, HOST, done));
  },
  hono(load, port) {
    const { Hono } = load('hono');
    const { serve } = load('@hono/node-server');
    const app = new Hono();
    return listening((done) => serve({ fetch: app.fetch, port, hostname: HOST }, done));
  },
  polka(load, port) {
    const app = load('polka')();
    return new Promise((resolve, reject) => {
      app.listen(port, HOST, () => resolve(app.server));
      app.server.on('error', reject);
    });
  },
  'node-http'(load, port) {
    const server = http.createServer((req, res) => {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': 9 });
      res.end('Not Found');
    });
    return listening((done) => server.listen(port, HOST, done));
  },
};

/** Starts the empty app of a framework, loading its modules as the framework's server file does. */
function startEmpty(framework, port) {
  const createApp = EMPTY_APPS[framework];
  if (!createApp) throw new Error(`no empty app for ${framework}`);
  return createApp(createRequire(path.join(SERVERS_DIR, `${framework}.cjs`)), port);
}

/** Throws unless the first request got the answer its app gives: the route's body, or any 404. */
function checkAnswer(res, expectedBody) {
  const ok = expectedBody === null ? res.status === 404 : res.status === 200 && res.body === expectedBody;
  if (ok) return;
  const expected = expectedBody === null ? 'a 404' : `200 ${JSON.stringify(expectedBody)}`;
  throw new Error(`first request answered ${res.status} ${JSON.stringify(res.body.slice(0, 100))}, expected ${expected}`);
}

const ms = (from, to) => Number(to - from) / 1e6;
const mb = (bytes) => bytes / (1024 * 1024);

async function main() {
  const [framework, portText, variant] = process.argv.slice(2);
  const port = Number(portText);
  if (typeof globalThis.gc !== 'function') throw new Error('run with --expose-gc');
  if (variant !== undefined && variant !== 'empty') throw new Error(`unknown variant ${variant}; the only one is "empty"`);
  const empty = variant === 'empty';

  // The empty run loads the same server file as the full one, so the same modules are in memory
  // in both and the difference between the two is the 1,000 routes, not plugins left unused.
  const t0 = process.hrtime.bigint();
  const server = require(path.join(SERVERS_DIR, `${framework}.cjs`));
  const common = require('../servers/common.cjs');
  const t1 = process.hrtime.bigint();
  await (empty ? startEmpty(framework, port) : server.start('c-1000', port));
  const t2 = process.hrtime.bigint();
  // The same request in both runs: an app without routes answers it with a 404.
  const i = common.routeCount('c-1000') - 3;
  const res = await get(port, `/route${i}/1`);
  const t3 = process.hrtime.bigint();
  checkAnswer(res, empty ? null : common.routeBody(i, '1'));

  globalThis.gc();
  globalThis.gc();
  const memory = process.memoryUsage();
  process.stdout.write(
    `${JSON.stringify({
      loadMs: ms(t0, t1),
      listenMs: ms(t1, t2),
      firstResponseMs: ms(t2, t3),
      readyMs: ms(t1, t3),
      rssMb: mb(memory.rss),
      heapUsedMb: mb(memory.heapUsed),
    })}\n`,
  );
  process.exit(0);
}

main().catch((err) => {
  console.error(err && err.stack ? err.stack : err);
  process.exit(1);
});
