// A project whose whole dependency tree gets Portico as `express`: the packed tarball is installed
// through npm `overrides` in a copy of test/dropin-project/, and each scenario there (packages that
// reach past Express's public API: express-async-errors, OpenTelemetry, Sentry, NestJS, deep
// imports, route listing) runs twice: from the repository, where `express` is express@4 (the
// oracle), and from the installed copy. Both runs must print the same result.
//
// Everything is prepared here: the build when src/ is newer than dist/, the tarball
// (scripts/pack-as-express.mjs), and `npm install --prefer-offline`, which takes the packages from
// the npm cache that installing the repository filled (they are devDependencies of the root at the
// same versions). Any failure fails the test with npm's own output.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const projectSource = __dirname;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The newest modification time under `dir`, for files ending in `suffix`. */
function newestMtime(dir: string, suffix: string): number {
  let newest = 0;
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    const st = statSync(full);
    if (st.isDirectory()) newest = Math.max(newest, newestMtime(full, suffix));
    else if (name.endsWith(suffix)) newest = Math.max(newest, st.mtimeMs);
  }
  return newest;
}

/** Runs a command, failing loudly with its output when it does not succeed. */
function run(command: string, args: string[], cwd: string, timeout = 240_000): string {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', timeout, env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd} (status ${r.status}, ${r.error ?? ''})\n${r.stdout}\n${r.stderr}`);
  }
  return r.stdout;
}

/** Results already printed by a scenario in a folder: each runs once per folder. */
const results = new Map<string, string>();

/** Runs a scenario script (once per folder) and parses the JSON line it prints, afresh for each caller. */
function scenario(dir: string, name: string): Record<string, unknown> {
  const key = join(dir, name);
  let line = results.get(key);
  if (line === undefined) {
    const out = run(process.execPath, [join(dir, 'scenarios', name)], dir, 60_000);
    line = out.trim().split('\n').pop() as string;
    results.set(key, line);
  }
  return JSON.parse(line) as Record<string, unknown>;
}

const SCENARIOS = readdirSync(join(projectSource, 'scenarios')).filter((f) => f.endsWith('.js') && f !== 'run-requests.js');

describe('Portico installed as express for a whole project (npm overrides)', { timeout: 600_000 }, () => {
  let work = '';
  let installed = '';

  before(() => {
    const dist = join(root, 'dist', 'index.js');
    if (!existsSync(dist) || newestMtime(join(root, 'src'), '.ts') > statSync(dist).mtimeMs) run(npm, ['run', 'build'], root);
    work = mkdtempSync(join(tmpdir(), 'portico-dropin-'));
    const tarball = execFileSync(process.execPath, [join(root, 'scripts', 'pack-as-express.mjs'), work], { encoding: 'utf8' }).trim();
    installed = join(work, 'project');
    cpSync(projectSource, installed, { recursive: true, filter: (src) => !src.endsWith('.test.ts') && !src.includes('node_modules') });
    const pkgPath = join(installed, 'package.json');
    writeFileSync(pkgPath, readFileSync(pkgPath, 'utf8').replace('"express": "PORTICO_TARBALL"', '"express": "file:' + tarball + '"'));
    run(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], installed);
  });

  after(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('every express in the tree is Portico, versioned as the Express API it implements', () => {
    const found = run('find', ['node_modules', '-path', '*/express/package.json', '-not', '-path', '*/express/node_modules/*'], installed)
      .trim()
      .split('\n')
      .filter((p) => /(^|\/)node_modules\/express\/package\.json$/.test(p));
    assert.ok(found.length >= 1);
    for (const p of found) {
      const pkg = JSON.parse(readFileSync(join(installed, p), 'utf8'));
      assert.equal(pkg.name, 'portico', p);
      assert.match(pkg.version, /^4\.\d+\.\d+\+portico\./, p);
    }
  });

  for (const name of SCENARIOS) {
    it(`${name.replace(/\.js$/, '')}: the same results as on express@4`, () => {
      const oracle = scenario(projectSource, name);
      const dropIn = scenario(installed, name);
      assert.equal((oracle.identity as { name: string }).name, 'express');
      assert.equal((dropIn.identity as { name: string }).name, 'portico');
      delete oracle.identity;
      delete dropIn.identity;
      assert.deepEqual(dropIn, oracle);
      // The oracle's answers are the expected ones: check that each scenario observed something.
      assert.ok(JSON.stringify(oracle).length > 200, 'the scenario recorded results');
    });
  }

  it('the instrumentation scenarios observed what they are about', () => {
    const otel = scenario(installed, 'opentelemetry.js') as { traces: Array<Array<{ name: string; route?: string }>> };
    const spans = otel.traces.flat();
    assert.ok(spans.some((s) => s.name === 'middleware - expressInit'));
    assert.ok(spans.some((s) => s.name === 'request handler - /users/:id' && s.route === '/users/:id'));
    const sentry = scenario(installed, 'sentry.js') as { transactions: string[] };
    assert.deepEqual(sentry.transactions, ['GET /api/orders/:order/items/:item', 'GET /api/users/:id', 'GET /plain']);
    const asyncErrors = scenario(installed, 'express-async-errors.js') as { handled: string[] };
    assert.equal(asyncErrors.handled.length, 4);
  });
});
