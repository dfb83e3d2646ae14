// CPU time per request of one framework's server without the network: the server is fed by
// in-memory sockets inside this process, so what is measured is the JavaScript a request costs
// (node's HTTP parser and response writer included), not the kernel's TCP work or the load
// generator. On a noisy virtual machine this repeats far better than a loaded run, which makes it
// the tool for comparing two versions of a change; the loaded runs of `run.mjs` remain the benchmark.
//
// Usage: node bench/in-process.mjs <scenario> [--framework=portico] [--requests=300000]
//   [--connections=32] [--runs=5]   (run `npm run build` first for Portico)
// Prints the CPU microseconds per request of each run (a fresh process each) and their minimum.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import http from 'node:http';
import { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { FRAMEWORKS, frameworkById, serverFile } from './lib/frameworks.mjs';
import { SCENARIOS, scenarioById } from './lib/scenarios.mjs';

// (k) asks a live server for its ETag before it can build its request: not supported here.
const loadScenarios = SCENARIOS.filter((s) => !s.startup && Array.isArray(s.requests)).map((s) => s.id);

/** Parses `<scenario> [--name=value…]`; exits with usage on anything else. */
function parseArgs(argv) {
  const usage = `usage: node bench/in-process.mjs <${loadScenarios.join('|')}> [--framework=${FRAMEWORKS.map((f) => f.id).join('|')}] [--requests=300000] [--connections=32] [--runs=5]\n`;
  const opts = { framework: 'portico', requests: 300000, connections: 32, runs: 5, scenario: null, child: false };
  for (const arg of argv) {
    const match = /^--([a-z]+)(?:=(.*))?$/.exec(arg);
    if (!match) {
      if (opts.scenario) return fail(usage);
      opts.scenario = arg;
    } else if (match[1] === 'child') opts.child = true;
    else if (match[1] === 'framework' && frameworkById(match[2])) opts.framework = match[2];
    else if (['requests', 'connections', 'runs'].includes(match[1]) && Number(match[2]) > 0) opts[match[1]] = Number(match[2]);
    else return fail(usage);
  }
  if (!loadScenarios.includes(opts.scenario)) return fail(usage);
  return opts;
}

function fail(message) {
  process.stderr.write(message);
  process.exit(2);
}

/** The scenario's requests as raw HTTP/1.1 bytes, sent in turn. */
function rawRequests(scenario) {
  return scenario.requests.map((r) => {
    const body = r.payload === undefined ? Buffer.alloc(0) : Buffer.from(r.payload);
    const headers = { host: '127.0.0.1', ...(r.headers ?? {}) };
    if (body.length !== 0) headers['content-length'] = String(body.length);
    const head = `${r.method} ${r.path} HTTP/1.1\r\n` + Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('') + '\r\n';
    return Buffer.concat([Buffer.from(head, 'latin1'), body]);
  });
}

/**
 * One measured run inside this process: starts the server (its `listen` is captured, not used),
 * opens `connections` in-memory sockets, and on each sends the next request once the previous
 * response has finished. The first quarter of the requests warms the JIT up and is not counted.
 */
async function measure(opts) {
  const require = createRequire(import.meta.url);
  // Every framework here ends up in node:http's Server; the one that starts listening is the one to feed.
  const servers = [];
  const listen = http.Server.prototype.listen;
  http.Server.prototype.listen = function captureServer(...args) {
    servers.push(this);
    return listen.apply(this, args);
  };
  require('./servers/common.cjs').ensureFixtures();
  const module = require(serverFile(frameworkById(opts.framework)));
  await module.start(opts.scenario, 0);
  const server = servers[0];
  if (!server) throw new Error('the server module did not create a node:http server');
  const requests = rawRequests(scenarioById(opts.scenario));
  const warm = Math.floor(opts.requests / 4);
  let sent = 0;
  let finished = 0;
  let start;
  const result = new Promise((resolve) => {
    server.on('request', (req, res) => {
      res.on('finish', () => {
        finished++;
        if (finished === warm) start = process.cpuUsage();
        if (finished === opts.requests) {
          const used = process.cpuUsage(start);
          resolve((used.user + used.system) / (opts.requests - warm));
        } else if (sent < opts.requests) {
          const socket = req.socket;
          const next = requests[sent++ % requests.length];
          setImmediate(() => socket.push(next));
        }
      });
    });
  });
  for (let i = 0; i < opts.connections && sent < opts.requests; i++) {
    const socket = new Duplex({
      read() {},
      write(_chunk, _encoding, callback) {
        callback();
      },
    });
    // What node:http asks of a TCP socket.
    socket.setNoDelay = socket.setKeepAlive = socket.setTimeout = () => socket;
    socket.remoteAddress = '127.0.0.1';
    socket.remotePort = 40000 + i;
    server.emit('connection', socket);
    socket.push(requests[sent++ % requests.length]);
  }
  return result;
}

const opts = parseArgs(process.argv.slice(2));
if (opts.child) {
  const perRequest = await measure(opts);
  process.stdout.write(`${perRequest.toFixed(3)}\n`);
  process.exit(0);
} else {
  // Each run in a fresh process, as each loaded cell gets a fresh server.
  const self = fileURLToPath(import.meta.url);
  const runs = [];
  for (let i = 0; i < opts.runs; i++) {
    const child = spawnSync(process.execPath, [self, opts.scenario, `--framework=${opts.framework}`, `--requests=${opts.requests}`, `--connections=${opts.connections}`, '--child'], {
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (child.status !== 0) fail(child.stderr || `run ${i + 1} failed\n`);
    runs.push(Number(child.stdout.trim()));
  }
  const min = Math.min(...runs);
  console.log(`${opts.framework} (${opts.scenario}): CPU µs per request, min ${min.toFixed(2)} of ${runs.map((r) => r.toFixed(2)).join(', ')}`);
}
