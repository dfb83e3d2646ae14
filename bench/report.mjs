// Rewrites BENCHMARKS.md and the charts (docs/charts/*.svg) from saved results without re-running
// anything (for a change of format, or after filling in "Where the time goes").
// Usage: node bench/report.mjs [--stdout | --charts] [results.json] (default results/latest-full.json);
// --stdout prints the page instead of writing it; --charts writes the charts only.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_DIR, ROOT_DIR } from './lib/frameworks.mjs';
import { renderBenchmarksMd, writeBenchmarksMd } from './lib/report.mjs';
import { describeEnvironment } from './lib/environment.mjs';
import { writeBenchmarkCharts } from './lib/charts.mjs';

const USAGE = `Usage: node bench/report.mjs [--stdout | --charts] [results.json]

  results.json   saved results to render (default bench/results/latest-full.json)
  --stdout       print the page instead of writing BENCHMARKS.md (to look at a partial or quick
                 run's results without replacing the page)
  --charts       write only the charts (docs/charts/*.svg), from the results and from the HTTP/2
                 and cold-start runs (their JSON in bench/results/, else their tables in BENCHMARKS.md)
`;

/** The command line: the results file and whether to print; exits on --help or a bad option. */
function parseArgs(argv) {
  const flags = argv.filter((a) => a.startsWith('--'));
  const files = argv.filter((a) => !a.startsWith('--'));
  if (flags.includes('--help')) {
    process.stdout.write(USAGE);
    process.exit(0);
  }
  const unknown = flags.filter((f) => f !== '--stdout' && f !== '--charts');
  if (unknown.length > 0 || files.length > 1) {
    process.stderr.write(`report: unexpected ${[...unknown, ...files.slice(1)].join(' ')}\n\n${USAGE}`);
    process.exit(2);
  }
  return { file: files[0] || join(BENCH_DIR, 'results', 'latest-full.json'), stdout: flags.includes('--stdout'), charts: flags.includes('--charts') };
}

const { file, stdout, charts } = parseArgs(process.argv.slice(2));
const target = join(ROOT_DIR, 'BENCHMARKS.md');
// Without results (no full run yet) the page is written with its method and no tables.
const results = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
if (charts) {
  process.stdout.write(`report: ${writeBenchmarkCharts(results).join(', ') || 'no charts (no results)'} written\n`);
} else if (stdout) {
  // The hand-written section still comes from BENCHMARKS.md, so the page prints as it would be written.
  process.stdout.write(renderBenchmarksMd(target, results, describeEnvironment()));
} else {
  writeBenchmarksMd(target, results, describeEnvironment());
  process.stdout.write(`report: BENCHMARKS.md written ${results ? `from ${file}` : 'without results (no full run recorded yet)'}\n`);
  process.stdout.write(`report: ${writeBenchmarkCharts(results).join(', ')} written\n`);
}
