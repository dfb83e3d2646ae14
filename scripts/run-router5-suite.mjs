// Runs the test suite of pillarjs/router (the router of Express 5) against Portico's Express 5
// router, `createRouter5`, and reports how many of its tests pass (docs/express5.md, "Routing").
//
//   npm run test:suite:router5                      build, then run the suite
//   node scripts/run-router5-suite.mjs [--mirror <git dir>] [--keep] [--grep <mocha grep>]
//
// The suite comes from a git mirror or clone of pillarjs/router (`--mirror`, or the environment variable ROUTER_REPO;
// a git directory without a work tree: its HEAD is archived into a temporary folder). Its test
// devDependencies are installed there from the npm registry, and the package's own index.js is
// replaced by a shim, so `require('..')` in its tests gives Portico's router factory (with
// `Router.Route`). The factory is `Router` of the built portico/5 entry (package.json's `./5`
// export in dist/; run `npm run build` first) when the package has that entry, otherwise
// `createRouter5` of src/router/router5.ts bundled with esbuild. Not part of `npm test`: it needs
// the network and a mirror.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    mirror: { type: 'string', default: process.env.ROUTER_REPO },
    keep: { type: 'boolean', default: false },
    grep: { type: 'string' },
  },
});

if (values.mirror === undefined) {
  console.error('pass --mirror <git dir of a pillarjs/router clone or mirror> (or set ROUTER_REPO)');
  process.exit(2);
}

if (!existsSync(join(root, 'dist', 'index.js'))) {
  console.error('dist/ is missing: run `npm run build` first (or `npm run test:suite:router5`).');
  process.exit(2);
}

const work = mkdtempSync(join(tmpdir(), 'portico-router5-suite-'));
try {
  // 1. The suite's source, as committed at the mirror's HEAD.
  const archive = execFileSync('git', ['-C', values.mirror, 'archive', 'HEAD'], { maxBuffer: 256 * 1024 * 1024 });
  execFileSync('tar', ['-x', '-C', work], { input: archive });
  const manifest = JSON.parse(readFileSync(join(work, 'package.json'), 'utf8'));
  console.log(`suite: ${manifest.name}@${manifest.version} (${values.mirror})`);

  // 2. Its test tools only (mocha, supertest, finalhandler, run-series); linters and coverage are not needed.
  const wanted = ['mocha', 'supertest', 'finalhandler', 'run-series'];
  const specs = wanted.filter((n) => manifest.devDependencies?.[n]).map((n) => `${n}@${manifest.devDependencies[n]}`);
  // Without its other dependencies listed, npm installs these and nothing else.
  writeFileSync(join(work, 'package.json'), JSON.stringify({ name: manifest.name, version: manifest.version, private: true }, null, 2));
  execFileSync('npm', ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--ignore-scripts', ...specs], {
    cwd: work,
    stdio: 'inherit',
  });

  // 3. The factory under test, behind the package's own entry.
  const entry = join(work, 'portico-router5.cjs');
  const exported = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).exports?.['./5'];
  const target = typeof exported === 'string' ? exported : (exported?.require?.default ?? exported?.default);
  const fromEntry = target ? join(root, target) : '';
  if (fromEntry && existsSync(fromEntry)) {
    console.log(`router under test: Router of ${fromEntry}`);
    writeFileSync(entry, `module.exports = require(${JSON.stringify(fromEntry)}).Router;\n`);
  } else {
    console.log('router under test: createRouter5 of src/router/router5.ts (no portico/5 entry built)');
    const esbuild = await import('esbuild');
    await esbuild.build({
      entryPoints: [join(root, 'src', 'router', 'router5.ts')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node18',
      outfile: join(work, 'portico-router5-bundle.cjs'),
      logLevel: 'warning',
    });
    writeFileSync(entry, "module.exports = require('./portico-router5-bundle.cjs').createRouter5;\n");
  }
  writeFileSync(join(work, 'index.js'), "'use strict';\n// Portico's Express 5 router in place of the package's own.\nmodule.exports = require('./portico-router5.cjs');\n");

  // 4. The suite, as its `npm test` runs it, with a JSON report to count.
  const mocha = join(work, 'node_modules', 'mocha', 'bin', 'mocha.js');
  const args = [mocha, '--reporter', 'json', '--reporter-option', `output=${join(work, 'report.json')}`, '--check-leaks', 'test/'];
  if (values.grep) args.push('--grep', values.grep);
  spawnSync(process.execPath, args, { cwd: work, stdio: 'inherit', timeout: 600_000 });
  const report = JSON.parse(readFileSync(join(work, 'report.json'), 'utf8'));
  for (const t of report.failures) {
    console.log(`FAIL ${t.fullTitle}\n     ${String(t.err.message).split('\n')[0]}`);
  }
  const { passes, failures, pending } = report.stats;
  console.log(`router suite on createRouter5: ${passes} passing, ${failures} failing, ${pending} pending`);
  process.exitCode = failures === 0 ? 0 : 1;
} finally {
  if (values.keep) console.log(`kept: ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
