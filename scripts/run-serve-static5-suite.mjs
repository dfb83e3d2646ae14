// Runs serve-static's own test suite (serve-static 2.x, the static middleware of Express 5) against
// `portico/5`'s `static` (serveStatic5, src/express5/serve-static-5.ts).
//
// The suite is taken from a git snapshot of expressjs/serve-static (`git archive`, so a bare mirror
// works), only the packages its tests need (mocha and supertest, at the versions its package.json
// names) are installed from the npm registry into a scratch folder, and its `index.js` is replaced by
// one that exports the built `require('portico/5').static` (dist/express5/index.js): every
// `require('..')` of the tests gets Portico.
//
// Usage: npm run build && node scripts/run-serve-static5-suite.mjs --repo <serve-static git dir> [--ref HEAD] [--keep] [-- mocha args]
//        (or npm run test:suite:serve-static5 -- --repo <dir>; SERVE_STATIC_REPO may name the repository)
//   --repo  a clone or bare mirror of expressjs/serve-static
//   --ref   the commit, branch or tag to test (default HEAD)
//   --keep  leave the scratch folder for a second look (its path is printed)
// Prints mocha's report (passing/failing counts at the end); exits with mocha's status.
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { suiteOptions, withSuiteCheckout } from './lib/upstream-suite.mjs';

const SCRIPT = 'run-serve-static5-suite';
const options = suiteOptions(SCRIPT, { envVar: 'SERVE_STATIC_REPO', defaultRef: 'HEAD', entry: ['express5', 'index.js'], what: 'an expressjs/serve-static' });

withSuiteCheckout(SCRIPT, options, (work) => {
  const manifest = JSON.parse(readFileSync(join(work, 'package.json'), 'utf8'));
  console.log(SCRIPT + ': serve-static ' + manifest.version + ' (' + options.ref + ')');
  // The tests need mocha and supertest only; the linters and coverage tools of the package are left out.
  const testPackages = ['mocha', 'supertest'].map((name) => name + '@' + manifest.devDependencies[name]);
  writeFileSync(join(work, 'package.json'), JSON.stringify({ name: 'serve-static-suite', private: true }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--no-save', '--loglevel=error', ...testPackages], { cwd: work, stdio: 'inherit' });
  writeFileSync(join(work, 'index.js'), `'use strict';\nmodule.exports = require(${JSON.stringify(options.entry)}).static;\n`);
  const mocha = join(work, 'node_modules', 'mocha', 'bin', 'mocha.js');
  const run = spawnSync(process.execPath, [mocha, '--reporter', 'dot', '--check-leaks', '--timeout', '10000', 'test/', ...options.mochaExtra], { cwd: work, stdio: 'inherit' });
  process.exitCode = run.status ?? 1;
});
