// Runs every test file under test/ with node:test through tsx.
// Node 18/20 have no glob support in `node --test`, so the files are listed here.
// Arguments are substrings of the paths to run; one starting with `!` leaves matching files out
// (`node scripts/run-tests.mjs '!test/e2e/'`).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const filter = args.filter((a) => !a.startsWith('!'));
const exclude = args.filter((a) => a.startsWith('!')).map((a) => a.slice(1));

function collect(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (name === 'fixtures' || name === 'node_modules') continue;
    if (statSync(full).isDirectory()) out.push(...collect(full));
    else if (name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}

let files = collect(join(root, 'test'));
if (filter.length) files = files.filter((f) => filter.some((p) => f.includes(p)));
if (exclude.length) files = files.filter((f) => !exclude.some((p) => f.includes(p)));
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...files], {
  stdio: 'inherit',
  cwd: root,
  env: { ...process.env, NODE_ENV: 'test' },
});
process.exit(result.status ?? 1);
