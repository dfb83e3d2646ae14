// Runs the reliability suite (test/reliability/). `--long` selects the long mode documented in
// docs/reliability.md (RELIABILITY_LONG=1): its files then run one at a time, so that the figures
// of one part are not disturbed by another. The short mode is also part of `npm test`.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const long = process.argv.includes('--long');
const filter = process.argv.slice(2).filter((a) => a !== '--long');
const dir = join(root, 'test', 'reliability');
let files = readdirSync(dir)
  .filter((name) => name.endsWith('.test.ts'))
  .sort()
  .map((name) => join(dir, name));
if (filter.length) files = files.filter((f) => filter.some((p) => f.includes(p)));
if (files.length === 0) {
  console.error('no reliability test file matched');
  process.exit(1);
}
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${long ? 1 : 2}`, ...files], {
  stdio: 'inherit',
  cwd: root,
  env: { ...process.env, NODE_ENV: 'test', ...(long ? { RELIABILITY_LONG: '1' } : {}) },
});
process.exit(result.status ?? 1);
