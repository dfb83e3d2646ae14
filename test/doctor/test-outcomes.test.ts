// The outcome parsers of `portico doctor --run`, on outputs shaped as each runner prints them.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseTestOutput } from '../../src/doctor/test-outcomes';

const entries = (text: string) => {
  const parsed = parseTestOutput(text);
  return { format: parsed.format, tests: Object.fromEntries(parsed.tests) };
};

/** What every reporter's nested sample below says: one suite of three tests, and one test at the top. */
const NESTED_OUTCOMES = { 'users > lists users': 'pass', 'users > creates a user': 'fail', 'users > deletes a user': 'skip', 'top-level': 'pass' };

describe('parseTestOutput', () => {
  it('reads TAP with nested subtests (node:test), dropping the suites', () => {
    const tap = [
      'TAP version 13',
      '# Subtest: users',
      '    # Subtest: lists users',
      '    ok 1 - lists users',
      '    # Subtest: creates a user',
      '    not ok 2 - creates a user',
      '    # Subtest: deletes a user',
      '    ok 3 - deletes a user # SKIP not yet',
      'not ok 1 - users',
      '# Subtest: top-level',
      'ok 2 - top-level',
      '1..2',
    ].join('\n');
    assert.deepEqual(entries(tap), {
      format: 'tap',
      tests: NESTED_OUTCOMES,
    });
  });

  it('reads flat TAP (tape) and numbers repeated names', () => {
    assert.deepEqual(entries('TAP version 13\n# adds\nok 1 should be equal\nok 2 should be equal\nnot ok 3 should be equal\n'), {
      format: 'tap',
      tests: { 'should be equal': 'pass', 'should be equal (2)': 'pass', 'should be equal (3)': 'fail' },
    });
  });

  it("reads node:test's spec reporter and ignores the repeated failures", () => {
    const spec = [
      '▶ users',
      '  ✔ lists users (1.2ms)',
      '  ✖ creates a user (3.4ms)',
      '  ﹣ deletes a user (0.1ms) # SKIP',
      '▶ users (5ms)',
      '✔ top-level (0.3ms)',
      'ℹ tests 4',
      'ℹ pass 2',
      '',
      '✖ failing tests:',
      '',
      '✖ creates a user (3.4ms)',
    ].join('\n');
    assert.deepEqual(entries(spec), {
      format: 'node-spec',
      tests: NESTED_OUTCOMES,
    });
  });

  it("reads mocha's spec reporter, nested describe titles included", () => {
    const mocha = [
      '',
      '',
      '  basicAuth',
      '    safe compare',
      '      ✔ compares equal strings',
      '      ✓ refuses different strings (12ms)',
      '    static users',
      '      1) accepts a listed user',
      'Error: getaddrinfo ENOTFOUND example.invalid',
      '    at GetAddrInfoReqWrap.onlookupall [as oncomplete] (node:dns:122:26)',
      '      - checks a pending thing',
      'Error: getaddrinfo ENOTFOUND example.invalid',
      '    at GetAddrInfoReqWrap.onlookupall [as oncomplete] (node:dns:122:26) {',
      "  code: 'ENOTFOUND',",
      "  hostname: 'example.invalid'",
      '}',
      '    dynamic users',
      '      ✔ asks the authorizer',
      '',
      '',
      '  2 passing (40ms)',
      '  1 pending',
      '  1 failing',
      '',
      '  1) basicAuth',
      '       static users',
      '         accepts a listed user:',
      '     AssertionError: expected 200',
    ].join('\n');
    assert.deepEqual(entries(mocha), {
      format: 'mocha',
      tests: {
        'basicAuth > safe compare > compares equal strings': 'pass',
        'basicAuth > safe compare > refuses different strings': 'pass',
        'basicAuth > static users > accepts a listed user': 'fail',
        'basicAuth > static users > checks a pending thing': 'skip',
        'basicAuth > dynamic users > asks the authorizer': 'pass',
      },
    });
  });

  it("reads jest's verbose output by test, and its short output by file", () => {
    const verbose = [
      'PASS test/a.test.js',
      '  routes',
      '    ✓ answers GET / (5 ms)',
      '    ✕ answers POST / (2 ms)',
      '    ○ skipped answers PUT /',
      '',
      'Tests:       1 failed, 1 skipped, 1 passed, 3 total',
    ].join('\n');
    assert.deepEqual(entries(verbose), {
      format: 'jest',
      tests: { 'test/a.test.js > routes > answers GET /': 'pass', 'test/a.test.js > routes > answers POST /': 'fail', 'test/a.test.js > routes > answers PUT /': 'skip' },
    });
    const short = 'PASS test/a.test.js\nFAIL test/b.test.js\n  ● b › fails\n\nTests:       1 failed, 3 passed, 4 total\n';
    assert.deepEqual(entries(short), { format: 'jest', tests: { 'test/a.test.js': 'pass', 'test/b.test.js': 'fail' } });
  });

  it('falls back to the exit code when no runner is recognised, and strips colours first', () => {
    assert.deepEqual(entries('all good\n'), { format: 'exit-code', tests: {} });
    assert.deepEqual(entries('\u001b[32mok 1 - green\u001b[39m\n'), { format: 'tap', tests: { green: 'pass' } });
  });
});
