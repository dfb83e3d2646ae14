// Proof that `portico doctor --run` tells the truth on projects nobody here wrote: published
// packages whose npm tarball includes their test suite, fetched from the registry and installed at
// test time (never stored in this repository). For each, the doctor's verdict is checked against
// what really happens: the suite is run again with mocha's JSON reporter, once as installed and
// once with `require('express')` sent to Portico by a preloaded hook (express-to-portico.cjs),
// and the doctor's counts and changed tests must be exactly those.
//
// Slow (several minutes, npm installs): `npm run test:doctor`, not part of `npm test`.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DoctorReport } from '../../src/doctor/diagnose';

const root = join(__dirname, '..', '..');
const cli = join(root, 'dist', 'cli.js');
const hook = join(__dirname, 'express-to-portico.cjs');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

interface ProofCase {
  /** name@version on the npm registry (pinned, so that the verdict stays reproducible). */
  spec: string;
  /** The mocha arguments that run its suite (the doctor runs `npx mocha <args>`). */
  mochaArgs: string;
  expressMajor: 3 | 4;
}

const CASES: ProofCase[] = [
  { spec: 'express-basic-auth@1.2.1', mochaArgs: 'test.js --exit', expressMajor: 4 },
  { spec: 'express-mung@0.5.1', mochaArgs: '--exit', expressMajor: 4 },
  { spec: 'express-http-proxy@2.1.2', mochaArgs: 'test --recursive --exit', expressMajor: 4 },
  // An Express 3 package: its own suite runs on express 3.0.0, then on portico/legacy.
  { spec: 'express-partials@0.3.0', mochaArgs: '--exit', expressMajor: 3 },
];

// `--target 5 --run`: the suite on Portico's 4.x API and on portico/5; the changed tests it names
// must be those that change when the suite runs on each through the hook.
const CASES_5: ProofCase[] = [
  { spec: 'express-promise-router@4.1.1', mochaArgs: '--exit', expressMajor: 4 },
  { spec: 'express-http-proxy@2.1.2', mochaArgs: 'test --recursive --exit', expressMajor: 4 },
];

