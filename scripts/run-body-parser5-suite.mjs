// Runs the test suite of expressjs/body-parser (the body parsers of Express 5) against Portico's
// Express 5 parsers, `bodyParsers5`, and reports how many of its tests pass (docs/express5.md,
// "Body parsers").
//
//   npm run test:suite:body-parser5                       build, then run the suite
//   node scripts/run-body-parser5-suite.mjs [--mirror <git dir>] [--keep] [--grep <mocha grep>]
//
// The suite comes from a git mirror or clone of expressjs/body-parser (`--mirror`, or the environment variable BODY_PARSER_REPO;
// a git directory without a work tree: its HEAD is archived into a temporary folder). Its test
// devDependencies are installed there from the npm registry, and the package's own index.js is
// replaced by a shim, so `require('..')` in its tests gives `{ json, raw, text, urlencoded }` on a
// function with the shape of body-parser's default export. The parsers are taken from the portico/5
// entry of dist/ when the build has one (run `npm run build` first), otherwise from a bundle of
// src/body/express5.ts (`bodyParsers5`). Not part of `npm test`: it needs the network and a mirror.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    mirror: { type: 'string', default: process.env.BODY_PARSER_REPO },
    keep: { type: 'boolean', default: false },
    grep: { type: 'string' },
  },
});

if (values.mirror === undefined) {
  console.error('pass --mirror <git dir of a expressjs/body-parser clone or mirror> (or set BODY_PARSER_REPO)');
  process.exit(2);
}

if (!existsSync(join(root, 'dist', 'index.js'))) {
  console.error('dist/ is missing: run `npm run build` first (or `npm run test:suite:body-parser5`).');
  process.exit(2);
}

const work = mkdtempSync(join(tmpdir(), 'portico-body-parser5-suite-'));
try {
  // 1. The suite's source, as committed at the mirror's HEAD.
  const archive = execFileSync('git', ['-C', values.mirror, 'archive', 'HEAD'], { maxBuffer: 256 * 1024 * 1024 });
  execFileSync('tar', ['-x', '-C', work], { input: archive });
  const manifest = JSON.parse(readFileSync(join(work, 'package.json'), 'utf8'));
  console.log(`suite: ${manifest.name}@${manifest.version} (${values.mirror})`);

  // 2. Its test tools only (mocha, supertest); linters and coverage are not needed.
  const wanted = ['mocha', 'supertest'];
  const specs = wanted.filter((n) => manifest.devDependencies?.[n]).map((n) => `${n}@${manifest.devDependencies[n]}`);
  // Without its other dependencies listed, npm installs these and nothing else.
  writeFileSync(join(work, 'package.json'), JSON.stringify({ name: manifest.name, version: manifest.version, private: true }, null, 2));
  execFileSync('npm', ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--ignore-scripts', ...specs], {
    cwd: work,
    stdio: 'inherit',
  });

  // 3. The parsers under test, behind the package's own entry: a function that refuses to be called
  //    (the combined parser of body-parser 1 is gone in 2) carrying the four factories.
  const entry = ['5', 'express5'].map((folder) => join(root, 'dist', folder, 'index.js')).find((file) => existsSync(file));
  let source;
  if (entry !== undefined) {
    source = `const portico5 = require(${JSON.stringify(entry)});\nconst bodyParsers5 = { json: portico5.json, raw: portico5.raw, text: portico5.text, urlencoded: portico5.urlencoded };`;
    console.log(`parsers: ${entry}`);
  } else {
    const esbuild = await import('esbuild');
    await esbuild.build({
      entryPoints: [join(root, 'src', 'body', 'express5.ts')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node18',
      outfile: join(work, 'portico-body-parsers5.cjs'),
      logLevel: 'warning',
    });
    source = "const { bodyParsers5 } = require('./portico-body-parsers5.cjs');";
    console.log('parsers: src/body/express5.ts (bundled)');
  }
  writeFileSync(
    join(work, 'index.js'),
    [
      "'use strict';",
      "// Portico's Express 5 body parsers in place of the package's own.",
      source,
      'function bodyParser() {',
      "  throw new Error('The bodyParser() generic has been split into individual middleware to use instead.');",
      '}',
      'module.exports = Object.assign(bodyParser, bodyParsers5);',
      '',
    ].join('\n'),
  );

  // 4. The suite, as its `npm test` runs it, with a JSON report to count. test/utils.js is left out:
  //    it tests the package's private helpers (lib/utils.js), not the parsers, and needs its own
  //    runtime dependencies.
  const files = readdirSync(join(work, 'test')).filter((f) => f.endsWith('.js') && f !== 'utils.js').map((f) => join('test', f));
  console.log(`files: ${files.join(' ')} (test/utils.js left out: private helpers)`);
  const mocha = join(work, 'node_modules', 'mocha', 'bin', 'mocha.js');
  const args = [mocha, '--reporter', 'json', '--reporter-option', `output=${join(work, 'report.json')}`, '--check-leaks', ...files];
  if (values.grep) args.push('--grep', values.grep);
  spawnSync(process.execPath, args, { cwd: work, stdio: 'inherit', timeout: 600_000 });
  const report = JSON.parse(readFileSync(join(work, 'report.json'), 'utf8'));
  for (const t of report.failures) {
    console.log(`FAIL ${t.fullTitle}\n     ${String(t.err.message).split('\n')[0]}`);
  }
  // Pending tests are the suite's own conditional skips (zstd where node:zlib has no decoder).
  for (const t of report.pending) console.log(`PENDING ${t.fullTitle}`);
  const { passes, failures, pending } = report.stats;
  console.log(`body-parser suite on bodyParsers5: ${passes} passing, ${failures} failing, ${pending} pending`);
  process.exitCode = failures === 0 ? 0 : 1;
} finally {
  if (values.keep) console.log(`kept: ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
