// Portico on Bun, Deno and Node, against Hono, Elysia and express@4 on the same runtimes:
//
//   node bench/runtimes.mjs [--runtimes=bun,deno,node] [--only=a,b,c,d] [--servers=<id,…>]
//                           [--duration=<s>] [--warmup=<s>] [--rounds=<n>] [--connections=<n>]
//                           [--load=wrk|autocannon] [--no-pin] [--write]
//   node bench/runtimes.mjs --report     rewrite the section from results/runtimes-latest.json, no load
//
// Bun and Deno are the `bun` and `deno` devDependencies (node_modules/.bin); Node is the one running
// this script. Every server (servers/runtime-server.mjs) runs on core 0 and the load generator on
// core 1 (taskset, as bench/run.mjs does). The rounds are interleaved across the cells, each with a
// fresh server; a cell reports the mean of its rounds, every round's figure is kept. The ratios are
// to Hono on Bun.serve in the same scenario. Raw results go to bench/results/runtimes-latest.json;
// --write replaces the generated part of the "Runtimes" section of BENCHMARKS.md.
// Run `npm run build` first: the Portico servers load dist/.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runLoad, defaultLoadGenerator, tail } from './lib/load.mjs';
import { wrkVersion } from './lib/wrk.mjs';
import { scenarioById } from './lib/scenarios.mjs';
import { verify } from './lib/http-client.mjs';
import { detectPinning, freePort, installCleanup, spawnPinned, stop, waitForReady } from './lib/processes.mjs';
import { barChart } from './lib/svg-chart.mjs';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const ROOT = join(BENCH_DIR, '..');
const BIN = join(ROOT, 'node_modules', '.bin');
const SERVER_SCRIPT = join(BENCH_DIR, 'servers', 'runtime-server.mjs');

/** How each runtime runs a script. */
const RUNTIMES = {
  bun: { label: 'Bun', command: join(BIN, 'bun'), args: [] },
  deno: { label: 'Deno', command: join(BIN, 'deno'), args: ['run', '-A'] },
  node: { label: 'Node', command: process.execPath, args: [] },
};

/** The servers measured on each runtime, in table order. */
const SERVERS = {
  bun: ['portico-fetch', 'portico-node-http', 'express4', 'hono', 'elysia'],
  deno: ['portico-fetch', 'portico-node-http', 'express4', 'hono'],
  node: ['portico-fetch', 'portico-node-http', 'express4', 'hono'],
};

/** What each server is, per runtime, for the tables. */
function serverLabel(runtime, server) {
  const native = { bun: '`Bun.serve`', deno: '`Deno.serve`', node: '`@hono/node-server`' }[runtime];
  return {
    'portico-fetch': `Portico, \`app.fetch\` on ${native}`,
    'portico-node-http': 'Portico, `app.listen` (`node:http`)',
    express4: 'express@4 (`node:http`)',
    hono: `Hono on ${native}`,
    elysia: `Elysia on ${native}`,
  }[server];
}

const SCENARIO_NAMES = { a: 'hello', b: 'json', c: '100 routes', d: '10 middleware' };

