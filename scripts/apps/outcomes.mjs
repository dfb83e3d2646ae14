// Reads the JSON lines written by mocha-outcomes-reporter.cjs into one outcome per test, and
// compares two runs of the same suite test by test.
import { existsSync, readFileSync } from 'node:fs';

/**
 * Returns { tests: Map<title, { outcome, error }>, hooks: [{ title, error }], ended } for one run.
 * A test reported as failed after it passed counts as failed.
 */
export function readOutcomes(file) {
  const tests = new Map();
  const hooks = [];
  let ended = false;
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const record = JSON.parse(line);
    if (record.end) ended = true;
    else if (record.hook) hooks.push({ title: record.title, error: record.error });
    else if (tests.get(record.title)?.outcome !== 'failed') {
      tests.set(record.title, { outcome: record.outcome, error: record.error });
    }
  }
  return { tests, hooks, ended };
}

/** Counts of one run: tests reported, passed, failed, pending. */
export function countOutcomes(run) {
  const counts = { tests: run.tests.size, passed: 0, failed: 0, pending: 0 };
  for (const { outcome } of run.tests.values()) counts[outcome]++;
  return counts;
}

/**
 * Test by test: `lost` passed on the app's own Express and did not pass on Portico (failed, or
 * never ran because a hook or the process failed first); `gained` is the other way round.
 */
export function compareOutcomes(own, portico) {
  const lost = [];
  const gained = [];
  for (const [title, { outcome }] of own.tests) {
    const other = portico.tests.get(title);
    if (outcome === 'passed' && other?.outcome !== 'passed') {
      lost.push({ title, outcome: other?.outcome ?? 'did not run', error: other?.error });
    }
  }
  for (const [title, { outcome }] of portico.tests) {
    if (outcome === 'passed' && own.tests.get(title)?.outcome !== 'passed') gained.push({ title });
  }
  return { lost, gained };
}
