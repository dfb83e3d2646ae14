// HTTP/2 load benchmark: Portico (started with portico/http2, and with plain http2.createServer(app)),
// Fastify (`http2: true`) and raw node:http2 (a hand-written listener on the compatibility API), over
// h2c, loaded by h2load (Debian's nghttp2-client). Each cell runs in `--rounds` short rounds (a fresh
// server process each time, the frameworks interleaved in a rotating order) and reports the median.
//
// Usage: see USAGE below (`node bench/http2.mjs --help`).
// --instructions also counts the server's machine instructions per request under valgrind's
// callgrind (server process only: h2load runs outside valgrind; counting is switched on after a
// warm-up of 3 × --requests, then --windows windows of --requests each are counted and the median
// window is reported). The count does not depend on what else the machine runs, unlike req/s and CPU time.
// --write puts the tables into the "HTTP/2" section of BENCHMARKS.md; results go to bench/results/latest-h2.json.
import { spawnSync, execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir, cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import http2 from 'node:http2';
import { installCleanup, detectPinning, spawnNode, spawnPinned, waitForReady, stop, freePort } from './lib/processes.mjs';
import { scenarioById } from './lib/scenarios.mjs';
import { H2_FRAMEWORK_NAMES, H2_SESSION_TITLE } from './lib/http2-labels.mjs';
import { writeBenchmarkCharts } from './lib/charts.mjs';

const USAGE = `usage: node bench/http2.mjs [--duration=5] [--warmup=2] [--rounds=3] [--clients=16] [--streams=10]
       [--only=a,b,e,g,s] [--frameworks=portico,portico-plain,fastify,node-http2]
       [--instructions] [--requests=1000] [--windows=5] [--no-build] [--write]
  Builds first (unless --no-build), then loads each framework with h2load in --rounds interleaved
  rounds (median reported). --instructions adds instructions per request under callgrind (needs
  valgrind); --rounds=0 --instructions counts instructions only. --write puts the tables into the
  HTTP/2 section of BENCHMARKS.md (the full section: node bench/http2.mjs --instructions --write).
`;
const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const ROOT = join(BENCH_DIR, '..');
const require = createRequire(import.meta.url);
const { H2_SCENARIOS, H2_FRAMEWORKS, hasApp } = require('./servers/http2.cjs');
const { ITEM } = require('./servers/http2-session.cjs');
const FRAMEWORK_NAMES = H2_FRAMEWORK_NAMES;

/** Scenario (s), HTTP/2 only: its request carries the cookie of a session a first request opened. */
const SESSION_SCENARIO = {
  id: 's',
  title: H2_SESSION_TITLE,
  async prepare(port) {
    const first = await h2request(port, { method: 'GET', path: '/login' });
    const cookie = [].concat(first.headers['set-cookie'] ?? [])[0]?.split(';')[0];
    if (!cookie || first.status !== 200) throw new Error(`GET /login answered ${first.status} without a session cookie`);
    const expected = JSON.stringify({ user: 'u-42', item: ITEM });
    return {
      method: 'POST',
      path: '/session',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(ITEM),
      status: 200,
      body: { ok: (text) => text === expected, describe: expected },
    };
  },
};
const scenario = (id) => (id === 's' ? SESSION_SCENARIO : scenarioById(id));

function parseArgs(argv) {
  const opts = { duration: 5, warmup: 2, rounds: 3, clients: 16, streams: 10, only: H2_SCENARIOS, write: false, instructions: false, requests: 1000, windows: 5, frameworks: H2_FRAMEWORKS, build: true };
  for (const arg of argv) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!m) fail(`unknown argument ${arg}`);
    if (m[1] === 'write') opts.write = true;
    else if (m[1] === 'instructions') opts.instructions = true;
    else if (m[1] === 'frameworks') opts.frameworks = m[2].split(',').filter((f) => H2_FRAMEWORKS.includes(f));
    // With PORTICO_BENCH_MODULE naming another build (a baseline), this one need not be rebuilt.
    else if (m[1] === 'no-build') opts.build = false;
    else if (m[1] === 'requests' && Number(m[2]) > 0) opts.requests = Number(m[2]);
    else if (m[1] === 'windows' && Number.isInteger(Number(m[2])) && Number(m[2]) > 0) opts.windows = Number(m[2]);
    else if (m[1] === 'help') {
      process.stdout.write(USAGE);
      process.exit(0);
    }
    // --rounds=0 --instructions: instruction counts alone (no load runs).
    else if (m[1] === 'rounds' && m[2] === '0') opts.rounds = 0;
    else if (m[1] === 'only') opts.only = m[2].split(',').filter((s) => H2_SCENARIOS.includes(s));
    else if (['duration', 'warmup', 'rounds', 'clients', 'streams'].includes(m[1]) && Number(m[2]) > 0) opts[m[1]] = Number(m[2]);
    else fail(`bad option ${arg}`);
  }
  if (opts.rounds === 0 && !opts.instructions) fail('--rounds=0 needs --instructions');
  if (opts.only.length === 0) fail(`--only takes scenarios among ${H2_SCENARIOS.join(',')}`);
  return opts;
}

