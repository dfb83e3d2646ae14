// Runs real applications' own test suites on their own Express and on Portico, and compares the
// outcome test by test (docs/compatibility.md, "Real applications"). Fails when a test that passes
// on the application's own Express does not pass on Portico, and names it.
//
//   node scripts/test-apps.mjs                      every application of scripts/apps/catalogue.mjs
//   node scripts/test-apps.mjs --only express-mung  some of them (comma-separated names)
//   node scripts/test-apps.mjs --dir ../loopback --mocha 'test/*.js'   a source checkout
//
// Options: --express 3 (a --dir app written for Express 3), --timeout <seconds> (per suite run,
// default 300; an install gets 600), --json <file> (the results, machine-readable), --keep (leave
// the temporary folders and print where they are). Run `npm run build` first (`npm run test:apps`
// does). Needs the npm registry, `tar`, and nothing else.
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { applications } from './apps/catalogue.mjs';
import { readOutcomes, countOutcomes, compareOutcomes } from './apps/outcomes.mjs';
import { runLogged, killRunning, unpackFromRegistry, copySource, install, pointExpressAt, installedExpresses, tail } from './apps/workspace.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reporter = join(root, 'scripts', 'apps', 'mocha-outcomes-reporter.cjs');
const INSTALL_TIMEOUT_MS = 600_000;

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    dir: { type: 'string' },
    mocha: { type: 'string' },
    express: { type: 'string', default: '4' },
    timeout: { type: 'string', default: '300' },
    json: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const suiteTimeoutMs = Number(values.timeout) * 1000;

let selected;
if (values.dir) {
  const dir = resolve(values.dir);
  if (!existsSync(join(dir, 'package.json'))) fail(`--dir ${dir}: no package.json there`);
  selected = [{ name: values.dir, dir, express: Number(values.express), mocha: (values.mocha ?? '').split(/\s+/).filter(Boolean) }];
} else {
  const only = values.only?.split(',');
  selected = applications.filter((app) => !only || only.includes(app.name));
  if (selected.length === 0) fail(`--only ${values.only}: no such application in scripts/apps/catalogue.mjs`);
}

const workRoot = mkdtempSync(join(tmpdir(), 'portico-apps-'));
const cleanUp = () => {
  if (!values.keep) rmSync(workRoot, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    killRunning();
    cleanUp();
    process.exit(130);
  });
}

const results = [];
try {
  const tarballs = packPortico(selected);
  for (const app of selected) results.push(await runApplication(app, tarballs));
} finally {
  cleanUp();
}
if (values.keep) console.log(`\nkept: ${workRoot}`);

printSummary(results);
if (values.json) writeFileSync(values.json, JSON.stringify(results, null, 2) + '\n');
process.exit(results.every((r) => r.ok) ? 0 : 1);

function fail(message) {
  console.error(`test-apps: ${message}`);
  process.exit(2);
}

/** The packed Portico, once per Express major the selected applications need. */
function packPortico(apps) {
  const tarballs = {};
  for (const major of new Set(apps.map((a) => a.express))) {
    const args = [join(root, 'scripts', 'pack-as-express.mjs'), ...(major === 3 ? ['--legacy'] : []), workRoot];
    tarballs[major] = execFileSync(process.execPath, args, { encoding: 'utf8' }).trim();
    console.log(`Portico as express@${major}: ${tarballs[major]}`);
  }
  return tarballs;
}

