// Cold start: a fresh process of the same small service per framework (the 'cold' app of
// bench/servers/: the JSON and URL-encoded body parsers, static files, 100 routes, GET /hello),
// spawned in interleaved rounds (a rotating order, one process per framework per round), the median
// of each figure over the rounds; then the production install of Portico against Express 4's.
//
// Usage: node bench/cold-start.mjs [--rounds=15] [--frameworks=portico,express4,…] [--app=cold|cold-large]
//   [--no-install] [--write]
//   (run `npm run build` first). Prints the tables; --write puts them into the "Cold start" section of
//   BENCHMARKS.md (between its markers; the 'cold' app only); raw results go to
//   bench/results/latest-cold-start.json (latest-cold-start-large.json for --app=cold-large).
//   --app=cold-large starts the larger app instead: the 'cold' app with a cookie parser, ejs views
//   and ten routers (bench/servers/common.cjs).
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, lstatSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { BENCH_DIR, ROOT_DIR } from './lib/frameworks.mjs';
import { writeBenchmarkCharts } from './lib/charts.mjs';

const require = createRequire(import.meta.url);

/** The median (the mean of the two middle values for an even count). */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
const PROBE = join(BENCH_DIR, 'lib', 'cold-start-probe.cjs');
const FRAMEWORKS = [
  { id: 'node-http', label: 'raw node:http' },
  { id: 'polka', label: 'Polka' },
  { id: 'hono', label: 'Hono' },
  { id: 'express4', label: 'Express 4' },
  { id: 'fastify', label: 'Fastify 5' },
  { id: 'portico', label: 'Portico' },
];

function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

function parseArgs(argv) {
  const opts = { rounds: 15, frameworks: FRAMEWORKS.map((f) => f.id), install: true, write: false, app: 'cold' };
  for (const arg of argv) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!m) fail(`unknown argument ${arg}`);
    else if (m[1] === 'rounds' && Number(m[2]) > 0) opts.rounds = Number(m[2]);
    else if (m[1] === 'frameworks' && m[2]) opts.frameworks = m[2].split(',');
    else if (m[1] === 'no-install') opts.install = false;
    else if (m[1] === 'write') opts.write = true;
    else if (m[1] === 'app' && (m[2] === 'cold' || m[2] === 'cold-large')) opts.app = m[2];
    else fail('usage: node bench/cold-start.mjs [--rounds=15] [--frameworks=portico,express4,…] [--app=cold|cold-large] [--no-install] [--write]');
  }
  for (const id of opts.frameworks) if (!FRAMEWORKS.some((f) => f.id === id)) fail(`unknown framework ${id}`);
  if (opts.write && opts.app !== 'cold') fail('--write records the cold app only');
  return opts;
}

