// Turns a run's results into Markdown: the tables of BENCHMARKS.md, or the summary a quick run prints.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { FRAMEWORKS, frameworkById } from './frameworks.mjs';
import { SCENARIOS, scenarioById } from './scenarios.mjs';

const TIME_HEADING = '## Where the time goes';
const TIME_PLACEHOLDER = `${TIME_HEADING}

_To be written from \`--cpu-prof\` profiles of scenarios (a) and (i): run \`node bench/profile.mjs a\`
and \`node bench/profile.mjs i\`, then summarise in one paragraph which functions hold Portico's self
time (routing, response writing, body parsing, Node's own HTTP machinery) and what that leaves to gain._
`;

const thousands = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Formats a number for a table, `—` when missing. */
function num(value, digits = 0) {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  return digits === 0 ? thousands.format(value) : value.toFixed(digits);
}

/** A Markdown table from a header row and body rows. */
function table(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  const align = header.map((_, i) => (i === 0 ? '---' : '---:'));
  return [line(header), line(align), ...rows.map(line)].join('\n');
}

/** The label of a scenario in a table's first column. */
function scenarioLabel(id) {
  const scenario = scenarioById(id);
  return `(${id}) ${scenario ? scenario.title : ''}`;
}

/** A cell is usable when it ran, and only the expected statuses came back without errors. */
function usable(cell) {
  return Boolean(cell) && !cell.error && cell.rps > 0 && !cell.suspect;
}

/** Geometric mean of positive numbers, or null for none. */
function geometricMean(values) {
  const ok = values.filter((v) => v > 0);
  if (ok.length === 0) return null;
  return Math.exp(ok.reduce((sum, v) => sum + Math.log(v), 0) / ok.length);
}

/** The frameworks of the main tables: the run's, without variants (they have tables of their own). */
function mainFrameworks(results) {
  return results.frameworks.filter((f) => !frameworkById(f)?.variantOf);
}

/** One metric as a table: rows are scenarios, columns frameworks; the best value in a row is bold. */
function metricTable(results, pick, { digits = 0, higherIsBetter = true } = {}) {
  const loadScenarios = results.scenarios.filter((id) => results.cells[id]);
  const frameworks = mainFrameworks(results);
  const header = ['Scenario', ...frameworks.map((f) => frameworkById(f).label)];
  const rows = loadScenarios.map((id) => {
    const values = frameworks.map((f) => {
      const cell = results.cells[id][f];
      return cell && !cell.error ? pick(cell) : null;
    });
    // Only clean measurements compete for the bold.
    const present = values.filter((v, i) => v !== null && v !== undefined && usable(results.cells[id][frameworks[i]]));
    const best = present.length > 1 ? (higherIsBetter ? Math.max(...present) : Math.min(...present)) : undefined;
    return [
      scenarioLabel(id),
      ...values.map((v, i) => {
        const cell = results.cells[id][frameworks[i]];
        if (cell && cell.error) return 'failed';
        const text = num(v, digits) + (cell && cell.suspect ? ' †' : '');
        return v === best ? `**${text}**` : text;
      }),
    ];
  });
  return table(header, rows);
}

/**
 * The frameworks Portico is compared with: not raw node:http (the limit, a column of its own), and
 * not Portico's own variants (`portico/5`, the `deferred dispatch` setting), which are Portico too.
 */
function peersOf(frameworks) {
  return frameworks.filter((f) => f !== 'node-http' && f !== 'portico' && !f.startsWith('portico-') && f !== 'portico5');
}

