// The benchmark runner: `npm run bench [-- options]`. See `node bench/run.mjs --help`.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseOptions, usage } from './lib/options.mjs';
import { FRAMEWORKS, BENCH_DIR, ROOT_DIR, frameworkById, servesScenario } from './lib/frameworks.mjs';
import { SERVER_ENV, defaultLoadGenerator, runLoad, startServer, tail } from './lib/load.mjs';
import { SCENARIOS } from './lib/scenarios.mjs';
import { send, verify } from './lib/http-client.mjs';
import { describeEnvironment } from './lib/environment.mjs';
import { resultTables, writeBenchmarksMd } from './lib/report.mjs';
import { writeBenchmarkCharts } from './lib/charts.mjs';
import { detectPinning, freePort, installCleanup, peakRssMb, spawnNode, stop } from './lib/processes.mjs';

const options = parseOptions(process.argv.slice(2));
if (options.help) {
  process.stdout.write(usage());
  process.exit(0);
}
installCleanup();

const pinning = detectPinning(options.noPin);
const standIn = process.env.PORTICO_BENCH_MODULE || null;
if (options.frameworks.includes('portico') && !standIn && !existsSync(join(ROOT_DIR, 'dist', 'index.js'))) {
  process.stderr.write('bench: dist/index.js is missing; run `npm run build` first (or `npm run bench`, which builds).\n');
  process.exit(1);
}

// wrk cannot count answers per status: it reports only how many were neither 2xx nor 3xx, under
// this key. No scenario expects such an answer, so any count there is a wrong answer.
const NOT_2XX_3XX = 'non-2xx/3xx';

/** Flags a measurement whose responses were not all the expected ones (an empty count is clean). */
function suspicion(load, requests) {
  const expected = new Set(requests.map((r) => String(r.status)));
  const parts = [];
  const wrongClass = load.statusCounts[NOT_2XX_3XX] || 0;
  if (wrongClass > 0) parts.push(`${wrongClass} responses with a status other than 2xx or 3xx`);
  // autocannon counts every status, so it can tell a 200 where a 304 was expected.
  let unexpected = 0;
  for (const [status, count] of Object.entries(load.statusCounts)) if (status !== NOT_2XX_3XX && !expected.has(status)) unexpected += count;
  if (unexpected > 0) parts.push(`${unexpected} unexpected statuses (${JSON.stringify(load.statusCounts)})`);
  if (load.errors > 0) parts.push(`${load.errors} connection errors`);
  if (load.timeouts > 0) parts.push(`${load.timeouts} timeouts`);
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/** One cell: a fresh server, a correctness check, warm-up and measured load, peak RSS. */
async function runCell(scenario, framework) {
  let started;
  try {
    started = await startServer(framework, scenario.id, pinning);
    const { server, port } = started;
    const requests = scenario.prepare ? await scenario.prepare((r) => send(port, r)) : scenario.requests;
    await verify(port, requests);
    if (options.check) return { checked: true };
    const load = await runLoad(port, requests, options, pinning);
    const cell = { ...load, peakRssMb: peakRssMb(server.pid) };
    const suspect = suspicion(load, requests);
    if (suspect) cell.suspect = suspect;
    return cell;
  } catch (err) {
    const stderr = started ? tail(started.server.stderrText) : '';
    return { error: `${err.message}${stderr ? ` — server stderr: ${stderr}` : ''}` };
  } finally {
    if (started) await stop(started.server);
  }
}

/** One fresh probe process for (j): the parsed JSON line, or an Error with the probe's stderr. */
async function probeOnce(framework, empty) {
  const port = await freePort();
  const args = ['--expose-gc', join(BENCH_DIR, 'lib', 'startup-probe.cjs'), framework.id, String(port)];
  const probe = spawnNode(empty ? [...args, 'empty'] : args, { pinning, core: 0, env: SERVER_ENV });
  const { code, signal } = await probe.exited;
  if (code !== 0) throw new Error(`${empty ? 'empty-app ' : ''}probe exited (${signal || code}): ${tail(probe.stderrText)}`);
  const lines = probe.stdoutText.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]);
}

/** The median of every key of the runs, under `prefix` + the key (capitalised after a prefix). */
function medians(runs, prefix = '') {
  const result = {};
  for (const key of Object.keys(runs[0])) {
    const sorted = runs.map((r) => r[key]).sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    const name = prefix ? `${prefix}${key[0].toUpperCase()}${key.slice(1)}` : key;
    result[name] = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  }
  return result;
}

/**
 * Scenario (j) for one framework: the medians of several fresh processes with the 1,000-route
 * app, and of as many with an empty app (keys prefixed `empty`), the baseline for its memory.
 * A failed empty app leaves the 1,000-route numbers standing, with `emptyError` beside them.
 */
