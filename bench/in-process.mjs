// CPU time per request of one framework's server without the network: the server is fed by
// in-memory sockets inside this process, so what is measured is the JavaScript a request costs
// (node's HTTP parser and response writer included), not the kernel's TCP work or the load
// generator. On a noisy virtual machine this repeats far better than a loaded run, which makes it
// the tool for comparing two versions of a change; the loaded runs of `run.mjs` remain the benchmark.
//
// Usage: node bench/in-process.mjs <scenario> [--framework=portico] [--requests=300000]
//   [--connections=32] [--runs=5] [--instructions] [--subscriber]   (run `npm run build` first for Portico)
// Prints the CPU microseconds per request of each run (a fresh process each) and their minimum.
//
// --instructions counts machine instructions per request instead, under valgrind's callgrind
// (user space only: node, V8's generated code, libc). The count does not depend on what else the
// machine is doing, so it compares frameworks and builds where timings drift by tens of percent.
// V8 compiles on the main thread in this mode (--no-concurrent-recompilation) and three quarters
// of the requests warm up, so that compilation is over before counting starts. One run by default.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import http from 'node:http';
import { tracingChannel } from 'node:diagnostics_channel';
import { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { FRAMEWORKS, frameworkById, serverFile } from './lib/frameworks.mjs';
import { SCENARIOS, scenarioById } from './lib/scenarios.mjs';
import { send } from './lib/http-client.mjs';

// Every load scenario; (k) builds its request from a first answer of the live server (see measure).
const loadScenarios = SCENARIOS.filter((s) => !s.startup).map((s) => s.id);

/** Parses `<scenario> [--name=value…]`; exits with usage on anything else. */
function parseArgs(argv) {
  const usage = `usage: node bench/in-process.mjs <${loadScenarios.join('|')}> [--framework=${FRAMEWORKS.map((f) => f.id).join('|')}] [--requests=300000] [--connections=32] [--runs=5] [--instructions] [--subscriber]\n`;
  const opts = { framework: 'portico', requests: 0, connections: 32, runs: 0, scenario: null, child: false, instructions: false, subscriber: false };
  for (const arg of argv) {
    const match = /^--([a-z]+)(?:=(.*))?$/.exec(arg);
    if (!match) {
      if (opts.scenario) return fail(usage);
      opts.scenario = arg;
    } else if (match[1] === 'child') opts.child = true;
    else if (match[1] === 'instructions') opts.instructions = true;
    else if (match[1] === 'subscriber') opts.subscriber = true;
    else if (match[1] === 'framework' && frameworkById(match[2])) opts.framework = match[2];
    else if (['requests', 'connections', 'runs'].includes(match[1]) && Number(match[2]) > 0) opts[match[1]] = Number(match[2]);
    else return fail(usage);
  }
  if (!loadScenarios.includes(opts.scenario)) return fail(usage);
  // Under valgrind a request costs about fifty times as long: fewer requests, one run.
  opts.requests ||= opts.instructions ? 120000 : 300000;
  opts.runs ||= opts.instructions ? 1 : 5;
  return opts;
}

function fail(message) {
  process.stderr.write(message);
  process.exit(2);
}

/** The requests as raw HTTP/1.1 bytes, sent in turn. */
function rawRequests(list) {
  return list.map((r) => {
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
  // --subscriber: a subscriber that does nothing on the router's tracing channel, so what is
  // measured is the cost of publishing itself (context objects, wrappers, the five events).
  if (opts.subscriber) {
    const noop = () => {};
    tracingChannel('express.router.request').subscribe({ start: noop, end: noop, asyncStart: noop, asyncEnd: noop, error: noop });
  }
  const module = require(serverFile(frameworkById(opts.framework)));
  await module.start(opts.scenario, 0);
  const server = servers[0];
  if (!server) throw new Error('the server module did not create a node:http server');
  const scenario = scenarioById(opts.scenario);
  // The server listens on a real port too: a scenario that needs a first answer (the ETag of (k)) asks it there.
  const list = scenario.prepare ? await scenario.prepare((r) => send(server.address().port, r)) : scenario.requests;
  const requests = rawRequests(list);
  const warm = opts.instructions ? Math.floor((opts.requests * 3) / 4) : Math.floor(opts.requests / 4);
  // Counting is switched on and off from outside, by callgrind's control command.
  const callgrind = (state) => opts.instructions && execFileSync('callgrind_control', ['-i', state, String(process.pid)], { stdio: 'ignore' });
  let sent = 0;
  let finished = 0;
  let start;
  const result = new Promise((resolve) => {
    server.on('request', (req, res) => {
      res.on('finish', () => {
        finished++;
        if (finished === warm) {
          callgrind('on');
          start = process.cpuUsage();
        }
        if (finished === opts.requests) {
          const used = process.cpuUsage(start);
          callgrind('off');
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
} else if (opts.instructions) {
  const self = fileURLToPath(import.meta.url);
  const counts = [];
  for (let i = 0; i < opts.runs; i++) counts.push(countInstructions(self, opts));
  const min = Math.min(...counts);
  console.log(`${opts.framework}${opts.subscriber ? ' with a subscriber' : ''} (${opts.scenario}): instructions per request, min ${Math.round(min)} of ${counts.map((c) => Math.round(c)).join(', ')}`);
} else {
  // Each run in a fresh process, as each loaded cell gets a fresh server.
  const self = fileURLToPath(import.meta.url);
  const runs = [];
  for (let i = 0; i < opts.runs; i++) runs.push(Number(runChild(self, opts, [process.execPath]).trim()));
  const min = Math.min(...runs);
  console.log(`${opts.framework}${opts.subscriber ? ' with a subscriber' : ''} (${opts.scenario}): CPU µs per request, min ${min.toFixed(2)} of ${runs.map((r) => r.toFixed(2)).join(', ')}`);
}

/** Runs the measurement in a fresh process started by `command` (node, or valgrind running node); its output. */
function runChild(self, opts, command, extraNodeFlags = []) {
  const args = [...command.slice(1), ...extraNodeFlags, self, opts.scenario, `--framework=${opts.framework}`, `--requests=${opts.requests}`, `--connections=${opts.connections}`, '--child'];
  if (opts.instructions) args.push('--instructions');
  if (opts.subscriber) args.push('--subscriber');
  const child = spawnSync(command[0], args, { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } });
  if (child.status !== 0) fail(child.stderr || 'a run failed\n');
  return child.stdout;
}

/** One run under callgrind: the instructions counted while it was switched on, per measured request. */
function countInstructions(self, opts) {
  const dir = mkdtempSync(join(tmpdir(), 'portico-callgrind-'));
  try {
    const valgrind = ['valgrind', '--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${join(dir, 'out.%p')}`, process.execPath];
    runChild(self, opts, valgrind, ['--no-concurrent-recompilation']);
    let total = 0;
    for (const file of readdirSync(dir)) {
      const match = /^totals:\s+(\d+)/m.exec(readFileSync(join(dir, file), 'utf8'));
      if (match) total += Number(match[1]);
    }
    return total / (opts.requests - Math.floor((opts.requests * 3) / 4));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
