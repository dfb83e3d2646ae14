'use strict';
// What every benchmark server shares: the scenario constants, the static fixtures and the
// command-line entry. Keeping them here means the server files differ only in framework code.

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const HOST = '127.0.0.1';

/** Scenarios a server can be started for; (j) measures the start-up of the 'c-1000' app. */
const SERVER_SCENARIOS = ['a', 'b', 'c', 'c-1000', 'c-10000', 'd', 'e', 'f', 'g', 'h', 'i', 'k', 'cold', 'cold-large'];

/**
 * bench/cold-start.mjs starts the 'cold' app: the parts of these scenarios in one app, as a small
 * service has them (the JSON and URL-encoded body parsers with their routes, static files, 100
 * parameterized routes, GET /hello), in this order. Koa's server does not serve it (not measured).
 */
const COLD_START_PARTS = ['e', 'f', 'g', 'c', 'a'];

/**
 * The larger 'cold-large' app: the 'cold' app, then a cookie parser, views rendered by an engine
 * (ejs, from VIEWS_DIR) and LARGE_ROUTERS routers of ROUTER_ROUTES routes each under /section<n>.
 * Each framework writes these parts the way its documentation does.
 */
const LARGE_ROUTERS = 10;
const ROUTER_ROUTES = 10;

const HELLO = 'Hello, World!';
const SMALL_JSON = { message: HELLO, id: 1, ok: true, tags: ['fast', 'typed'] };
const MIDDLEWARE_COUNT = 10;
/** The realistic app's router has two routes (GET one, POST collection) per resource: 50 routes. */
const API_RESOURCES = 25;

/** Number of parameterized routes a routing scenario registers. */
function routeCount(scenario) {
  return scenario === 'c-10000' ? 10000 : scenario === 'c-1000' ? 1000 : 100;
}

/** Path pattern of the i-th parameterized route, in each framework's `:param` syntax. */
function routePattern(i) {
  return `/route${i}/:id`;
}

/** The body every routing scenario answers with, so the runner can check the param was parsed. */
function routeBody(i, id) {
  return `route ${i} id ${id}`;
}

// Fixtures live outside the tree: a 1 MB file does not belong in git, and the content is
// deterministic, so every run serves the same bytes.
const PUBLIC_DIR = path.join(os.tmpdir(), 'portico-bench-public');
const STATIC_DIR = path.join(PUBLIC_DIR, 'static');
const VIEWS_DIR = path.join(PUBLIC_DIR, 'views');
/** The one view of the 'cold-large' app, rendered at GET /section<n>/. */
const VIEW = { name: 'page.ejs', source: '<!doctype html>\n<title><%= title %></title>\n<ul><% for (const item of items) { %><li><%= item %></li><% } %></ul>\n' };
const STATIC_FILES = { small: { name: 'small.txt', size: 10 * 1024 }, large: { name: 'large.txt', size: 1024 * 1024 } };

/** Writes the static fixtures once (atomically, since several processes may start together). */
function ensureFixtures() {
  fs.mkdirSync(STATIC_DIR, { recursive: true });
  for (const { name, size } of Object.values(STATIC_FILES)) {
    const file = path.join(STATIC_DIR, name);
    let current = -1;
    try {
      current = fs.statSync(file).size;
    } catch {
      // missing: written below
    }
    if (current === size) continue;
    const line = 'Portico benchmark fixture: the quick brown fox jumps over the lazy dog.\n';
    const content = Buffer.alloc(size, line);
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, content);
    fs.renameSync(temp, file);
  }
  fs.mkdirSync(VIEWS_DIR, { recursive: true });
  const view = path.join(VIEWS_DIR, VIEW.name);
  let current = '';
  try {
    current = fs.readFileSync(view, 'utf8');
  } catch {
    // missing: written below
  }
  if (current !== VIEW.source) {
    const temp = `${view}.${process.pid}.tmp`;
    fs.writeFileSync(temp, VIEW.source);
    fs.renameSync(temp, view);
  }
}

/** The locals the 'cold-large' view gets for section `n` (and a cookie value, when sent). */
function viewLocals(n, user) {
  return { title: `Section ${n}`, items: [`user ${user || 'anonymous'}`, 'one', 'two'] };
}

/**
 * Starts `server` for the scenario and port given on the command line (or SCENARIO / PORT),
 * prints `READY <port>` once listening, and exits cleanly on SIGTERM/SIGINT so that
 * `--cpu-prof` gets to write its profile.
 */
function runFromCli(server) {
  const scenario = process.argv[2] || process.env.SCENARIO;
  const port = Number(process.argv[3] || process.env.PORT);
  if (!SERVER_SCENARIOS.includes(scenario) || !Number.isInteger(port) || port <= 0) {
    console.error(`usage: node ${path.basename(process.argv[1])} <${SERVER_SCENARIOS.join('|')}> <port>`);
    process.exit(2);
  }
  const exit = () => process.exit(0);
  process.on('SIGTERM', exit);
  process.on('SIGINT', exit);
  // The runner kills us when it goes; if it dies without doing so, do not linger.
  if (process.send) process.on('disconnect', exit);
  ensureFixtures();
  Promise.resolve(server.start(scenario, port)).then(
    () => process.stdout.write(`READY ${port}\n`),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}

module.exports = {
  HOST,
  SERVER_SCENARIOS,
  COLD_START_PARTS,
  LARGE_ROUTERS,
  ROUTER_ROUTES,
  VIEWS_DIR,
  VIEW,
  viewLocals,
  HELLO,
  SMALL_JSON,
  MIDDLEWARE_COUNT,
  API_RESOURCES,
  routeCount,
  routePattern,
  routeBody,
  PUBLIC_DIR,
  STATIC_DIR,
  STATIC_FILES,
  ensureFixtures,
  runFromCli,
};
