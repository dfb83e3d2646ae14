// Runs Express 5's own test suite (`test/` and `test/acceptance/`) against `portico/5`.
//
// The suite is taken from a git snapshot of expressjs/express (master: the 5.x line's newest tests,
// those of 5.3; the `5.x` branch stops at 5.2.1), its dependencies are
// installed from the npm registry into a scratch folder, and its `index.js` is replaced by one that
// exports this repository's built `portico/5` (`dist/express5/index.js`): every `require('../')` of
// the tests and every example they load gets Portico. The suite's `lib/utils` (a list of methods) stays.
//
// Usage: npm run build && node scripts/run-express5-suite.mjs --repo <express git dir> [--ref 5.x] [--keep] [-- mocha args]
//   --repo  a clone or bare mirror of expressjs/express (git archive reads it)
//   --ref   the branch, tag or commit to test (default master)
//   --keep  leave the scratch folder for a second look (its path is printed)
// Prints mocha's summary; exits with mocha's status.
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { suiteOptions, withSuiteCheckout } from './lib/upstream-suite.mjs';

const SCRIPT = 'run-express5-suite';
const options = suiteOptions(SCRIPT, { envVar: 'EXPRESS_REPO', defaultRef: 'master', entry: ['express5', 'index.js'], what: 'an expressjs/express' });

withSuiteCheckout(SCRIPT, options, (work) => {
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], { cwd: work, stdio: 'inherit' });
  writeFileSync(join(work, 'index.js'), `'use strict';\nmodule.exports = require(${JSON.stringify(options.entry)});\n`);
  const mocha = join(work, 'node_modules', 'mocha', 'bin', 'mocha.js');
  const run = spawnSync(
    process.execPath,
    [mocha, '--require', 'test/support/env', '--reporter', 'dot', '--check-leaks', '--timeout', '10000', 'test/', 'test/acceptance/', ...options.mochaExtra],
    { cwd: work, stdio: 'inherit' },
  );
  process.exitCode = run.status ?? 1;
});