/** Portico's requests per second divided by each reference, per scenario, with geometric means. */
function ratioTable(results) {
  const has = (id) => results.frameworks.includes(id);
  if (!has('portico')) return null;
  const references = ['node-http', 'fastify', 'express4'].filter(has);
  const peers = peersOf(mainFrameworks(results));
  const header = ['Scenario', ...references.map((f) => `Portico / ${frameworkById(f).label}`), 'Portico / fastest peer'];
  const columns = references.map(() => []);
  const peerRatios = [];
  const rows = [];
  for (const id of results.scenarios.filter((s) => results.cells[s])) {
    const row = results.cells[id];
    const portico = usable(row.portico) ? row.portico.rps : null;
    const cells = references.map((ref, i) => {
      if (portico === null || !usable(row[ref])) return '—';
      const ratio = portico / row[ref].rps;
      columns[i].push(ratio);
      return ratio.toFixed(2);
    });
    let fastest = null;
    for (const peer of peers) if (usable(row[peer]) && (!fastest || row[peer].rps > row[fastest].rps)) fastest = peer;
    if (portico !== null && fastest) {
      const ratio = portico / row[fastest].rps;
      peerRatios.push(ratio);
      cells.push(`${ratio.toFixed(2)} (${frameworkById(fastest).label})`);
    } else {
      cells.push('—');
    }
    rows.push([scenarioLabel(id), ...cells]);
  }
  const mean = (values) => {
    const g = geometricMean(values);
    return g === null ? '—' : `**${g.toFixed(2)}**`;
  };
  rows.push(['Geometric mean', ...columns.map(mean), mean(peerRatios)]);
  return table(header, rows);
}

// The targets of every load scenario: at least this share of raw node:http's requests/s, and at
// least the fastest peer's. (They replaced "5× Express 4", which raw node:http itself misses in (e),
// (f), (g), (h) and (k): a framework cannot be asked to beat the server it runs on by that much.)
const TARGET_NODE_HTTP = 0.95;
const TARGET_FASTEST_PEER = 1.0;

/**
 * The peers a scenario's target is set against. In (k) that is the servers keeping Express's contract:
 * sirv in `dev: true` mode takes the place of Polka's default sirv, which answers from a snapshot.
 */
function targetPeers(id, peers, row) {
  return id === 'k' && usable(row['polka-dev']) ? [...peers.filter((f) => f !== 'polka'), 'polka-dev'] : peers;
}

/** Per scenario: Portico against the two targets, with whether each is met. */
function targetTable(results) {
  const frameworks = mainFrameworks(results);
  if (!frameworks.includes('portico') || !frameworks.includes('node-http')) return null;
  const peers = peersOf(frameworks);
  const verdict = (ratio, target) => {
    if (ratio === null) return '—';
    // Three decimals where two would round a miss up to the target (0.946 is not 0.95).
    const text = ratio < target && Number(ratio.toFixed(2)) >= target ? ratio.toFixed(3) : ratio.toFixed(2);
    return `${text} ${ratio >= target ? 'met' : '**not met**'}`;
  };
  const rows = [];
  for (const id of results.scenarios.filter((s) => results.cells[s])) {
    const row = results.cells[id];
    if (!usable(row.portico)) continue;
    const nodeRatio = usable(row['node-http']) ? row.portico.rps / row['node-http'].rps : null;
    let fastest = null;
    for (const peer of targetPeers(id, peers, row)) if (usable(row[peer]) && (!fastest || row[peer].rps > row[fastest].rps)) fastest = peer;
    const peerRatio = fastest ? row.portico.rps / row[fastest].rps : null;
    rows.push([scenarioLabel(id), verdict(nodeRatio, TARGET_NODE_HTTP), verdict(peerRatio, TARGET_FASTEST_PEER), fastest ? frameworkById(fastest).label : '—']);
  }
  return table(['Scenario', `Portico / node:http (target ≥ ${TARGET_NODE_HTTP.toFixed(2)})`, `Portico / fastest peer (target ≥ ${TARGET_FASTEST_PEER.toFixed(2)})`, 'Fastest peer'], rows);
}

/**
 * (k) among the servers that keep the same contract as Express: a changed file is seen by the next
 * request, so the file is statted every time (Portico, Fastify's @fastify/static, sirv with
 * `dev: true`), with Polka's default sirv, which answers from a snapshot taken at start-up, apart.
 */
