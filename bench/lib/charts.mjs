// The benchmark charts (docs/charts/*.svg), drawn from the same results as the tables of
// BENCHMARKS.md: the full run's JSON (bench/results/latest-full.json) for requests per second,
// latency and the summary; the HTTP/2 and cold-start runs' JSON (latest-h2.json,
// latest-cold-start.json) when present, else the tables those runs wrote between their markers in
// BENCHMARKS.md (a run's JSON stays on the machine that made it; the tables are what is committed).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_DIR, ROOT_DIR, frameworkById } from './frameworks.mjs';
import { H2_FRAMEWORK_NAMES, H2_SESSION_TITLE, H2_SHORT_NAMES } from './http2-labels.mjs';
import { scenarioById } from './scenarios.mjs';
import { barChart } from './svg-chart.mjs';

const thousands = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const fixed = (digits) => (n) => n.toFixed(digits);

/** A cell that ran cleanly (the tables' rule: no error, no suspect figure). */
function usable(cell) {
  return Boolean(cell) && !cell.error && cell.rps > 0 && !cell.suspect;
}

/** The frameworks of the main tables: the run's, without variants. */
function mainFrameworks(results) {
  return results.frameworks.filter((f) => !frameworkById(f)?.variantOf);
}

/** The load scenarios of a run that have results, with their titles. */
function loadScenarios(results) {
  return results.scenarios.filter((id) => results.cells[id]).map((id) => ({ id, title: `(${id}) ${scenarioById(id)?.title ?? ''}` }));
}

function runLine(results) {
  const env = results.environment;
  return `${env.date.slice(0, 10)}, Node.js ${env.node}, ${env.cpuModel} (${env.nproc} cores)${env.commit ? `, Portico at ${env.commit}` : ''}; BENCHMARKS.md has the method and the tables`;
}

/** Requests per second per scenario, one panel each, every framework of the main tables. */
export function requestsChart(results) {
  const frameworks = mainFrameworks(results);
  return barChart({
    title: 'Requests per second by scenario (higher is better)',
    subtitle: runLine(results),
    description: 'Requests per second of Portico and its peers in each load scenario of the latest full run; each scenario on its own scale.',
    columns: 2,
    format: (n) => thousands.format(n),
    panels: loadScenarios(results).map(({ id, title }) => ({
      title,
      bars: frameworks.map((f) => {
        const cell = results.cells[id][f];
        return { label: frameworkById(f).label, value: usable(cell) ? cell.rps : null, note: cell?.error ? 'failed' : '—', highlight: f === 'portico' };
      }),
    })),
  });
}

/** One latency percentile (`p50` or `p99`) per scenario, one panel each. */
export function latencyChart(results, percentile) {
  const frameworks = mainFrameworks(results);
  return barChart({
    title: `${percentile} latency by scenario, ms (lower is better)`,
    subtitle: `At the load of the requests/s chart (${results.settings.connections} connections); ${runLine(results)}`,
    description: `${percentile} latency in milliseconds of Portico and its peers in each load scenario of the latest full run; each scenario on its own scale.`,
    columns: 2,
    format: (n) => (n < 10 ? n.toFixed(2) : n.toFixed(1)),
    panels: loadScenarios(results).map(({ id, title }) => ({
      title,
      bars: frameworks.map((f) => {
        const cell = results.cells[id][f];
        const ok = usable(cell) && typeof cell[percentile] === 'number';
        return { label: frameworkById(f).label, value: ok ? cell[percentile] : null, note: cell?.error ? 'failed' : '—', highlight: f === 'portico' };
      }),
    })),
  });
}

/**
 * Each framework's requests per second relative to Express 4: the geometric mean, over the
 * scenarios both ran cleanly, of its requests/s divided by Express 4's.
 */
export function relativeToExpress(results) {
  const out = [];
  for (const f of mainFrameworks(results)) {
    const logs = [];
    for (const { id } of loadScenarios(results)) {
      const row = results.cells[id];
      if (usable(row[f]) && usable(row.express4)) logs.push(Math.log(row[f].rps / row.express4.rps));
    }
    if (logs.length > 0) out.push({ id: f, ratio: Math.exp(logs.reduce((a, b) => a + b, 0) / logs.length), scenarios: logs.length });
  }
  return out.sort((a, b) => b.ratio - a.ratio);
}

