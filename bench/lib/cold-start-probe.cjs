'use strict';
// One cold start, in a fresh process: node:http's own client module is loaded first (every
// framework's server needs it, and the probe uses it to send the request), then the framework's
// entry is required and timed, then the server file builds the 'cold' app (bench/servers/common.cjs:
// body parsers, static files, 100 routes, GET /hello), listens, and the first GET /hello is sent.
// Usage: node cold-start-probe.cjs <framework> [cold|cold-large]. Output: one JSON line.
//   firstResponseMs  from the process's start (performance.timeOrigin) to the end of the first 200
//   requireMs        require() of the framework's entry alone; requireModules, the files it loaded
//   modules          files loaded by the time of the first response (the app's plugins included)
//   rssMb            resident memory right after the first response, without a forced GC

const http = require('node:http');
const path = require('node:path');
const { performance } = require('node:perf_hooks');

const SERVERS_DIR = path.join(__dirname, '..', 'servers');

/** What `require('<framework>')` means for each server file: the entries it requires first. */
const ENTRIES = {
  portico: [process.env.PORTICO_BENCH_MODULE || path.join(SERVERS_DIR, '..', '..', 'dist', 'index.js')],
  express4: ['express'],
  fastify: ['fastify'],
  hono: ['hono', '@hono/node-server'],
  polka: ['polka'],
  'node-http': [],
};

/** GETs a path from 127.0.0.1:port; resolves with status and body. */
function get(port, urlPath) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode, body }));
      })
      .on('error', reject);
  });
}

/** The http.Server behind what a server file's `start` resolves with. */
function httpServerOf(started) {
  return started && started.server && typeof started.server.address === 'function' ? started.server : started;
}

async function main() {
  const framework = process.argv[2];
  const app = process.argv[3] || 'cold';
  if (app !== 'cold' && app !== 'cold-large') throw new Error(`no cold-start app ${app}; cold or cold-large`);
  const entries = ENTRIES[framework];
  if (!entries) throw new Error(`no cold-start entry for ${framework}; one of ${Object.keys(ENTRIES).join(', ')}`);
  const serverFile = path.join(SERVERS_DIR, `${framework}.cjs`);
  // Resolved from the server file, as the server file itself resolves them.
  const { createRequire } = require('node:module');
  const load = createRequire(serverFile);

  const before = Object.keys(require.cache).length;
  const t0 = performance.now();
  for (const entry of entries) load(entry);
  const requireMs = performance.now() - t0;
  const requireModules = Object.keys(require.cache).length - before;

  const server = require(serverFile);
  const common = require(path.join(SERVERS_DIR, 'common.cjs'));
  common.ensureFixtures();
  const started = await server.start(app, 0);
  const listener = httpServerOf(started);
  const res = await get(listener.address().port, '/hello');
  const firstResponseMs = performance.now();
  const rssMb = process.memoryUsage().rss / (1024 * 1024);
  if (res.status !== 200 || res.body !== common.HELLO) {
    throw new Error(`first GET /hello answered ${res.status} ${JSON.stringify(res.body.slice(0, 100))}`);
  }
  const modules = Object.keys(require.cache).length - before;
  process.stdout.write(`${JSON.stringify({ firstResponseMs, requireMs, requireModules, modules, rssMb })}\n`);
  process.exit(0);
}

main().catch((err) => {
  console.error(err && err.stack ? err.stack : err);
  process.exit(1);
});