async function runStartup(framework) {
  const full = [];
  const empty = [];
  let emptyError;
  const count = options.check ? 1 : options.startupRuns;
  for (let i = 0; i < count; i++) {
    // Alternate which of the two goes first, so that drift in the machine hits both alike.
    for (const isEmpty of i % 2 === 0 ? [false, true] : [true, false]) {
      try {
        if (!isEmpty) full.push(await probeOnce(framework, false));
        else if (!emptyError) empty.push(await probeOnce(framework, true));
      } catch (err) {
        if (!isEmpty) return { error: err.message };
        emptyError = err.message;
      }
    }
  }
  const result = { runs: full.length, ...medians(full) };
  if (emptyError) result.emptyError = emptyError;
  else Object.assign(result, { emptyRuns: empty.length }, medians(empty, 'empty'));
  return result;
}

/**
 * Of several measurements of one cell, the one with the median requests/s (the lower middle for an
 * even count), with `kept(cells)` beside it (every figure measured) and the highest peak RSS; a
 * failed measurement makes the cell failed.
 */
function medianOf(cells, kept) {
  const failed = cells.find((c) => c.error);
  if (failed) return failed;
  if (cells.length === 1) return cells[0];
  const sorted = [...cells].sort((x, y) => x.rps - y.rps);
  const median = sorted[(sorted.length - 1) >> 1];
  return { ...median, ...kept(cells), peakRssMb: Math.max(...cells.map((c) => c.peakRssMb ?? 0)) || null };
}

/** A framework's rounds of a cell: the median round, every round's requests/s kept (`roundsRps`). */
const medianCell = (cells) => medianOf(cells, (all) => ({ roundsRps: all.map((c) => c.rps) }));

/** A cell's whole runs: the median run, with `runsRps` and every run's rounds (`runsRoundsRps`). */
const medianRun = (cells) =>
  medianOf(cells, (all) => ({ runsRps: all.map((c) => c.rps), runsRoundsRps: all.map((c) => c.roundsRps ?? [c.rps]) }));

/** The frameworks in a rotating order, so that none is always measured first or last. */
function rotated(list, by) {
  const k = by % list.length;
  return [...list.slice(k), ...list.slice(0, k)];
}

const pad = (text, width) => String(text).padEnd(width);
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
/** The start of a progress line: scenario and framework in aligned columns. */
const cellLabel = (scenarioId, frameworkId) => `${pad(`(${scenarioId})`, 9)}${pad(frameworkId, 10)}`;

/** The (j) progress line's comparison with the empty app: its RSS and heap, and the differences. */
function emptyText(r) {
  if (r.emptyError) return `; empty app FAILED: ${r.emptyError}`;
  const diff = (full, empty) => `${full - empty >= 0 ? '+' : ''}${(full - empty).toFixed(1)}`;
  return `; empty app RSS ${r.emptyRssMb.toFixed(1)} MB (${diff(r.rssMb, r.emptyRssMb)}), heap ${r.emptyHeapUsedMb.toFixed(1)} MB (${diff(r.heapUsedMb, r.emptyHeapUsedMb)})`;
}

const frameworks = options.frameworks.map(frameworkById);
const scenarios = SCENARIOS.filter((s) => options.scenarios.includes(s.id));
const results = {
  mode: options.mode,
  standIn,
  settings: {
    connections: options.connections,
    warmup: options.warmup,
    duration: options.duration,
    rounds: options.rounds,
    runs: options.check ? 1 : options.runs,
    startupRuns: options.startupRuns,
    pinning,
  },
  environment: describeEnvironment(options.load),
  allFrameworks: FRAMEWORKS.map((f) => f.id),
  frameworks: options.frameworks,
  scenarios: options.scenarios,
  cells: {},
  startup: null,
};

const loadCells = scenarios.filter((s) => !s.startup).reduce((n, s) => n + frameworks.filter((f) => servesScenario(f, s.id)).length, 0);
// Say so when autocannon runs only because wrk is missing: its numbers for fast servers are lower.
const fallback = options.load === 'autocannon' && defaultLoadGenerator() === 'autocannon';
const estimate = Math.round((loadCells * options.runs * options.rounds * (options.warmup + options.duration + 1.2)) / 60);
process.stdout.write(
  `bench: ${options.mode} run, ${plural(scenarios.length, 'scenario')} × ${plural(frameworks.length, 'framework')}, ` +
    `${options.runs > 1 ? `${options.runs} full runs of ` : ''}${options.rounds} round${options.rounds === 1 ? '' : 's'} of ${options.warmup} s warm-up + ${options.duration} s per cell, ${options.connections} connections (about ${estimate || '<1'} min)\n` +
    `bench: load generator ${options.load} ${results.environment.loadGenerator.version}${fallback ? ' (wrk is not on PATH: apt-get install wrk)' : ''}\n` +
    `bench: pinning ${pinning.enabled ? 'on' : 'OFF'}: ${pinning.reason}; Node ${process.version}; ` +
    `load average ${results.environment.loadAverage.join(' / ')}\n`,
);
if (standIn) process.stdout.write(`bench: WARNING: the Portico column runs ${standIn} (PORTICO_BENCH_MODULE stand-in)\n`);