function run(file, args, options = {}) {
  return new Promise((resolve, reject) => {
    execFile(file, args, { maxBuffer: 64 * 1024 * 1024, ...options }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${file} ${args.join(' ')} failed: ${stderr || err.message}`));
      else resolve(stdout);
    });
  });
}

/** One cold start of `framework`: the probe's JSON line. */
async function coldStart(framework, app) {
  const out = await run(process.execPath, [PROBE, framework, app], { cwd: ROOT_DIR });
  return JSON.parse(out.trim().split('\n').pop());
}

/** Every package directory under node_modules (scoped and nested ones included). */
function countPackages(dir) {
  let count = 0;
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of entries) {
    if (name.startsWith('.')) continue;
    const full = join(dir, name);
    if (name.startsWith('@')) {
      count += countPackages(full);
      continue;
    }
    try {
      statSync(join(full, 'package.json'));
      count += 1 + countPackages(join(full, 'node_modules'));
    } catch {
      // not a package
    }
  }
  return count;
}

/** Bytes of every file under `dir` (what the install writes to disk, block rounding aside). */
function totalBytes(dir) {
  let bytes = 0;
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    const stat = lstatSync(full);
    if (stat.isDirectory()) bytes += totalBytes(full);
    else if (stat.isFile()) bytes += stat.size;
  }
  return bytes;
}

/** Installs `spec` with `npm install --omit=dev` into an empty project; packages and bytes added. */
async function installSize(spec, work) {
  const dir = mkdtempSync(join(work, 'install-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'install-size-probe', version: '1.0.0', private: true }));
  await run('npm', ['install', spec, '--omit=dev', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock'], { cwd: dir });
  const modules = join(dir, 'node_modules');
  return { spec, packages: countPackages(modules), bytes: totalBytes(modules) };
}

/** Packs this repository (dist/ as built) and measures its install against Express 4's. */
async function measureInstalls() {
  const work = mkdtempSync(join(tmpdir(), 'portico-install-size-'));
  try {
    const packed = await run('npm', ['pack', '--pack-destination', work, '--silent'], { cwd: ROOT_DIR });
    const tarball = join(work, packed.trim().split('\n').pop());
    const expressVersion = require(join(ROOT_DIR, 'node_modules', 'express', 'package.json')).version;
    const portico = await installSize(tarball, work);
    portico.spec = 'portico (this build, npm pack)';
    const express = await installSize(`express@${expressVersion}`, work);
    return { portico, express };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const fmt = (n, digits = 1) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const mib = (bytes) => bytes / (1024 * 1024);

function table(headers, rows) {
  return [`| ${headers.join(' | ')} |`, `|${headers.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

function render(results, installs, env) {
  const by = Object.fromEntries(results.map((r) => [r.id, r]));
  const base = by['node-http'];
  const express = by.express4;
  const rows = results.map((r) => [
    r.id === 'portico' ? `**${r.label}**` : r.label,
    fmt(r.firstResponseMs),
    base ? fmt(r.firstResponseMs / base.firstResponseMs, 2) : '',
    r.id === 'node-http' ? '–' : fmt(r.requireMs),
    express && r.id !== 'node-http' ? fmt(r.requireMs / express.requireMs, 2) : '',
    r.id === 'node-http' ? '–' : String(r.requireModules),
    String(r.modules),
    fmt(r.rssMb),
    base ? (r.id === 'node-http' ? '–' : `+${fmt(r.rssMb - base.rssMb)}`) : '',
  ]);
  const parts = [
    `Measured ${env.date.slice(0, 16).replace('T', ' ')} UTC, Node ${env.node}, ${env.cores} × ${env.cpu}; the '${env.app}' app; ${env.rounds} interleaved rounds, median of each column; load average ${env.loadAverage} (1 / 5 / 15 min) when the run ended.`,
    '',
    table(
      ['', 'ms to first 200', '× node:http', 'require() ms', '× Express 4', 'modules at require()', 'modules at first 200', 'RSS MiB after first 200', 'RSS − node:http'],
      rows,
    ),
  ];
  if (installs) {
    parts.push(
      '',
      'Production install (`npm install <package> --omit=dev` into an empty project, from the npm registry):',
      '',
      table(
        ['', 'packages', 'MiB on disk'],
        [installs.portico, installs.express].map((i) => [i.spec, String(i.packages), fmt(mib(i.bytes), 2)]),
      ),
    );
  }
  const targets = [];
  const portico = by.portico;
  const check = (ok) => (ok ? 'holds' : '**misses**');
  if (portico && by.polka) targets.push(['cold start ≤ Polka\'s', `${fmt(portico.firstResponseMs)} ms against ${fmt(by.polka.firstResponseMs)} ms`, check(portico.firstResponseMs <= by.polka.firstResponseMs)]);
  if (portico && express) {
    const ratio = portico.requireMs / express.requireMs;
    targets.push(['require(\'portico\') ≤ 0.25× require(\'express\')', `${fmt(ratio, 2)}×`, check(ratio <= 0.25)]);
  }
  if (portico && base) {
    const over = portico.rssMb - base.rssMb;
    targets.push(['RSS after the first response ≤ node:http + 8 MiB', `+${fmt(over)} MiB`, check(over <= 8)]);
  }
  if (installs) {
    targets.push(['fewer installed packages than Express 4', `${installs.portico.packages} against ${installs.express.packages}`, check(installs.portico.packages < installs.express.packages)]);
  }
  if (targets.length > 0) parts.push('', 'Against the targets:', '', table(['Target', 'Measured', ''], targets));
  return parts.join('\n');
}

const START = '<!-- cold-start:start -->';
const END = '<!-- cold-start:end -->';

/** Replaces the generated part of BENCHMARKS.md's "Cold start" section (between its markers). */
function writeSection(md) {
  const file = join(ROOT_DIR, 'BENCHMARKS.md');
  const page = readFileSync(file, 'utf8');
  const a = page.indexOf(START);
  const b = page.indexOf(END);
  if (a === -1 || b === -1) fail(`BENCHMARKS.md has no ${START} … ${END} markers`);
  writeFileSync(file, page.slice(0, a) + `${START}\n${md}\n${END}` + page.slice(b + END.length));
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  try {
    statSync(join(ROOT_DIR, 'dist', 'index.js'));
  } catch {
    fail('dist/ is missing: run `npm run build` first');
  }
  // The static fixtures exist before the first process, so no round writes them.
  require(join(BENCH_DIR, 'servers', 'common.cjs')).ensureFixtures();
  const chosen = FRAMEWORKS.filter((f) => opts.frameworks.includes(f.id));
  const samples = Object.fromEntries(chosen.map((f) => [f.id, []]));
  for (let round = 0; round < opts.rounds; round++) {
    // A rotating order: no framework always runs first (or right after the same neighbour).
    const order = chosen.map((_, i) => chosen[(i + round) % chosen.length]);
    for (const f of order) samples[f.id].push(await coldStart(f.id, opts.app));
    process.stderr.write(`round ${round + 1}/${opts.rounds} done\n`);
  }
  const results = chosen.map((f) => {
    const s = samples[f.id];
    const med = (key) => median(s.map((x) => x[key]));
    return { id: f.id, label: f.label, firstResponseMs: med('firstResponseMs'), requireMs: med('requireMs'), requireModules: med('requireModules'), modules: med('modules'), rssMb: med('rssMb'), samples: s };
  });
  const installs = opts.install ? await measureInstalls() : null;
  const env = {
    date: new Date().toISOString(),
    node: process.version,
    cores: cpus().length,
    cpu: (cpus()[0]?.model ?? 'unknown').replace(/\s+\d+-Core Processor$/, ''),
    rounds: opts.rounds,
    app: opts.app,
    loadAverage: loadavg().map((l) => l.toFixed(1)).join(' / '),
  };
  mkdirSync(join(BENCH_DIR, 'results'), { recursive: true });
  writeFileSync(join(BENCH_DIR, 'results', opts.app === 'cold' ? 'latest-cold-start.json' : 'latest-cold-start-large.json'), JSON.stringify({ environment: env, results, installs }, null, 2) + '\n');
  const md = render(results, installs, env);
  process.stdout.write(md + '\n');
  if (opts.write) {
    writeSection(md);
    process.stderr.write(`cold-start: BENCHMARKS.md and ${writeBenchmarkCharts().join(', ')} written\n`);
  }
}

main().catch((err) => {
  process.stderr.write(`bench/cold-start: ${err.stack || err}\n`);
  process.exit(1);
});