/** The README's chart: requests/s relative to Express 4, geometric mean over the load scenarios. */
export function summaryChart(results) {
  const rows = relativeToExpress(results);
  const count = Math.max(...rows.map((r) => r.scenarios));
  return barChart({
    title: 'Requests per second relative to Express 4 (higher is better)',
    subtitle: `Geometric mean over ${count} load scenarios; ${results.environment.date.slice(0, 10)}, Node.js ${results.environment.node}; details in BENCHMARKS.md`,
    description: 'How many times the requests per second of Express 4 each framework serves, as a geometric mean over the load scenarios of the latest full run.',
    format: (n) => `${n.toFixed(2)}×`,
    width: 640,
    panels: [{ title: '', bars: rows.map((r) => ({ label: frameworkById(r.id).label, value: r.ratio, highlight: r.id === 'portico' })) }],
  });
}

/** The cells of a Markdown table row. */
function cells(line) {
  return line.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim());
}

/** A number of a table cell (`1,234`, `172.4`, `**1.2**`), or null for `—`/`–`/empty. */
function tableNumber(text) {
  const n = Number(text.replace(/\*\*/g, '').replace(/,/g, '').replace(/^\+/, ''));
  return text.trim() === '' || Number.isNaN(n) ? null : n;
}

/** The text of BENCHMARKS.md between `<!-- name:start -->` and `<!-- name:end -->`, or null. */
function markedSection(page, name) {
  const a = page.indexOf(`<!-- ${name}:start -->`);
  const b = page.indexOf(`<!-- ${name}:end -->`);
  return a === -1 || b === -1 ? null : page.slice(a, b);
}

/** The tables of a marked section: `[{ intro, header, rows }]`, intro being the paragraph before each. */
function markdownTables(section) {
  const tables = [];
  let intro = '';
  let current = null;
  for (const line of section.split('\n')) {
    if (line.startsWith('|')) {
      if (!current) tables.push((current = { intro, header: cells(line), rows: [] }));
      else if (!/^\|[\s:|-]+\|$/.test(line.trim())) current.rows.push(cells(line));
    } else {
      current = null;
      if (line.trim() !== '') intro = line.trim();
    }
  }
  return tables;
}

/**
 * The HTTP/2 run as `{ measured, scenarios: [{ title, values: { [framework id]: { rps, cpuUs, instructions } } }] }`,
 * from latest-h2.json, else from the tables in BENCHMARKS.md; null when there is neither.
 */
export function readHttp2(benchDir, page) {
  const file = join(benchDir, 'results', 'latest-h2.json');
  if (existsSync(file)) {
    const { environment, results } = JSON.parse(readFileSync(file, 'utf8'));
    const scenarios = Object.entries(results).map(([id, row]) => ({
      title: `(${id}) ${id === 's' ? H2_SESSION_TITLE : scenarioById(id)?.title ?? ''}`,
      values: row,
    }));
    return { measured: `${environment.date.slice(0, 16).replace('T', ' ')} UTC, load average ${environment.loadAverage}`, scenarios };
  }
  const section = page === null ? null : markedSection(page, 'http2');
  if (section === null) return null;
  const measured = (/Measured ([^,]+)/.exec(section)?.[1] ?? '').trim();
  const byTitle = new Map();
  for (const table of markdownTables(section)) {
    const key = /^Requests per second/.test(table.intro) ? 'rps' : /CPU/.test(table.intro) ? 'cpuUs' : /instructions/.test(table.intro) ? 'instructions' : null;
    if (key === null) continue;
    const idOf = Object.fromEntries(Object.entries(H2_FRAMEWORK_NAMES).map(([id, name]) => [name, id]));
    for (const row of table.rows) {
      if (!byTitle.has(row[0])) byTitle.set(row[0], {});
      const values = byTitle.get(row[0]);
      table.header.forEach((heading, i) => {
        const id = idOf[heading];
        if (id !== undefined) values[id] = { ...values[id], [key]: tableNumber(row[i]) };
      });
    }
  }
  return { measured, scenarios: [...byTitle].map(([title, values]) => ({ title, values })) };
}

/**
 * The HTTP/2 chart: server instructions per request where the run counted them (the measure that
 * holds on a busy machine; see BENCHMARKS.md), else requests per second.
 */
export function http2Chart(h2) {
  const counted = h2.scenarios.some((s) => Object.values(s.values).some((v) => typeof v.instructions === 'number'));
  const key = counted ? 'instructions' : 'rps';
  return barChart({
    title: counted ? 'HTTP/2 (h2c): server instructions per request (lower is better)' : 'HTTP/2 (h2c): requests per second (higher is better)',
    subtitle: `${counted ? 'Callgrind, server process only, ' : ''}loaded by h2load${h2.measured ? `; measured ${h2.measured}` : ''}; "plain start" is http2.createServer(app)`,
    description: 'The HTTP/2 benchmark: Portico started two ways, Fastify with http2: true, and raw node:http2, per scenario.',
    columns: 2,
    format: counted ? (n) => `${thousands.format(Math.round(n / 1000))} k` : (n) => thousands.format(n),
    panels: h2.scenarios.map((s) => ({
      title: s.title,
      bars: Object.entries(H2_SHORT_NAMES).map(([id, label]) => ({ label, value: s.values[id]?.[key] ?? null, highlight: id === 'portico' })),
    })),
  });
}