function parseOptions(argv) {
  const options = { runtimes: ['bun', 'deno', 'node'], only: ['a', 'b', 'c', 'd'], servers: null, duration: 3, warmup: 1, rounds: 2, connections: 50, load: undefined, noPin: false, write: false };
  for (const arg of argv) {
    const [key, value] = arg.replace(/^--/, '').split('=');
    if (key === 'runtimes' || key === 'only' || key === 'servers') options[key] = value.split(',');
    else if (key === 'duration' || key === 'warmup') options[key] = Number(value);
    else if (key === 'rounds' || key === 'connections') options[key] = Number.parseInt(value, 10);
    else if (key === 'load') options.load = value;
    else if (key === 'no-pin') options.noPin = true;
    else if (key === 'write') options.write = true;
    else if (key === 'report') options.report = true;
    else if (key === 'help' || key === 'h') {
      process.stdout.write(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').filter((l) => l.startsWith('//')).join('\n') + '\n');
      process.exit(0);
    } else throw new Error(`unknown option: ${arg}`);
  }
  for (const id of options.only) if (!SCENARIO_NAMES[id]) throw new Error(`scenario ${id} is not measured here (a, b, c, d)`);
  return options;
}

/** One round of one cell: a fresh server on core 0, its answers checked, then the load. */
async function measure(runtime, server, scenarioId, options, pinning) {
  const { command, args } = RUNTIMES[runtime];
  const port = await freePort();
  const child = spawnPinned(command, [...args, SERVER_SCRIPT, server, scenarioId, String(port)], { pinning, core: 0, env: { NODE_ENV: 'production', NO_COLOR: '1' } });
  try {
    await waitForReady(child, 30000);
    const { requests } = scenarioById(scenarioId);
    await verify(port, requests);
    const load = await runLoad(port, requests, options, pinning);
    const wrong = (load.statusCounts['non-2xx/3xx'] || 0) + load.errors + load.timeouts;
    return { rps: load.rps, p50: load.p50, p99: load.p99, ...(wrong > 0 ? { suspect: `${wrong} errors, timeouts or wrong statuses` } : {}) };
  } catch (err) {
    return { error: `${err.message}${child.stderrText ? ` — ${tail(child.stderrText)}` : ''}` };
  } finally {
    await stop(child);
  }
}

const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
const fmt = (rps) => (rps === undefined ? '—' : `${(rps / 1000).toFixed(1)}k`);

/** The tables: one per runtime, a row per server, a column per scenario with rps and the ratio to Hono on Bun. */
function renderTables(results) {
  const { options } = results;
  const honoBun = (sc) => results.cells.bun?.hono?.[sc]?.rps;
  const parts = [];
  for (const runtime of options.runtimes) {
    const header = `| ${RUNTIMES[runtime].label} ${results.versions[runtime]} | ${options.only.map((sc) => `${SCENARIO_NAMES[sc]} (${sc})`).join(' | ')} |`;
    const rule = `|---|${options.only.map(() => '---:').join('|')}|`;
    const rows = [];
    for (const server of Object.keys(results.cells[runtime] ?? {})) {
      const cells = options.only.map((sc) => {
        const cell = results.cells[runtime][server][sc];
        if (!cell || cell.error) return cell?.error ? 'error' : '—';
        const base = honoBun(sc);
        const ratio = base ? ` (${(cell.rps / base).toFixed(2)}×)` : '';
        return `${fmt(cell.rps)}${ratio}${cell.suspect ? ' ⚠' : ''}`;
      });
      rows.push(`| ${serverLabel(runtime, server)} | ${cells.join(' | ')} |`);
    }
    parts.push([header, rule, ...rows].join('\n'));
  }
  return parts.join('\n\n');
}

/** The chart of the section: one panel per runtime and scenario, requests/s of each server. */
function runtimesChart(results) {
  const { options } = results;
  const thousands = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  const panels = [];
  for (const runtime of options.runtimes) {
    for (const sc of options.only) {
      const servers = Object.keys(results.cells[runtime] ?? {});
      panels.push({
        title: `${RUNTIMES[runtime].label} ${results.versions[runtime]}, ${SCENARIO_NAMES[sc]} (${sc})`,
        bars: servers.map((server) => {
          const cell = results.cells[runtime][server][sc];
          const usable = cell && !cell.error && cell.rps > 0;
          return { label: serverLabel(runtime, server), value: usable ? cell.rps : null, note: cell?.error ? 'failed' : '—', highlight: server === 'portico-fetch' };
        }),
      });
    }
  }
  return barChart({
    title: 'Requests per second on Bun, Deno and Node (higher is better)',
    subtitle: `Measured ${results.date}; each panel on its own scale`,
    description: 'Requests per second of Portico through app.fetch and through node:http, express@4, Hono and Elysia, per runtime and scenario.',
    columns: 2,
    width: 1120,
    format: (n) => thousands.format(n),
    panels,
  });
}

const CHART_FILE = join(ROOT, 'docs', 'charts', 'runtimes.svg');

function renderSection(results) {
  const { options, environment } = results;
  return `<!-- runtimes:start -->
Measured ${results.date} by \`node bench/runtimes.mjs${results.argv.length ? ' ' + results.argv.join(' ') : ''}\`: ${environment.load}, ${options.connections} connections,
${options.warmup} s warm-up and ${options.duration} s measured per round, ${options.rounds} rounds interleaved across the cells (a fresh server each),
the mean of the rounds shown; ${environment.pinning}. Requests/s, and in brackets the ratio to Hono on \`Bun.serve\` in the same scenario.
${environment.cpu}.

${renderTables(results)}

![Requests per second on Bun, Deno and Node](docs/charts/runtimes.svg)
<!-- runtimes:end -->`;
}

/** Replaces the generated part of the Runtimes section of BENCHMARKS.md (or appends the section). */
function writeSection(results) {
  const file = join(ROOT, 'BENCHMARKS.md');
  const text = readFileSync(file, 'utf8');
  const section = renderSection(results);
  const start = text.indexOf('<!-- runtimes:start -->');
  const end = text.indexOf('<!-- runtimes:end -->');
  const next =
    start !== -1 && end > start
      ? text.slice(0, start) + section + text.slice(end + '<!-- runtimes:end -->'.length)
      : `${text.trimEnd()}\n\n## Runtimes\n\n${section}\n`;
  writeFileSync(file, next);
  writeFileSync(CHART_FILE, runtimesChart(results));
}

async function runtimeVersion(runtime) {
  const { command } = RUNTIMES[runtime];
  const child = spawnPinned(command, [...(runtime === 'deno' ? ['eval'] : ['-e']), 'console.log(globalThis.Bun ? Bun.version : globalThis.Deno ? Deno.version.deno : process.versions.node)'], { pinning: { enabled: false } });
  await child.exited;
  return child.stdoutText.trim();
}

async function main() {
  const argv = process.argv.slice(2);
  const options = parseOptions(argv);
  if (options.report) {
    writeSection(JSON.parse(readFileSync(join(BENCH_DIR, 'results', 'runtimes-latest.json'), 'utf8')));
    return;
  }
  installCleanup();
  if (!existsSync(join(ROOT, 'dist', 'index.js'))) throw new Error('dist/index.js is missing: run `npm run build` first');
  const pinning = detectPinning(options.noPin);
  const load = options.load || defaultLoadGenerator();
  const versions = {};
  for (const runtime of options.runtimes) versions[runtime] = await runtimeVersion(runtime);
  const cellList = [];
  for (const runtime of options.runtimes) {
    for (const server of SERVERS[runtime]) {
      if (options.servers && !options.servers.includes(server)) continue;
      for (const sc of options.only) cellList.push({ runtime, server, sc });
    }
  }
  const rounds = new Map(cellList.map((c) => [c, []]));
  for (let round = 0; round < options.rounds; round++) {
    // A rotating order, so that no cell always runs first or last in a round.
    const order = cellList.map((_, i) => cellList[(i + round * 7) % cellList.length]);
    for (const cell of order) {
      const result = await measure(cell.runtime, cell.server, cell.sc, { ...options, load }, pinning);
      rounds.get(cell).push(result);
      process.stderr.write(`round ${round + 1} ${cell.runtime} ${cell.server} ${cell.sc}: ${result.error ? `error ${result.error}` : fmt(result.rps)}\n`);
    }
  }
  const cells = {};
  for (const [cell, results] of rounds) {
    const ok = results.filter((r) => !r.error);
    const entry = ok.length === 0 ? { error: results[0].error } : { rps: mean(ok.map((r) => r.rps)), roundsRps: ok.map((r) => Math.round(r.rps)), p50: mean(ok.map((r) => r.p50)), p99: mean(ok.map((r) => r.p99)) };
    const suspect = results.find((r) => r.suspect);
    if (suspect) entry.suspect = suspect.suspect;
    ((cells[cell.runtime] ??= {})[cell.server] ??= {})[cell.sc] = entry;
  }
  const { cpus } = await import('node:os');
  const results = {
    date: new Date().toISOString().slice(0, 10),
    argv,
    options,
    versions,
    environment: {
      load: load === 'wrk' ? `wrk ${wrkVersion()} (one thread)` : 'autocannon',
      pinning: pinning.enabled ? 'server on core 0, load generator on core 1 (taskset)' : `not pinned (${pinning.reason})`,
      cpu: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}`,
    },
    cells,
  };
  mkdirSync(join(BENCH_DIR, 'results'), { recursive: true });
  writeFileSync(join(BENCH_DIR, 'results', 'runtimes-latest.json'), JSON.stringify(results, null, 2) + '\n');
  process.stdout.write(renderTables(results) + '\n');
  if (options.write) writeSection(results);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
