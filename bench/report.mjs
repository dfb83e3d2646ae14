// Rewrites BENCHMARKS.md from saved results without re-running anything (for a change of format,
// or after filling in "Where the time goes"). Usage: node bench/report.mjs [results.json]
// (default results/latest-full.json).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_DIR, ROOT_DIR } from './lib/frameworks.mjs';
import { writeBenchmarksMd } from './lib/report.mjs';
import { describeEnvironment } from './lib/environment.mjs';

const file = process.argv[2] || join(BENCH_DIR, 'results', 'latest-full.json');
// Without results (no full run yet) the page is written with its method and no tables.
const results = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
writeBenchmarksMd(join(ROOT_DIR, 'BENCHMARKS.md'), results, describeEnvironment());
process.stdout.write(`report: BENCHMARKS.md written ${results ? `from ${file}` : 'without results (no full run recorded yet)'}\n`);