async function runApplication(app, tarballs) {
  const label = app.dir ? app.name : `${app.name}@${app.version}`;
  console.log(`\n${label} (Express ${app.express})`);
  const work = mkdtempSync(join(workRoot, 'app-'));
  const appDir = join(work, 'app');
  const result = { name: app.name, version: app.version, express: app.express, ok: false };
  try {
    if (app.dir) copySource(app.dir, appDir);
    else await unpackFromRegistry(app.name, app.version, work, appDir, { timeoutMs: INSTALL_TIMEOUT_MS });

    step('installing with its devDependencies');
    await install(appDir, join(work, 'install-own.log'), INSTALL_TIMEOUT_MS);
    const ownExpresses = installedExpresses(appDir);
    if (ownExpresses.length === 0) throw new Error('no express in its tree after install');
    step(`its own Express: ${[...new Set(ownExpresses.map((e) => e.version))].join(', ')}; running its suite`);
    result.own = await runSuite(app, appDir, work, 'own');

    step('installing Portico as every express of its tree');
    pointExpressAt(appDir, tarballs[app.express]);
    await install(appDir, join(work, 'install-portico.log'), INSTALL_TIMEOUT_MS);
    const left = installedExpresses(appDir).filter((e) => e.name !== 'portico');
    if (left.length) throw new Error(`express still installed after the swap: ${left.map((e) => `${e.path} (${e.version})`).join(', ')}`);
    step(`running its suite on Portico ${installedExpresses(appDir)[0].version}`);
    result.portico = await runSuite(app, appDir, work, 'portico');

    const own = readOutcomes(join(work, 'own.jsonl'));
    const portico = readOutcomes(join(work, 'portico.jsonl'));
    let { lost, gained } = compareOutcomes(own, portico);
    if (lost.length) {
      // A test that times out on a loaded machine is not a difference: the suite runs once more,
      // and only a test that does not pass on Portico in either run counts.
      step(`${lost.length} test(s) did not pass on Portico; running its suite once more to tell a slow test from a difference`);
      result.portico2 = await runSuite(app, appDir, work, 'portico-2');
      const again = readOutcomes(join(work, 'portico-2.jsonl'));
      result.flaky = lost.filter((t) => again.tests.get(t.title)?.outcome === 'passed').map((t) => t.title);
      lost = lost.filter((t) => again.tests.get(t.title)?.outcome !== 'passed');
    }
    result.lost = lost;
    result.gained = gained.map((g) => g.title);
    result.ok = lost.length === 0 && result.own.passed > 0;
    if (result.own.passed === 0) result.error = 'no test passed on its own Express: the environment is broken';
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
  } finally {
    if (!result.ok && result.error === undefined) result.error = `${result.lost?.length} test(s) pass on its own Express and not on Portico`;
    if (result.error && !values.keep) {
      for (const log of ['own.log', 'portico.log']) {
        if (existsSync(join(work, log))) console.log(`  last lines of ${log}:\n${tail(join(work, log), 15)}`);
      }
    }
  }
  return result;
}

async function runSuite(app, appDir, work, which) {
  const outcomes = join(work, `${which}.jsonl`);
  const mocha = join(appDir, 'node_modules', '.bin', 'mocha');
  if (!existsSync(mocha)) throw new Error('mocha is not among its installed devDependencies');
  const started = Date.now();
  const leftOut = app.leftOut?.length ? ['--grep', app.leftOut.map((l) => `(?:${l.grep})`).join('|'), '--invert'] : [];
  const run = await runLogged(mocha, [...app.mocha, ...leftOut, '--reporter', reporter], {
    cwd: appDir,
    env: { PORTICO_APPS_OUTCOMES: outcomes },
    logFile: join(work, `${which}.log`),
    timeoutMs: suiteTimeoutMs,
    until: () => readOutcomes(outcomes).ended,
  });
  const outcome = readOutcomes(outcomes);
  const counts = countOutcomes(outcome);
  const seconds = Math.round((Date.now() - started) / 1000);
  const notes = [];
  if (run.timedOut) notes.push(`killed after ${suiteTimeoutMs / 1000} s`);
  if (!outcome.ended) notes.push('the suite did not finish');
  if (outcome.hooks.length) notes.push(`${outcome.hooks.length} failing hook(s): ${outcome.hooks.map((h) => h.title).join('; ')}`);
  step(`${which}: ${counts.tests} tests, ${counts.passed} passed, ${counts.failed} failed, ${counts.pending} pending (${seconds} s)${notes.length ? ' — ' + notes.join(', ') : ''}`);
  return { ...counts, seconds, ended: outcome.ended, hooks: outcome.hooks, failedTests: [...outcome.tests].filter(([, t]) => t.outcome === 'failed').map(([title, t]) => ({ title, error: t.error })) };
}

function step(text) {
  console.log(`  ${text}`);
}

function printSummary(list) {
  console.log('\n| Application | Express | Tests | Pass on its Express | Pass on Portico | Lost |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const r of list) {
    console.log(`| ${r.name}${r.version ? '@' + r.version : ''} | ${r.express} | ${r.own?.tests ?? '-'} | ${r.own?.passed ?? '-'} | ${r.portico?.passed ?? '-'} | ${r.lost?.length ?? '-'} |`);
  }
  for (const r of list) {
    if (r.ok) continue;
    console.log(`\nFAILED ${r.name}: ${r.error}`);
    for (const t of r.lost ?? []) console.log(`  - ${t.title}\n      on Portico: ${t.outcome}${t.error ? ': ' + t.error.split('\n')[0].slice(0, 200) : ''}`);
  }
  for (const r of list) {
    if (r.flaky?.length) console.log(`\n${r.name}: ${r.flaky.length} test(s) failed on Portico once and passed the second time (not counted): ${r.flaky.join('; ')}`);
  }
  for (const r of list) {
    if (r.gained?.length) console.log(`\n${r.name}: ${r.gained.length} test(s) pass on Portico and not on its own Express: ${r.gained.join('; ')}`);
  }
}