function conditionalGetTable(results) {
  const row = results.cells.k;
  if (!row || !usable(row.portico)) return null;
  const sameContract = ['portico', 'fastify', 'polka-dev'].filter((f) => row[f]);
  if (sameContract.length < 2) return null;
  const line = (f, contract) => {
    const cell = row[f];
    const ratio = usable(cell) ? (row.portico.rps / cell.rps).toFixed(2) : '—';
    return [frameworkById(f).label, contract, cell.error ? 'failed' : num(cell.rps), f === 'portico' ? '1.00' : ratio];
  };
  const rows = sameContract.map((f) => line(f, 'stats the file on every request'));
  if (row.polka) rows.push(line('polka', 'snapshot of the directory at start-up, never statted again'));
  return table(['Server', 'Contract', 'Requests/s', 'Portico / this'], rows);
}

/**
 * (a) and (b) with each app under both schedulings: called as node emits the request, or handed it in
 * setImmediate (0http's default). Requests/s with both latencies, so that a gain in one is seen with
 * what it costs in the others.
 */
function schedulingTable(results) {
  const pairs = [
    ['portico', 'as node emits it'],
    ['portico-deferred', 'in setImmediate'],
    ['0http', 'in setImmediate (its default)'],
    ['0http-direct', 'as node emits it'],
  ];
  const rows = [];
  for (const id of ['a', 'b']) {
    const row = results.cells[id];
    if (!row || !(row['portico-deferred'] || row['0http-direct'])) continue;
    for (const [f, when] of pairs) {
      const cell = row[f];
      if (!cell) continue;
      if (cell.error) rows.push([scenarioLabel(id), frameworkById(f).label, when, 'failed', '—', '—']);
      else rows.push([scenarioLabel(id), frameworkById(f).label, when, num(cell.rps), num(cell.p50, 2), num(cell.p99, 1)]);
    }
  }
  return rows.length === 0 ? null : table(['Scenario', 'Server', 'Request handled', 'Requests/s', 'p50 ms', 'p99 ms'], rows);
}

/** The load generator a run used; results from before wrk was supported all used autocannon. */
function loadGenerator(env) {
  return env.loadGenerator || { name: 'autocannon', version: env.packages.autocannon };
}

/** The fastest clean cell of a run as { id, framework, rps }, or null. */
function fastestCell(results) {
  let fastest = null;
  for (const [id, row] of Object.entries(results ? results.cells : {})) {
    for (const [framework, cell] of Object.entries(row)) {
      if (usable(cell) && (!fastest || cell.rps > fastest.rps)) fastest = { id, framework, rps: cell.rps };
    }
  }
  return fastest;
}

// What one wrk thread on one core sends when the server costs next to nothing (a minimal epoll
// responder in C on the 2-core benchmark machine, 50 connections): 100,000 to 110,000 req/s with this
// harness's Lua scripts, up to 130,000 without. A cell near this is held back by wrk, not the server.
const WRK_CEILING = 100000;

/** The sentence on whether the load generator, rather than the servers, limits the numbers. */
function loadGeneratorNote(results, generator) {
  if (generator.name !== 'wrk') {
    return 'autocannon runs in one Node.js process on one core and tops out around 55,000 to 65,000 req/s, so the ' +
      'fastest servers may be held back by the load generator rather than by themselves; the ratios are the ' +
      'numbers to read (wrk, the default where it is installed, does not have this limit).';
  }
  const fastest = fastestCell(results);
  const note =
    'wrk runs one thread on one core and drives about 100,000 req/s or more from it (measured against a ' +
    'minimal C server), so the load generator is not the limit for any server here';
  if (!fastest) return `${note}.`;
  const where = `${frameworkById(fastest.framework).label} in (${fastest.id}), at ${num(fastest.rps)} req/s`;
  if (fastest.rps > 0.8 * WRK_CEILING) {
    return `wrk runs one thread on one core and drives about 100,000 req/s from it; the fastest cell of this run, ${where}, comes close to that, so it may be held back by the load generator.`;
  }
  return `${note}: the fastest cell of this run is ${where}.`;
}

// The performance target for (j): Portico with 1,000 routes idles within this much of an empty
// Portico app, in RSS after GC.
const IDLE_MEMORY_TARGET_MB = 10;