/** (j) for every framework that serves it, in a rotating order. */
async function measureStartup(index) {
  const startup = {};
  for (const framework of rotated(frameworks, index)) {
    if (!servesScenario(framework, 'j')) continue;
    const r = await runStartup(framework);
    startup[framework.id] = r;
    process.stdout.write(
      `${cellLabel('j', framework.id)} ` +
        (r.error ? `FAILED: ${r.error}\n` : `ready ${r.readyMs.toFixed(1)} ms, RSS ${r.rssMb.toFixed(1)} MB, heap ${r.heapUsedMb.toFixed(1)} MB${emptyText(r)}\n`),
    );
  }
  return startup;
}

/**
 * One load scenario in interleaved rounds: the frameworks' cells, each the round with the median
 * requests/s. Several short rounds, each visiting every framework, rather than one long cell: this
 * virtual machine's speed drifts by tens of percent within minutes, and the median of interleaved
 * rounds lets no framework take all of a slow (or fast) stretch.
 */
async function measureScenario(scenario, index, runLabel) {
  const rounds = options.check ? 1 : options.rounds;
  const serving = frameworks.filter((f) => servesScenario(f, scenario.id));
  const byFramework = new Map(serving.map((f) => [f.id, []]));
  for (let round = 0; round < rounds; round++) {
    for (const framework of rotated(serving, index + round)) {
      const cell = await runCell(scenario, framework);
      byFramework.get(framework.id).push(cell);
      const label = `${cellLabel(scenario.id, framework.id)}${runLabel}${rounds > 1 ? `${round + 1}/${rounds} ` : ''}`;
      if (cell.error) process.stdout.write(`${label} FAILED: ${cell.error}\n`);
      else if (cell.checked) process.stdout.write(`${label} answers correctly\n`);
      else {
        process.stdout.write(
          `${label} ${pad(Math.round(cell.rps).toLocaleString('en-US'), 8)} req/s  p50 ${cell.p50} ms  p99 ${cell.p99} ms  ` +
            `peak RSS ${cell.peakRssMb === null ? '?' : cell.peakRssMb.toFixed(1)} MB${cell.suspect ? `  SUSPECT: ${cell.suspect}` : ''}\n`,
        );
      }
    }
  }
  const cells = {};
  for (const framework of serving) cells[framework.id] = medianCell(byFramework.get(framework.id));
  return cells;
}

const started = Date.now();
// Whole runs repeated: every load scenario of every framework once per run, then the next run, so
// that each run spans the machine's slow drift as a whole and the reported cell is the median run.
const runs = options.check ? 1 : options.runs;
const perRun = [];
for (let run = 0; run < runs; run++) {
  const runLabel = runs > 1 ? `run ${run + 1}/${runs} ` : '';
  if (runs > 1) process.stdout.write(`bench: full run ${run + 1} of ${runs}\n`);
  const cells = {};
  for (const [index, scenario] of scenarios.entries()) {
    // (j) is the median of several fresh processes already; it is measured in the first run only.
    if (scenario.startup) {
      if (run === 0) results.startup = await measureStartup(index);
      continue;
    }
    cells[scenario.id] = await measureScenario(scenario, index + run, runLabel);
  }
  perRun.push(cells);
}
for (const scenario of scenarios.filter((s) => !s.startup)) {
  results.cells[scenario.id] = {};
  for (const framework of frameworks.filter((f) => servesScenario(f, scenario.id))) {
    results.cells[scenario.id][framework.id] = medianRun(perRun.map((cells) => cells[scenario.id][framework.id]));
  }
}
results.elapsedSeconds = Math.round((Date.now() - started) / 1000);

if (options.check) {
  const failed = Object.values(results.cells).flatMap((row) => Object.values(row)).filter((c) => c.error).length;
  process.stdout.write(`bench: check done in ${results.elapsedSeconds} s, ${failed} failed\n`);
  process.exit(failed > 0 ? 1 : 0);
}

const resultsDir = join(BENCH_DIR, 'results');
mkdirSync(resultsDir, { recursive: true });
const resultsFile = join(resultsDir, `latest-${options.mode}.json`);
writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);

process.stdout.write(`\n${resultTables(results)}\n`);
process.stdout.write(`bench: ${results.elapsedSeconds} s; raw results in ${resultsFile}\n`);
if (options.mode === 'full' || options.write) {
  writeBenchmarksMd(join(ROOT_DIR, 'BENCHMARKS.md'), results);
  process.stdout.write(`bench: BENCHMARKS.md and ${writeBenchmarkCharts(results).join(', ')} written\n`);
}
