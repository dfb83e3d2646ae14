// `portico doctor --run`: the project's tests run in two temporary copies, as is and on Portico;
// the doctor names the tests that change outcome, leaves the project folder as it was, and removes
// its copies, also when it is interrupted with Ctrl-C (SIGINT).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DoctorReport } from '../../src/doctor/diagnose';
import { createFixtureProject } from './fixture-project';
import { snapshotFolder } from './snapshot';
import { until } from '../helpers/wait-for';

const cli = join(__dirname, '..', '..', 'dist', 'cli.js');
let project = '';
let temp = '';

before(() => {
  project = createFixtureProject();
  temp = mkdtempSync(join(tmpdir(), 'portico-doctor-tmp-'));
});
after(() => {
  rmSync(project, { recursive: true, force: true });
  rmSync(temp, { recursive: true, force: true });
});

/** The doctor's environment: its temporary folders go under `temp`, where the test can list them. */
const env = (): NodeJS.ProcessEnv => ({ ...process.env, TMPDIR: temp, TMP: temp, TEMP: temp });

describe('portico doctor --run', () => {
  let report: DoctorReport;
  let before: string[];

  it('runs the suite on express and on Portico, and names the one test that changes outcome', () => {
    before = snapshotFolder(project);
    const result = spawnSync(process.execPath, [cli, 'doctor', project, '--json', '--run', 'node --test test/'], { encoding: 'utf8', env: env(), timeout: 240_000 });
    assert.equal(result.status, 1, result.stderr);
    report = JSON.parse(result.stdout) as DoctorReport;
    const run = report.run;
    assert.ok(run);
    assert.deepEqual(run.replaced.map((r) => [r.path, r.as]), [[join('node_modules', 'express'), 'portico']]);
    assert.deepEqual(run.asIs.counts, { pass: 3, fail: 1, skip: 1 });
    assert.deepEqual(run.onPortico.counts, { pass: 2, fail: 2, skip: 1 });
    assert.deepEqual(run.changed, [{ test: 'the app > points at connect for the removed bodyParser', asIs: 'pass', onPortico: 'fail' }]);
    assert.equal(run.compared, 5);
    assert.equal(run.verdict, '1 of 5 tests change outcome on Portico.');
    assert.ok(report.problems.includes('test "the app > points at connect for the removed bodyParser": pass as is, fail on Portico'));
  });

  it('leaves the project folder exactly as it was, and its temporary copies removed', () => {
    assert.deepEqual(snapshotFolder(project), before);
    assert.deepEqual(readdirSync(temp), []);
  });

  it('says all tests keep their outcome when none changes', () => {
    const result = spawnSync(process.execPath, [cli, 'doctor', project, '--run', 'node --test --test-name-pattern="JSON|routes" test/'], { encoding: 'utf8', env: env(), timeout: 240_000 });
    assert.match(result.stdout, /All \d+ tests keep their outcome on Portico \(\d+ pass, 0 fail, \d+ skipped\)\./);
    assert.deepEqual(readdirSync(temp), []);
  });

  it('compares exit codes when the output names no tests', () => {
    const result = spawnSync(process.execPath, [cli, 'doctor', project, '--json', '--run', 'node -e "process.exit(require(\'express/package.json\').name === \'express\' ? 0 : 3)"'], { encoding: 'utf8', env: env(), timeout: 240_000 });
    const run = (JSON.parse(result.stdout) as DoctorReport).run;
    assert.equal(run?.asIs.format, 'exit-code');
    assert.equal(run?.asIs.exitCode, 0);
    assert.equal(run?.onPortico.exitCode, 3);
    assert.equal(run?.same, false);
    assert.match(run?.verdict ?? '', /passes as is, and fails \(exit code 3\) on Portico/);
  });

  it('removes its temporary copies and stops the tests when interrupted with SIGINT', async () => {
    // A "test command" that writes its pid and then waits: the doctor is interrupted while it runs.
    const marker = join(temp, '..', `portico-doctor-sigint-${process.pid}.pid`);
    const child = spawn(process.execPath, [cli, 'doctor', project, '--run', `node -e "require('fs').writeFileSync(process.argv[1], String(process.pid)); setTimeout(() => {}, 120000)" ${JSON.stringify(marker)}`], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    try {
      // Until the test command has written its pid (the file can exist before its content does).
      const written = (): boolean => existsSync(marker) && /^\d+$/.test(readFileSync(marker, 'utf8'));
      await until(written, 'the test command to start', 60_000).catch(() => undefined);
      assert.ok(written(), `the test command started (${stderr})`);
      assert.equal(readdirSync(temp).length, 1, 'one scratch folder while running');
      const testPid = Number(require('node:fs').readFileSync(marker, 'utf8'));
      const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
      child.kill('SIGINT');
      assert.equal(await exited, 130);
      assert.deepEqual(readdirSync(temp), []);
      assert.match(stderr, /stopped by SIGINT; temporary copies removed/);
      assert.ok(await stopsWithin(testPid, 10_000), 'the test command was stopped too');
    } finally {
      child.kill('SIGKILL');
      rmSync(marker, { force: true });
    }
  });
});

/**
 * Whether `pid` ends within `ms`: gone, or a zombie (dead, waiting to be reaped by an init that may
 * not reap in a container). A signal takes a moment to land on a loaded machine, so this polls.
 */
async function stopsWithin(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    try {
      if (/^\d+ \(.*\) Z/.test(require('node:fs').readFileSync(`/proc/${pid}/stat`, 'utf8') as string)) return true;
    } catch {
      return true;
    }
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}
