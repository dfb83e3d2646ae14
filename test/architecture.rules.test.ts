import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..');
const fixture = join(__dirname, 'fixtures', 'layers');

interface Violation {
  from: string;
  to: string;
  rule: { name: string; severity: string };
}

/** Runs the project's dependency-cruiser rules over a tree; its count of errors and the violations. */
function cruise(cwd: string): { errors: number; violations: Violation[] } {
  const bin = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
  const result = spawnSync(process.execPath, [bin, 'src', '--config', join(root, '.dependency-cruiser.cjs'), '--output-type', 'json'], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  assert.ok(result.stdout, 'dependency-cruiser printed nothing: ' + result.stderr);
  const report = JSON.parse(result.stdout) as { summary: { error: number; violations: Violation[] } };
  return { errors: report.summary.error, violations: report.summary.violations };
}

describe('the layer rules of .dependency-cruiser.cjs', () => {
  // test/fixtures/layers breaks each rule once; its type-only imports point up and must not count.
  it('report each broken rule of a tree, and nothing for type-only imports', () => {
    const { errors, violations } = cruise(fixture);
    // The lint step's own reporter exits with the number of errors: these fail it.
    assert.equal(errors, 7);
    const found = violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
    assert.deepEqual(found, [
      'bottom-imports-nothing-of-ours: src/errors/http-error.ts -> src/http/header.ts',
      'bottom-imports-nothing-of-ours: src/transport/twin.ts -> src/http/header.ts',
      'core-not-on-compat-layers: src/router/stack.ts -> src/legacy/adapt.ts',
      'leaves-not-on-application: src/body/read.ts -> src/application/app.ts',
      'no-folder-cycle: src/request -> src/response',
      'no-folder-cycle: src/response -> src/request',
      'transport-only-from-application: src/response/stream.ts -> src/transport/twin.ts',
    ]);
    for (const v of violations) assert.equal(v.rule.severity, 'error');
  });
});
