// The per-test comparison behind `npm run test:apps` (scripts/test-apps.mjs): the mocha reporter's
// records, read back and compared. The harness itself installs applications from the registry for
// minutes, so it runs as its own script; this checks, in seconds, that it names exactly the tests
// that passed on an application's own Express and not on Portico.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Scenario {
  own: { tests: number; passed: number; failed: number; pending: number; ended: boolean };
  portico: { tests: number; passed: number; failed: number; pending: number; ended: boolean; hooks: Array<{ title: string; error: string }> };
  lost: Array<{ title: string; outcome: string; error?: string }>;
  gained: Array<{ title: string }>;
}

function runScenario(): Scenario {
  const dir = mkdtempSync(join(tmpdir(), 'portico-outcomes-'));
  try {
    const out = execFileSync(process.execPath, [join(__dirname, 'fixtures', 'outcomes-scenario.mjs'), dir], { encoding: 'utf8' });
    return JSON.parse(out.trim().split('\n').pop() as string) as Scenario;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('test:apps outcome comparison', () => {
  const result = runScenario();

  it('counts each run, naming a repeated full title apart', () => {
    assert.deepEqual(result.own, { tests: 7, passed: 6, failed: 1, pending: 0, ended: true });
    assert.equal(result.portico.tests, 6);
    assert.equal(result.portico.ended, false);
  });

  it('records a failing hook apart from the tests', () => {
    assert.deepEqual(result.portico.hooks, [{ title: '"before each" hook for "suite c"', error: 'hook broke' }]);
  });

  it('names every test that passed on its own Express and not on Portico, with the reason', () => {
    assert.deepEqual(result.lost, [
      { title: 'suite b', outcome: 'failed', error: 'differs' },
      { title: 'suite c', outcome: 'did not run' },
      { title: 'suite shared title (#2)', outcome: 'pending' },
      { title: 'suite reported twice', outcome: 'failed', error: 'done() called multiple times' },
    ]);
  });

  it('names the tests that pass only on Portico', () => {
    assert.deepEqual(result.gained, [{ title: 'suite d' }]);
  });
});