function fail(message) {
  process.stderr.write(`bench/http2: ${message}\n`);
  process.exit(2);
}

/** h2load's version; installs Debian's nghttp2-client when missing and we are root, else stops the run. */
function ensureH2load() {
  const probe = () => spawnSync('h2load', ['--version'], { encoding: 'utf8' });
  let result = probe();
  if (result.error && process.getuid?.() === 0) {
    process.stderr.write('bench/http2: h2load missing; apt-get install -y nghttp2-client\n');
    spawnSync('apt-get', ['install', '-y', 'nghttp2-client'], { stdio: 'inherit' });
    result = probe();
  }
  if (result.error) fail('h2load not found: install it with `apt-get install -y nghttp2-client` (Debian), then run again');
  return result.stdout.trim().split('\n')[0];
}

/** What h2load sends for a scenario: path, extra headers, and a body file for POST. */
async function loadRequest(scenarioId, dir, port) {
  const s = scenario(scenarioId);
  const req = s.prepare ? await s.prepare(port) : s.requests[0];
  const out = { ...req, dataFile: undefined };
  if (req.payload !== undefined) {
    out.dataFile = join(dir, `${scenarioId}.body`);
    writeFileSync(out.dataFile, req.payload);
  }
  return out;
}

/** One request over h2c: status, headers and body. */
function h2request(port, req) {
  return new Promise((resolve, reject) => {
    const session = http2.connect(`http://127.0.0.1:${port}`);
    session.on('error', reject);
    const stream = session.request({ ':method': req.method, ':path': req.path, ...req.headers }, { endStream: req.payload === undefined });
    const chunks = [];
    let status = 0;
    let headers = {};
    stream.on('response', (h) => {
      status = h[':status'];
      headers = h;
    });
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      session.close();
      resolve({ status, headers, body: Buffer.concat(chunks) });
    });
    stream.on('error', reject);
    if (req.payload !== undefined) stream.end(req.payload);
  });
}

/** Checks the server answers the scenario correctly before loading it. */
async function checkAnswer(port, req) {
  const { status, body } = await h2request(port, req);
  if (status !== req.status || !req.body.ok(body.toString('utf8'), body.length)) {
    throw new Error(`wrong answer for ${req.method} ${req.path}: ${status} ${body.toString('utf8').slice(0, 200)}, expected ${req.status} and ${req.body.describe}`);
  }
}

/** Runs h2load (on core 1 when pinning) for `seconds` and returns req/s and the request count. */
async function runH2load(port, req, opts, pinning, seconds, count) {
  const args = ['-c', String(opts.clients), '-m', String(opts.streams), '-t', '1', ...(count ? ['-n', String(count)] : ['-D', String(seconds)])];
  for (const [k, v] of Object.entries(req.headers ?? {})) args.push('-H', `${k}: ${v}`);
  if (req.dataFile) args.push('-d', req.dataFile);
  args.push(`http://127.0.0.1:${port}${req.path}`);
  const child = spawnPinned('h2load', args, { pinning, core: 1 });
  const { code } = await child.exited;
  const text = child.stdoutText;
  const rps = /finished in [\d.]+m?s, ([\d.]+) req\/s/.exec(text);
  const counts = /requests: (\d+) total, \d+ started, (\d+) done, (\d+) succeeded, (\d+) failed, (\d+) errored/.exec(text);
  const codes = /status codes: (\d+) 2xx, (\d+) 3xx, (\d+) 4xx, (\d+) 5xx/.exec(text);
  if (code !== 0 || !rps || !counts || !codes) throw new Error(`h2load failed (${code}): ${text}${child.stderrText}`);
  if (Number(counts[4]) + Number(counts[5]) + Number(codes[3]) + Number(codes[4]) > 0) {
    throw new Error(`h2load saw failures or non-2xx answers: ${counts[0]}; ${codes[0]}`);
  }
  return { rps: Number(rps[1]), requests: Number(counts[3]) };
}