/**
 * The cold-start run as `{ measured, rows: [{ label, firstResponseMs, requireMs, rssMb }] }`, from
 * latest-cold-start.json, else from the table in BENCHMARKS.md; null when there is neither.
 */
export function readColdStart(benchDir, page) {
  const file = join(benchDir, 'results', 'latest-cold-start.json');
  if (existsSync(file)) {
    const { environment, results } = JSON.parse(readFileSync(file, 'utf8'));
    return { measured: `${environment.date.slice(0, 16).replace('T', ' ')} UTC`, rows: results.map((r) => ({ label: r.label, firstResponseMs: r.firstResponseMs, requireMs: r.id === 'node-http' ? null : r.requireMs, rssMb: r.rssMb })) };
  }
  const section = page === null ? null : markedSection(page, 'cold-start');
  if (section === null) return null;
  const table = markdownTables(section).find((t) => t.header.includes('ms to first 200'));
  if (!table) return null;
  const column = (name) => table.header.indexOf(name);
  const rows = table.rows.map((row) => ({
    label: row[0].replace(/\*\*/g, ''),
    firstResponseMs: tableNumber(row[column('ms to first 200')]),
    requireMs: tableNumber(row[column('require() ms')]),
    rssMb: tableNumber(row[column('RSS MiB after first 200')]),
  }));
  return { measured: (/Measured ([^,]+)/.exec(section)?.[1] ?? '').trim(), rows };
}

/** The cold-start chart: time to the first response, require() alone, and memory after it. */
export function coldStartChart(cold) {
  const panel = (title, key, note) => ({
    title,
    bars: cold.rows.map((r) => ({ label: r.label, value: r[key], note, highlight: /portico/i.test(r.label) })),
  });
  return barChart({
    title: 'Cold start (lower is better)',
    subtitle: `A fresh process per framework, median of interleaved rounds${cold.measured ? `; measured ${cold.measured}` : ''}`,
    description: 'Time from process start to the first response, time of require() of the framework, and resident memory after the first response.',
    columns: 3,
    width: 960,
    format: (n) => fixed(1)(n),
    panels: [panel('ms to the first 200', 'firstResponseMs'), panel('require() of the framework, ms', 'requireMs', 'n/a'), panel('RSS after the first 200, MiB', 'rssMb')],
  });
}

/**
 * Writes every chart the available results allow into `outDir` (docs/charts) and returns the file
 * names written. `results` is the full run (null: none recorded); `page` the text of BENCHMARKS.md.
 */
export function writeCharts({ results, benchDir, page, outDir }) {
  mkdirSync(outDir, { recursive: true });
  const charts = [];
  if (results) {
    charts.push(
      ['requests-per-second.svg', requestsChart(results)],
      ['latency-p50.svg', latencyChart(results, 'p50')],
      ['latency-p99.svg', latencyChart(results, 'p99')],
      ['summary.svg', summaryChart(results)],
    );
  }
  const h2 = readHttp2(benchDir, page);
  if (h2 && h2.scenarios.length > 0) charts.push(['http2.svg', http2Chart(h2)]);
  const cold = readColdStart(benchDir, page);
  if (cold && cold.rows.length > 0) charts.push(['cold-start.svg', coldStartChart(cold)]);
  for (const [name, svg] of charts) writeFileSync(join(outDir, name), svg);
  return charts.map(([name]) => name);
}

/**
 * The charts of this repository: docs/charts/ from bench/results/latest-full.json (or `results`,
 * when a run has just produced them) and BENCHMARKS.md. Returns the paths written, relative to the root.
 */
export function writeBenchmarkCharts(results = readFullResults()) {
  const page = existsSync(join(ROOT_DIR, 'BENCHMARKS.md')) ? readFileSync(join(ROOT_DIR, 'BENCHMARKS.md'), 'utf8') : null;
  return writeCharts({ results, benchDir: BENCH_DIR, page, outDir: join(ROOT_DIR, CHARTS_DIR) }).map((name) => `${CHARTS_DIR}/${name}`);
}

/** Where the charts go, relative to the repository (BENCHMARKS.md, the README and the site link there). */
export const CHARTS_DIR = 'docs/charts';

/** The saved full run, or null when none was recorded. */
function readFullResults() {
  const file = join(BENCH_DIR, 'results', 'latest-full.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}
