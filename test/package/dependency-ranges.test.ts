// Every library that decides Portico's behaviour resolves, for each API, inside the range its
// reference Express declares, and at the very version that reference resolves in the same tree
// (docs/dependencies.md). Run in the repository it checks the lockfile; run by
// scripts/test-as-installed.mjs it checks a fresh install of the packed tarball beside fresh
// express@4 and express@5.3.0, which is what users get.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { readFileSync } from 'node:fs';
import semver from 'semver';
import type { DependencyCheck } from '../../scripts/lib/dependency-ranges.mjs' with { 'resolution-mode': 'import' };

const projectDir = join(__dirname, '..', '..');

/** Portico's own folder: the installed package when `portico` is a dependency of the project, else the repository. */
function porticoDir(): string {
  const own = JSON.parse(readFileSync(join(projectDir, 'package.json'), 'utf8')) as { name?: string };
  if (own.name === 'portico') return projectDir;
  return dirname(require.resolve('portico/package.json', { paths: [projectDir] }));
}

async function check(): Promise<DependencyCheck[]> {
  const { checkDependencies } = await import('../../scripts/lib/dependency-ranges.mjs');
  return checkDependencies({ porticoDir: porticoDir(), projectDir, satisfies: (v, r) => semver.satisfies(v, r), sameAsReference: true });
}

describe('behaviour-defining dependencies follow their reference, per API', () => {
  it('resolves each inside every range the reference declares, at the version the reference resolves', async () => {
    const rows = await check();
    assert.ok(rows.length >= 30, 'the table lists the libraries of both APIs');
    const out = rows.filter((r) => !r.ok).map((r) => `${r.api} ${r.name}@${r.version}: ${r.references.map((x) => `${x.declarer} ${x.range} -> ${x.resolved}`).join('; ')}`);
    assert.deepEqual(out, []);
  });

  it('gives portico/5 the releases Express 5 reads ranges, queries and Accept headers with', async () => {
    const rows = await check();
    const version = (api: string, name: string) => rows.find((r) => r.api === api && r.name === name)?.version ?? 'missing';
    // Not the same copy as the 4.x API's: range-parser and qs are the same major, read differently.
    assert.ok(semver.satisfies(version('portico', 'range-parser'), '~1.2.1'));
    assert.ok(semver.satisfies(version('portico/5', 'range-parser5'), '^1.2.1'));
    assert.ok(semver.satisfies(version('portico', 'negotiator'), '0.6.x'));
    assert.ok(semver.satisfies(version('portico/5', 'negotiator1'), '^1.0.0'));
    assert.ok(semver.satisfies(version('portico', 'type-is'), '1.x'));
    assert.ok(semver.satisfies(version('portico/5', 'type-is2'), '^2.1.0'));
  });

  it('declares in package.json exactly the range each reference declares for a direct dependency', () => {
    const pkg = JSON.parse(readFileSync(join(porticoDir(), 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const deps = pkg.dependencies;
    // The ranges that decide what a fresh install gets; an alias carries the reference's own range.
    assert.equal(deps['range-parser'], '~1.2.1');
    assert.equal(deps['range-parser5'], 'npm:range-parser@^1.2.1');
    assert.equal(deps.negotiator, '0.6.3');
    assert.equal(deps.negotiator1, 'npm:negotiator@^1.0.0');
    assert.equal(deps.qs, '~6.16.0');
    assert.equal(deps.qs5, 'npm:qs@^6.16.0');
    assert.equal(deps['type-is'], '~1.6.18');
    assert.equal(deps['type-is2'], 'npm:type-is@^2.1.0');
    assert.equal(deps.mime, '1.6.0');
  });
});
