// The servers of bench/runtimes.mjs: one file that Node, Bun and Deno all run as it is.
//
//   <runtime> runtime-server.mjs <server> <scenario> <port>
//
// Servers: `portico-fetch` (Portico's app.fetch on the runtime's own fetch server: Bun.serve,
// Deno.serve, or @hono/node-server on Node), `portico-node-http` (Portico's app.listen, the runtime's
// node:http), `express4` (express@4 on the runtime's node:http), `hono` (Hono on the runtime's fetch
// server), `elysia` (Elysia on Bun.serve). The Portico, Express and Hono apps are the very ones of the
// Node benchmark (express-style.cjs, hono.cjs); only the server in front of them changes.
// Prints `READY <port>` once listening, and exits on SIGTERM/SIGINT.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const common = require('./common.cjs');
const [server, scenario, portText] = process.argv.slice(2);
const port = Number(portText);
const runtime = globalThis.Bun ? 'bun' : globalThis.Deno ? 'deno' : 'node';

/** Serves a `fetch(Request) → Response` handler on the runtime's own fetch server. */
function serveFetch(fetch) {
  if (runtime === 'bun') {
    globalThis.Bun.serve({ port, hostname: common.HOST, fetch });
    return Promise.resolve();
  }
  if (runtime === 'deno') {
    return new Promise((resolve) => {
      globalThis.Deno.serve({ port, hostname: common.HOST, onListen: () => resolve() }, fetch);
    });
  }
  const { serve } = require('@hono/node-server');
  return new Promise((resolve) => {
    serve({ fetch, port, hostname: common.HOST }, () => resolve());
  });
}

/** Listens with an Express-style app on the runtime's node:http. */
function listen(app) {
  return new Promise((resolve, reject) => {
    const s = app.listen(port, common.HOST, () => resolve());
    s.on('error', reject);
  });
}

/** Elysia's app for a scenario, written as Elysia apps are written. */
async function elysiaApp() {
  const { Elysia } = await import('elysia');
  const app = new Elysia();
  if (scenario === 'a') app.get('/hello', () => common.HELLO);
  else if (scenario === 'b') app.get('/json', () => common.SMALL_JSON);
  else if (scenario === 'c') {
    for (let i = 0; i < common.routeCount('c'); i++) app.get(common.routePattern(i), ({ params }) => common.routeBody(i, params.id));
  } else if (scenario === 'd') {
    // Elysia has no next()-style middleware; onRequest hooks that do nothing are its equivalent.
    for (let i = 0; i < common.MIDDLEWARE_COUNT; i++) app.onRequest(function noop() {});
    app.get('/hello', () => common.HELLO);
  } else throw new Error(`elysia: scenario ${scenario} is not served`);
  return app;
}

async function start() {
  const portico = () => require('./express-style.cjs').build(require('../../dist/index.js'));
  switch (server) {
    case 'portico-fetch':
      return serveFetch(portico().createApp(scenario).fetch);
    case 'portico-node-http':
      return listen(portico().createApp(scenario));
    case 'express4':
      return listen(require('./express-style.cjs').build(require('express')).createApp(scenario));
    case 'hono':
      return serveFetch(require('./hono.cjs').createApp(scenario).fetch);
    case 'elysia': {
      if (runtime !== 'bun') throw new Error('elysia is measured on Bun only');
      const app = await elysiaApp();
      return serveFetch(app.fetch);
    }
    default:
      throw new Error(`unknown server: ${server}`);
  }
}

const exit = () => process.exit(0);
process.on('SIGTERM', exit);
process.on('SIGINT', exit);
start().then(
  () => process.stdout.write(`READY ${port}\n`),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