/** Whether a run measured the empty app of (j) (results from before it did have no empty keys). */
function hasEmptyApp(results) {
  return Object.values(results.startup).some((s) => s.emptyRssMb !== undefined || s.emptyError);
}

/** Scenario (j): one row per measure, one column per framework. */
function startupTable(results) {
  if (!results.startup) return null;
  const frameworks = mainFrameworks(results).filter((f) => results.startup[f]);
  const header = ['Measure (median)', ...frameworks.map((f) => frameworkById(f).label)];
  const measures = [
    ['Load the framework (require), ms', (s) => s.loadMs],
    ['Register 1,000 routes, listen, answer the first request, ms', (s) => s.readyMs],
    ['RSS after GC, MB', (s) => s.rssMb],
    ['Heap used after GC, MB', (s) => s.heapUsedMb],
  ];
  // The empty app's rows: what 1,000 routes cost in memory over the same framework with none.
  const emptyMeasures = [
    ['RSS of an empty app after GC, MB', (s) => s.emptyRssMb],
    ['RSS with 1,000 routes minus empty app, MB', (s) => s.rssMb - s.emptyRssMb],
    ['Heap used by an empty app after GC, MB', (s) => s.emptyHeapUsedMb],
    ['Heap used with 1,000 routes minus empty app, MB', (s) => s.heapUsedMb - s.emptyHeapUsedMb],
  ];
  const row = ([label, pick], empty) => [
    label,
    ...frameworks.map((f) => {
      const s = results.startup[f];
      return s.error || (empty && s.emptyError) ? 'failed' : num(pick(s), 1);
    }),
  ];
  const rows = measures.map((m) => row(m, false));
  if (hasEmptyApp(results)) rows.push(...emptyMeasures.map((m) => row(m, true)));
  return table(header, rows);
}

/** The sentence under the (j) table on Portico's memory with 1,000 routes over an empty Portico app. */
function startupNote(results) {
  const s = results.startup && results.startup.portico;
  if (!s || s.error || s.emptyError || s.emptyRssMb === undefined) return null;
  const rss = s.rssMb - s.emptyRssMb;
  const heap = s.heapUsedMb - s.emptyHeapUsedMb;
  const verdict = rss <= IDLE_MEMORY_TARGET_MB ? 'within' : 'over';
  return (
    `Portico with 1,000 routes idles at ${num(s.rssMb, 1)} MB RSS after GC, ${num(rss, 1)} MB above an empty Portico ` +
    `app (${num(s.emptyRssMb, 1)} MB; heap used ${num(heap, 1)} MB above): ${verdict} the target of ${IDLE_MEMORY_TARGET_MB} MB. ` +
    'Both processes load the same server file, so the difference is the routes, not modules left unused.'
  );
}

/** Footnotes for failed or suspect cells, so a number is never shown without its caveat. */
function problems(results) {
  const notes = [];
  for (const id of Object.keys(results.cells)) {
    for (const [f, cell] of Object.entries(results.cells[id])) {
      if (cell.error) notes.push(`- (${id}) ${frameworkById(f).label}: failed — ${cell.error}`);
      else if (cell.suspect) notes.push(`- † (${id}) ${frameworkById(f).label}: ${cell.suspect}`);
    }
  }
  for (const [f, s] of Object.entries(results.startup || {})) {
    if (s.error) notes.push(`- (j) ${frameworkById(f).label}: failed — ${s.error}`);
    else if (s.emptyError) notes.push(`- (j) ${frameworkById(f).label}, empty app: failed — ${s.emptyError}`);
  }
  return notes;
}

// The charts of the page (written by bench/lib/charts.mjs from the same results), as Markdown images.
const RPS_CHART = '![Requests per second by scenario, Portico against the peers](docs/charts/requests-per-second.svg)';
const LATENCY_CHARTS = '![p50 latency by scenario](docs/charts/latency-p50.svg)\n![p99 latency by scenario](docs/charts/latency-p99.svg)';

/**
 * The tables of a run: requests/s, ratios, p50 and p99 latency, peak RSS, start-up, and any problems;
 * with `charts`, the chart images under the requests/s and latency tables (BENCHMARKS.md only).
 */
