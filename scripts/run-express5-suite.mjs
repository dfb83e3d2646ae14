// Runs Express 5's own test suite (`test/` and `test/acceptance/`) against `portico/5`.
//
// The suite is taken from a git snapshot of expressjs/express (newest 5.x), its dependencies are
// installed from the npm registry into a scratch folder, and its `index.js` is replaced by one that
// exports this repository's built `portico/5` (`dist/express5/index.js`): every `require('../')` of
// the tests and every example they load gets Portico. The suite's `lib/utils` (a list of methods) stays.
//
// Usage: npm run build && node scripts/run-express5-suite.mjs --repo <express git dir> [--ref 5.x] [--keep] [-- mocha args]
//   --repo  a clone or bare mirror of expressjs/express (git archive reads it)
//   --ref   the branch or tag to test (default 5.x)
//   --keep  leave the scratch folder for a second look (its path is printed)
// Prints mocha's summary; exits with mocha's status.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const args = process.argv.slice(2);
const dashes = args.indexOf('--');
const own = dashes === -1 ? args : args.slice(0, dashes);
const mochaExtra = dashes === -1 ? [] : args.slice(dashes + 1);
const option = (name, fallback) => {
  const i = own.indexOf(name);
  return i === -1 ? fallback : own[i + 1];
};
const repo = option('--repo', process.env.EXPRESS_REPO);
const ref = option('--ref', '5.x');
const keep = own.includes('--keep');
if (!repo) throw new Error('run-express5-suite: pass --repo <path of an expressjs/express clone or mirror>');

const root = resolve(import.meta.dirname, '..');
const entry = join(root, 'dist', 'express5', 'index.js');
if (!existsSync(entry)) throw new Error('run-express5-suite: ' + entry + ' is missing; run `npm run build` first');

const work = mkdtempSync(join(tmpdir(), 'express5-suite-'));
try {
  const archive = execFileSync('git', ['-C', repo, 'archive', ref], { maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', work], { input: archive });
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], { cwd: work, stdio: 'inherit' });
  writeFileSync(join(work, 'index.js'), `'use strict';\nmodule.exports = require(${JSON.stringify(entry)});\n`);
  const mocha = join(work, 'node_modules', 'mocha', 'bin', 'mocha.js');
  const run = spawnSync(
    process.execPath,
    [mocha, '--require', 'test/support/env', '--reporter', 'dot', '--check-leaks', '--timeout', '10000', 'test/', 'test/acceptance/', ...mochaExtra],
    { cwd: work, stdio: 'inherit' },
  );
  process.exitCode = run.status ?? 1;
} finally {
  if (keep) console.log('run-express5-suite: the suite is in ' + work);
  else rmSync(work, { recursive: true, force: true });
}