const work = mkdtempSync(join(tmpdir(), 'portico-doctor-proof-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** Fetches the tarball, unpacks it and installs its dependencies (devDependencies included: it is the root). */
function install(spec: string): string {
  const dir = mkdtempSync(join(work, 'pkg-'));
  const tarball = execFileSync(npm, ['pack', spec, '--silent'], { cwd: dir, encoding: 'utf8' }).trim().split('\n').pop() as string;
  execFileSync('tar', ['xzf', tarball], { cwd: dir });
  const project = join(dir, 'package');
  execFileSync(npm, ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock', '--loglevel=error'], { cwd: project, stdio: 'ignore', timeout: 600_000 });
  return project;
}

type State = 'pass' | 'fail' | 'skip';
interface MochaJson {
  stats: { passes: number; failures: number; pending: number };
  tests: Array<{ fullTitle: string; err: Record<string, unknown> }>;
  pending: Array<{ fullTitle: string }>;
  failures: Array<{ fullTitle: string }>;
}

/** Runs the suite with mocha's JSON reporter, on its own express or (hook) on Portico. */
function reality(project: string, mochaArgs: string, onPortico: boolean, legacy: boolean, express5 = false): Map<string, State> {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.NODE_TEST_CONTEXT;
  if (onPortico) Object.assign(env, { NODE_OPTIONS: `--require ${hook}`, PORTICO_ROOT: root, PORTICO_LEGACY: legacy ? '1' : '0', PORTICO_EXPRESS5: express5 ? '1' : '0' });
  const result = spawnSync(`npx mocha --reporter json ${mochaArgs}`, { cwd: project, env, shell: true, encoding: 'utf8', timeout: 600_000, maxBuffer: 64 * 1024 * 1024 });
  const start = result.stdout.indexOf('{\n  "stats"');
  assert.ok(start >= 0, `mocha wrote its JSON report (${result.stderr.slice(-500)})`);
  const json = JSON.parse(result.stdout.slice(start, result.stdout.lastIndexOf('}') + 1)) as MochaJson;
  const states = new Map<string, State>();
  const add = (title: string, state: State): void => {
    let key = title;
    for (let n = 2; states.has(key); n++) key = `${title} (${n})`;
    states.set(key, state);
  };
  const failed = new Set(json.failures.map((f) => f.fullTitle));
  const pending = new Set(json.pending.map((p) => p.fullTitle));
  for (const t of json.tests) add(t.fullTitle, pending.has(t.fullTitle) ? 'skip' : failed.has(t.fullTitle) ? 'fail' : 'pass');
  // Hook failures ("before all" hook) are failures without a test of their own.
  for (const f of json.failures) if (!json.tests.some((t) => t.fullTitle === f.fullTitle)) add(f.fullTitle, 'fail');
  return states;
}

const count = (states: Map<string, State>): Record<State, number> => {
  const c = { pass: 0, fail: 0, skip: 0 };
  for (const s of states.values()) c[s]++;
  return c;
};

describe('portico doctor --run on published packages', () => {
  for (const c of CASES) {
    it(`${c.spec}: the verdict is what really happens`, { timeout: 1_500_000 }, () => {
      const project = install(c.spec);
      // Exit 1 means the report lists something to look at; it is still a report.
      const doctor = spawnSync(process.execPath, [cli, 'doctor', project, '--json', '--run', `npx mocha ${c.mochaArgs}`], {
        encoding: 'utf8', timeout: 1_200_000, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NODE_TEST_CONTEXT: undefined },
      });
      assert.ok(doctor.status === 0 || doctor.status === 1, `doctor exit ${doctor.status}: ${doctor.stderr.slice(-1000)}`);
      const report = JSON.parse(doctor.stdout) as DoctorReport;
      assert.equal(doctor.status, report.problems.length === 0 ? 0 : 1);
      const run = report.run;
      assert.ok(run, 'the doctor ran the suite');
      assert.equal(report.express.major, c.expressMajor);
      assert.equal(report.express.target, c.expressMajor === 3 ? 'portico/legacy' : 'portico');
      assert.ok(run.replaced.length >= 1 && run.replaced.every((r) => r.as === report.express.target), JSON.stringify(run.replaced));
      assert.equal(run.asIs.format, 'mocha');

      const asIs = reality(project, c.mochaArgs, false, false);
      const onPortico = reality(project, c.mochaArgs, true, c.expressMajor === 3);
      assert.ok(asIs.size > 0, 'the suite has tests');
      assert.deepEqual(run.asIs.counts, count(asIs), 'as is: the doctor counted what mocha reports');
      assert.deepEqual(run.onPortico.counts, count(onPortico), 'on Portico: the doctor counted what mocha reports');
      const reallyChanged = [...new Set([...asIs.keys(), ...onPortico.keys()])].filter((t) => asIs.get(t) !== onPortico.get(t)).sort();
      const doctorChanged = run.changed.map((ch) => ch.test.split(' > ').join(' ')).sort();
      assert.deepEqual(doctorChanged, reallyChanged, 'the doctor names exactly the tests that change');
      if (reallyChanged.length === 0) assert.match(run.verdict, /^All \d+ tests keep their outcome on Portico/);
      // Print the verdict: the report of this suite is the evidence docs/doctor.md quotes.
      process.stdout.write(`# ${c.spec}: ${run.verdict} (as is: ${JSON.stringify(run.asIs.counts)}, on Portico: ${JSON.stringify(run.onPortico.counts)})\n`);
      for (const ch of run.changed) process.stdout.write(`#   ${ch.asIs} -> ${ch.onPortico}: ${ch.test}\n`);
      for (const p of report.problems) process.stdout.write(`#   to look at: ${p}\n`);
    });
  }

  for (const c of CASES_5) {
    it(`${c.spec}, --target 5: the tests it names are those that change on portico/5`, { timeout: 1_500_000 }, () => {
      const project = install(c.spec);
      const doctor = spawnSync(process.execPath, [cli, 'doctor', project, '--target', '5', '--json', '--run', `npx mocha ${c.mochaArgs}`], {
        encoding: 'utf8', timeout: 1_200_000, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NODE_TEST_CONTEXT: undefined },
      });
      assert.ok(doctor.status === 0 || doctor.status === 1, `doctor exit ${doctor.status}: ${doctor.stderr.slice(-1000)}`);
      const report = JSON.parse(doctor.stdout) as { findings: Array<{ file: string; line: number; kind: string }>; run: DoctorReport['run']; problems: string[] };
      const run = report.run;
      assert.ok(run, 'the doctor ran the suite');
      assert.ok(run.replaced.length >= 1, JSON.stringify(run.replaced));

      const on4 = reality(project, c.mochaArgs, true, false, false);
      const on5 = reality(project, c.mochaArgs, true, false, true);
      assert.ok(on4.size > 0, 'the suite has tests');
      assert.deepEqual(run.asIs.counts, count(on4), 'Express 4 API: the doctor counted what mocha reports');
      assert.deepEqual(run.onPortico.counts, count(on5), 'portico/5: the doctor counted what mocha reports');
      const reallyChanged = [...new Set([...on4.keys(), ...on5.keys()])].filter((t) => on4.get(t) !== on5.get(t)).sort();
      const doctorChanged = run.changed.map((ch) => ch.test.split(' > ').join(' ')).sort();
      assert.deepEqual(doctorChanged, reallyChanged, 'the doctor names exactly the tests that change');
      process.stdout.write(`# ${c.spec} --target 5: ${run.verdict} (4.x API: ${JSON.stringify(run.asIs.counts)}, portico/5: ${JSON.stringify(run.onPortico.counts)})\n`);
      for (const f of report.findings) process.stdout.write(`#   ${f.file}:${f.line} ${f.kind}\n`);
      for (const ch of run.changed) process.stdout.write(`#   ${ch.asIs} -> ${ch.onPortico}: ${ch.test}\n`);
    });
  }

  it('left no temporary copy behind', () => {
    assert.deepEqual(readdirSync(tmpdir()).filter((n) => n.startsWith('portico-doctor-') && !n.startsWith('portico-doctor-proof-') && !n.startsWith('portico-doctor-fixture-') && !n.startsWith('portico-doctor-tmp-')), []);
  });
});