async function measure(framework, scenarioId, dir, opts, pinning) {
  const port = await freePort();
  const server = spawnNode([join(BENCH_DIR, 'servers', 'http2.cjs'), framework, scenarioId, String(port)], { pinning, core: 0, env: { NODE_ENV: 'production' } });
  try {
    await waitForReady(server);
    const req = await loadRequest(scenarioId, dir, port);
    await checkAnswer(port, req);
    await runH2load(port, req, opts, pinning, opts.warmup);
    const before = cpuSeconds(server.pid);
    const result = await runH2load(port, req, opts, pinning, opts.duration);
    const cpu = cpuSeconds(server.pid) - before;
    return { ...result, cpuUs: (cpu * 1e6) / result.requests };
  } finally {
    await stop(server);
  }
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/**
 * CPU seconds (user + system) the process has used so far, from /proc. The server's CPU per request
 * depends far less on what else the machine runs than its requests per second do.
 */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Machine instructions per request of the server alone: the server runs under callgrind with
 * counting off; h2load (outside valgrind) warms it up with 3 × `--requests` requests, then counting
 * is switched on for `--requests` more. Needs valgrind (Debian's valgrind package).
 */
async function countInstructions(framework, scenarioId, dir, opts) {
  const port = await freePort();
  const out = mkdtempSync(join(tmpdir(), 'portico-h2-callgrind-'));
  const server = spawnPinned(
    'valgrind',
    ['--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${join(out, 'out.%p')}`, process.execPath, '--no-concurrent-recompilation', join(BENCH_DIR, 'servers', 'http2.cjs'), framework, scenarioId, String(port)],
    { pinning: { enabled: false }, env: { NODE_ENV: 'production' } },
  );
  try {
    await waitForReady(server, 120000);
    const req = await loadRequest(scenarioId, dir, port);
    await checkAnswer(port, req);
    // Fewer connections than the load runs: under valgrind the server is ~50 times slower.
    const light = { ...opts, clients: 4 };
    await runH2load(port, req, light, { enabled: false }, 0, opts.requests * 3);
    execFileSync('callgrind_control', ['-i', 'on', String(server.pid)], { stdio: 'ignore' });
    // One dump per window (callgrind zeroes its counters at each): a window that a full garbage
    // collection or a burst of optimizing compilation falls into counts tens of percent more than
    // the others, so the median window is reported rather than the sum.
    for (let w = 0; w < opts.windows; w++) {
      await runH2load(port, req, light, { enabled: false }, 0, opts.requests);
      execFileSync('callgrind_control', ['-d', String(server.pid)], { stdio: 'ignore' });
    }
    execFileSync('callgrind_control', ['-i', 'off', String(server.pid)], { stdio: 'ignore' });
  } finally {
    await stop(server, 30000);
  }
  try {
    const windows = [];
    for (const file of readdirSync(out)) {
      // The dumps are out.<pid>.<n>; out.<pid> itself, written at exit, holds what ran with counting off.
      if (!/\.\d+\.\d+$/.test(file)) continue;
      const match = /^totals:\s+(\d+)/m.exec(readFileSync(join(out, file), 'utf8'));
      if (match) windows.push(Number(match[1]) / opts.requests);
    }
    if (windows.length !== opts.windows || windows.some((n) => n === 0)) throw new Error(`callgrind counted ${windows.length} of ${opts.windows} windows for ${framework} (${scenarioId})`);
    return { instructions: median(windows), windows };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** The frameworks that have an app for scenario `id`. */
let frameworksFor = (id) => H2_FRAMEWORKS.filter((f) => hasApp(f, id));

function table(results, opts) {
  const fw = opts.frameworks;
  const lines = [];
  /** One table: a value per framework, and the ratios of Fastify's and node:http2's to Portico's. */
  const section = (intro, value, format, better) => {
    lines.push(intro, '');
    lines.push('| Scenario | ' + fw.map((f) => FRAMEWORK_NAMES[f]).join(' | ') + ' | Portico vs Fastify | Portico vs node:http2 |');
    lines.push('|---|' + fw.map(() => '---:').join('|') + '|---:|---:|');
    for (const id of opts.only) {
      const row = results[id];
      const cell = (f) => (row[f] === undefined ? '—' : format(value(row[f])));
      // Above 1: Portico better (more req/s, or fewer µs / instructions).
      const ratio = (f) => (row[f] === undefined || row.portico === undefined ? '—' : (better === 'higher' ? value(row.portico) / value(row[f]) : value(row[f]) / value(row.portico)).toFixed(2) + '×');
      lines.push(`| (${id}) ${scenario(id).title} | ${fw.map(cell).join(' | ')} | ${ratio('fastify')} | ${ratio('node-http2')} |`);
    }
    lines.push('');
  };
  const thousands = (n) => Math.round(n).toLocaleString('en-US');
  if (opts.rounds > 0) {
    section('Requests per second (higher is better); the ratios are Portico (portico/http2) relative to the others, above 1× Portico faster:', (c) => c.rps, thousands, 'higher');
    section('Server CPU per request, µs (user + system, from /proc; lower is better); ratios above 1× Portico cheaper:', (c) => c.cpuUs, (n) => String(Math.round(n)), 'lower');
  }
  if (opts.instructions) {
    section('Server instructions per request (callgrind, server process only; lower is better); ratios above 1× Portico cheaper:', (c) => c.instructions, thousands, 'lower');
  }
  return lines.join('\n').trimEnd();
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const chosen = opts.frameworks;
  frameworksFor = (id) => chosen.filter((f) => hasApp(f, id));
  installCleanup();
  const h2loadVersion = ensureH2load();
  try {
    if (opts.build) execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
  } catch {
    fail('npm run build failed');
  }
  const pinning = detectPinning(false);
  const dir = mkdtempSync(join(tmpdir(), 'portico-h2-bench-'));
  const results = {};
  try {
    for (const id of opts.only) {
      const frameworks = frameworksFor(id);
      const rounds = Object.fromEntries(frameworks.map((f) => [f, []]));
      const cpu = Object.fromEntries(frameworks.map((f) => [f, []]));
      for (let round = 0; round < opts.rounds; round++) {
        // Rotate the order each round, so no framework always runs first (or last) on a drifting machine.
        const order = frameworks.map((_, i) => frameworks[(i + round) % frameworks.length]);
        for (const f of order) {
          const r = await measure(f, id, dir, opts, pinning);
          rounds[f].push(r.rps);
          cpu[f].push(r.cpuUs);
          process.stderr.write(`(${id}) round ${round + 1} ${f}: ${Math.round(r.rps)} req/s, ${Math.round(r.cpuUs)} µs CPU/request\n`);
        }
      }
      results[id] = Object.fromEntries(
        frameworks.map((f) => [f, { rps: median(rounds[f]), roundsRps: rounds[f], cpuUs: median(cpu[f]), roundsCpuUs: cpu[f] }]),
      );
      if (opts.instructions) {
        for (const f of frameworks) {
          const counted = await countInstructions(f, id, dir, opts);
          results[id][f].instructions = counted.instructions;
          results[id][f].instructionWindows = counted.windows;
          process.stderr.write(`(${id}) ${f}: ${Math.round(counted.instructions)} instructions/request (windows: ${counted.windows.map(Math.round).join(', ')})\n`);
        }
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const environment = {
    date: new Date().toISOString(),
    node: process.version,
    h2load: h2loadVersion,
    cpu: cpus()[0]?.model,
    cores: cpus().length,
    pinning: pinning.reason,
    load: `h2load -c ${opts.clients} -m ${opts.streams} -t 1, ${opts.warmup} s warm-up, ${opts.duration} s measured, ${opts.rounds} interleaved rounds (median of each column)${opts.instructions ? `; instructions: median of ${opts.windows} windows of ${opts.requests} requests each, counted after ${opts.requests * 3} (h2load -c 4 -m ${opts.streams})` : ''}`,
    loadAverage: loadavg().map((l) => l.toFixed(1)).join(' / '),
  };
  mkdirSync(join(BENCH_DIR, 'results'), { recursive: true });
  writeFileSync(join(BENCH_DIR, 'results', 'latest-h2.json'), JSON.stringify({ environment, results }, null, 2) + '\n');
  const md = table(results, opts);
  process.stdout.write(md + '\n');
  if (opts.write) {
    writeSection(md, environment);
    process.stderr.write(`bench/http2: BENCHMARKS.md and ${writeBenchmarkCharts().join(', ')} written\n`);
  }
}

const START = '<!-- http2:start -->';
const END = '<!-- http2:end -->';

/** Replaces the generated part of BENCHMARKS.md's HTTP/2 section (between its markers). */
function writeSection(md, env) {
  const file = join(ROOT, 'BENCHMARKS.md');
  const page = readFileSync(file, 'utf8');
  const a = page.indexOf(START);
  const b = page.indexOf(END);
  if (a === -1 || b === -1) fail(`BENCHMARKS.md has no ${START} … ${END} markers`);
  const body = `${START}\nMeasured ${env.date.slice(0, 16).replace('T', ' ')} UTC, Node ${env.node}, ${env.h2load}, ${env.cores} × ${env.cpu}; ${env.pinning}; ${env.load}; load average ${env.loadAverage} (1 / 5 / 15 min) when the run ended.\n\n${md}\n${END}`;
  writeFileSync(file, page.slice(0, a) + body + page.slice(b + END.length));
}

main().catch((err) => {
  process.stderr.write(`bench/http2: ${err.stack || err}\n`);
  process.exit(1);
});