export function resultTables(results, { charts = false } = {}) {
  const parts = [];
  parts.push('### Requests per second (higher is better)', '', metricTable(results, (c) => c.rps), '');
  if (charts) parts.push(RPS_CHART, '');
  const ratios = ratioTable(results);
  if (ratios) {
    parts.push(
      '### Portico relative to the others (requests per second; above 1 means Portico is faster)',
      '',
      ratios,
      '',
      '"Fastest peer" is the fastest framework in the row other than Portico (with its `portico/5` and `deferred dispatch` variants) and raw `node:http`.',
      '',
    );
  }
  const targets = targetTable(results);
  if (targets) {
    parts.push(
      '### Against the targets',
      '',
      targets,
      '',
      `Each scenario's target is at least ${TARGET_NODE_HTTP}× raw \`node:http\` and at least the fastest peer ` +
        '(in (k), the fastest peer that also stats the file on every request; see the next table). ' +
        'It replaced "5× Express 4" in (e) and (f), where raw `node:http` itself is below 5× Express 4.',
      '',
    );
  }
  const conditional = conditionalGetTable(results);
  if (conditional) {
    parts.push(
      '### (k) 304 of a static file, by contract',
      '',
      conditional,
      '',
      "Portico keeps Express's contract (the file is statted on every request, so a changed file is seen at once; " +
        'no stat cache), so its peers for (k) are the servers that do the same. Polka\'s default sirv answers from ' +
        'a snapshot of the directory and is listed as the different contract it is.',
      '',
    );
  }
  const scheduling = schedulingTable(results);
  if (scheduling) {
    parts.push(
      '### Request scheduling, (a) and (b)',
      '',
      scheduling,
      '',
      "0http hands each request to its router in `setImmediate`, so node parses every request that has arrived " +
        'before any is handled. Each app is measured under both: Portico\'s with ' +
        "`app.enable('deferred dispatch')` (its server hands each request to the app in `setImmediate`), and 0http " +
        'with `prioRequestsProcessing: false`.',
      '',
    );
  }
  // Both percentiles of the cell whose requests/s is reported, so that no gain is bought with hidden latency.
  parts.push('### p50 latency, ms (lower is better)', '', metricTable(results, (c) => c.p50, { digits: 2, higherIsBetter: false }), '');
  parts.push('### p99 latency, ms (lower is better)', '', metricTable(results, (c) => c.p99, { digits: 1, higherIsBetter: false }), '');
  if (charts) parts.push(LATENCY_CHARTS, '');
  parts.push(
    '### Peak RSS of the server process, MB (lower is better)',
    '',
    metricTable(results, (c) => c.peakRssMb, { digits: 1, higherIsBetter: false }),
    '',
  );
  const startup = startupTable(results);
  if (startup) parts.push('### (j) Start-up with 1,000 routes', '', startup, '');
  const startupText = startup ? startupNote(results) : null;
  if (startupText) parts.push(startupText, '');
  const notes = problems(results);
  if (notes.length > 0) parts.push('### Problems in this run', '', ...notes, '');
  return parts.join('\n');
}

/** The section of an existing BENCHMARKS.md that people write (kept across runs), or the placeholder. */
function keptTimeSection(path) {
  return keptSection(path, TIME_HEADING) ?? TIME_PLACEHOLDER;
}

/** The section under `heading` in an existing BENCHMARKS.md (up to the next `## `), or null. */
function keptSection(path, heading) {
  if (!existsSync(path)) return null;
  const text = readFileSync(path, 'utf8');
  const start = text.indexOf(`\n${heading}\n`);
  if (start === -1) return null;
  const rest = text.slice(start + 1);
  const next = rest.indexOf('\n## ', heading.length);
  return (next === -1 ? rest : rest.slice(0, next + 1)).trimEnd() + '\n';
}

/** The HTTP/2 section, which `bench/http2.mjs --write` fills: kept across full runs. */
const HTTP2_HEADING = '## HTTP/2';

/** The cold-start section, which `bench/cold-start.mjs --write` fills: kept across full runs. */
const COLD_START_HEADING = '## Cold start';

/** The runtimes section, which `bench/runtimes.mjs --write` fills: kept across full runs. */
const RUNTIMES_HEADING = '## Runtimes';

/** The section describing a run and its tables, or a note that none has been recorded. */
function runSection(results) {
  if (!results) {
    return `## The latest full run

No full run has been recorded yet: \`npm run bench\` measures and writes the tables here.
`;
  }
  const env = results.environment;
  const s = results.settings;
  const generator = loadGenerator(env);
  const generatorText =
    generator.name === 'wrk'
      ? `wrk ${generator.version} (one thread, a Lua script of the scenario's requests)`
      : `autocannon ${generator.version}`;
  const heading =
    results.mode === 'full'
      ? 'The latest full run'
      : `The latest run (${results.mode} mode: a subset${results.mode === 'quick' ? ` at ${s.duration} s per cell` : ''}; indicative, not a full run)`;
  const standIn = results.standIn
    ? `> **Not a Portico measurement:** the Portico column ran \`${results.standIn}\` as a stand-in (PORTICO_BENCH_MODULE) to test the harness.\n\n`
    : '';
  return `## ${heading}

${standIn}- Date: ${env.date.slice(0, 10)} (${env.date})
- Machine: ${env.cpuModel}, ${env.nproc} cores (nproc), ${env.memoryGb} GB RAM, ${env.platform}${env.loadAverage ? `; load average ${env.loadAverage.join(' / ')} (1 / 5 / 15 min) when the run started` : ''}
- Node.js ${env.node}${env.commit ? `; Portico at commit \`${env.commit}\`` : ''}
- Load: ${generatorText}, ${s.connections} connections, HTTP/1.1 keep-alive, no pipelining; ${s.warmup} s warm-up, then ${s.duration} s measured per cell${(s.rounds ?? 1) > 1 ? `, in ${s.rounds} rounds: every cell is measured ${s.rounds} times, the rounds interleaved across the frameworks, and the round with the median requests/s is kept (its p50 and p99 with it; peak RSS is the highest of the rounds)` : ''}${(s.runs ?? 1) > 1 ? `; the whole run was made ${s.runs} times, one after the other, and each cell reports the run with the median requests/s (every run's figure is in \`runsRps\` of the raw results)` : ''}
- Each cell is a fresh server process, checked for a correct answer before it is loaded; the frameworks are interleaved scenario by scenario (in a rotating order) so that drift in the machine hits all of them alike
- Pinning: ${s.pinning.enabled ? `the server on core 0, ${generator.name} on core 1 (\`taskset\`)` : `none (${s.pinning.reason})`}
- Start-up (j): median of ${s.startupRuns} fresh process${s.startupRuns === 1 ? '' : 'es'} run with \`--expose-gc\`${startupBaseline(results)}

${resultTables(results, { charts: true })}`;
}

/** How the run line describes (j)'s empty app, when the run measured one. */
function startupBaseline(results) {
  if (!results.startup || !hasEmptyApp(results)) return '';
  return ', and as many with an empty app of the same framework (the baseline for memory), alternated with them';
}

/**
 * The text of BENCHMARKS.md for a run's results (null: no run yet), with the hand-written
 * "Where the time goes" taken from the file at `keptFrom`. `environment` supplies the versions
 * when there are no results.
 */
export function renderBenchmarksMd(keptFrom, results, environment) {
  const env = results ? results.environment : environment;
  const generator = loadGenerator(env);
  const versionRows = Object.entries(env.packages).map(([name, version]) => [`\`${name}\``, version]);
  // wrk is no npm package, but its version bounds the numbers as much as theirs do.
  if (generator.name === 'wrk') versionRows.push(['`wrk` (distribution package)', generator.version]);
  const versions = table(['Package', 'Version'], versionRows);
  const frameworkIds = results && results.allFrameworks ? results.allFrameworks : FRAMEWORKS.map((f) => f.id);
  return `# Benchmarks

Portico against raw \`node:http\` (the limit), Fastify 5, Hono, Polka, 0http (routing scenarios only), Koa,
Express 4 and Express 5.
Every server is written as that framework's own documentation writes apps; the Portico server is the
Express 4 server code with the \`require\` changed (\`bench/servers/express-style.cjs\`). These tables
are generated by \`npm run bench\`; only the last section is written by hand.

${runSection(results)}
## Scenarios

${SCENARIOS.map((sc) => `- **(${sc.id})** ${sc.title}. ${sc.detail}`).join('\n')}

## Versions

${versions}

## How to reproduce

\`\`\`sh
npm ci
npm run bench                     # full run (three whole runs, about 75 minutes); rewrites this file
npm run bench -- --quick          # a subset in under 2 minutes, for checking a change; prints, writes nothing here
node bench/run.mjs --only=a,i --frameworks=portico,fastify,express4   # any subset (run \`npm run build\` first)
node bench/profile.mjs a          # CPU profile of the Portico server under load: top self-time functions
\`\`\`

Options of \`bench/run.mjs\`: \`--quick\`, \`--only=<scenario,…>\` (a, b, c, c-1000, c-10000, d, e, f, g, h, i, j, k),
\`--frameworks=<id,…>\` (${frameworkIds.join(', ')}),
\`--duration=<s>\`, \`--warmup=<s>\`, \`--rounds=<n>\`, \`--runs=<n>\`, \`--connections=<n>\`, \`--load=wrk|autocannon\`, \`--startup-runs=<n>\`,
\`--no-pin\`, \`--check\` (answers only, no load) and \`--write\` (rewrite this file from a filtered or quick
run). The raw numbers of each run go to \`bench/results/\`.

The default load generator is [wrk](https://github.com/wg/wrk), from the distribution package
(\`apt-get install wrk\`; it is no npm dependency). Without \`wrk\` on the PATH the run falls back to
autocannon (installed by \`npm ci\`), which saturates its own core before the fastest servers do;
\`--load=autocannon\` picks it on purpose. The run prints, and this page records, which one measured.
Quiet the machine first: other processes on the two cores show up directly in the numbers.

How each framework serves the scenarios (all in \`bench/servers/\`): Fastify gets response schemas
where the shape is known, its hooks as middleware and \`@fastify/static\`; Koa uses \`@koa/router\`,
\`koa-bodyparser\` and \`koa-static\`, with a five-line \`koa-conditional-get\` equivalent for (k); Hono
uses \`@hono/node-server\`'s \`serveStatic\` and, for (k), \`hono/etag\` (its static middleware sends no
validator); Polka uses \`sirv\` and \`body-parser\`; 0http (its default sequential router and
scheduling) answers (a)–(d) only, as it has no \`res.json\` and no body parser; raw \`node:http\` routes with a \`Map\` and streams
files with \`fs\`. The cookie parser of (i) is a three-line middleware over the \`cookie\` package where
the framework has none of its own (Express, Portico, Polka, Fastify), \`ctx.cookies\` in Koa and
\`getCookie\` in Hono. ${loadGeneratorNote(results, generator)}

${keptTimeSection(keptFrom)}${keptHttp2Section(keptFrom)}${keptColdStartSection(keptFrom)}${keptRuntimesSection(keptFrom)}`;
}

function keptHttp2Section(path) {
  const section = keptSection(path, HTTP2_HEADING);
  return section === null ? '' : `\n${section}`;
}

function keptColdStartSection(path) {
  const section = keptSection(path, COLD_START_HEADING);
  return section === null ? '' : `\n${section}`;
}

/** The runtimes section of an existing BENCHMARKS.md, or nothing before bench/runtimes.mjs wrote one. */
function keptRuntimesSection(path) {
  const section = keptSection(path, RUNTIMES_HEADING);
  return section === null ? '' : `\n${section}`;
}

/** Writes BENCHMARKS.md at `path` from a run's results, keeping its hand-written section. */
export function writeBenchmarksMd(path, results, environment) {
  writeFileSync(path, renderBenchmarksMd(path, results, environment));
}
