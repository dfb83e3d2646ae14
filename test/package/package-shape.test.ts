// The published package as a consumer gets it: publint and @arethetypeswrong/cli find nothing to
// report, and `npm pack` ships the built code, its types, the docs and the legal files, and
// nothing else (no sources, tests, source maps or benchmarks), within a size budget.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';

const root = join(__dirname, '..', '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

interface PackedFile {
  path: string;
  size: number;
}
interface PackResult {
  size: number;
  unpackedSize: number;
  files: PackedFile[];
}

function packDryRun(): PackResult {
  const out = execFileSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' });
  const [result] = JSON.parse(out) as PackResult[];
  return result;
}

/**
 * Top-level files a user needs besides dist/ and docs/. The folders' package.json files name the
 * subpath entries for resolvers that ignore "exports" (jest 26 and older, webpack 4).
 */
const TOP_LEVEL = ['CHANGELOG.md', 'LICENSE', 'README.md', 'SECURITY.md', 'package.json', 'legacy/package.json', '5/package.json', 'graceful/package.json', 'http2/package.json'];
/**
 * Budgets with room for growth; a jump past them means something was shipped by mistake. Raised for
 * portico/5 (its layer and bundle, the Express 5 router, its docs) and `doctor --target 5`, which
 * took the package from about 1.30 MB to 1.53 MB unpacked (416 kB packed); raised again for the fetch
 * transport (`app.fetch`) with docs/fetch.md and docs/runtimes.md (1.77 MB unpacked, 481 kB packed).
 */
const MAX_PACKED_BYTES = 520_000;
const MAX_UNPACKED_BYTES = 1_850_000;

describe('npm pack', () => {
  assert.ok(existsSync(join(root, 'dist', 'esm', 'index.d.mts')), 'run `npm run build` first');
  const packed = packDryRun();
  const paths = packed.files.map((f) => f.path).sort();

  it('ships dist/ (without source maps), docs/ and the top-level files a user reads, nothing else', () => {
    const unexpected = paths.filter((p) => !(p.startsWith('dist/') || p.startsWith('docs/') || TOP_LEVEL.includes(p)));
    assert.deepEqual(unexpected, []);
    assert.deepEqual(paths.filter((p) => p.endsWith('.map')), []);
    for (const name of TOP_LEVEL) assert.ok(paths.includes(name), `${name} is shipped`);
  });

  it('ships every entry point the package.json names, with its types', () => {
    for (const needed of [
      'dist/index.js', 'dist/index.d.ts', 'dist/esm/index.mjs', 'dist/esm/index.d.mts',
      'dist/legacy/index.js', 'dist/legacy/index.d.ts', 'dist/esm/legacy.mjs', 'dist/esm/legacy.d.mts',
      'dist/cli.js', 'dist/doctor/diagnose.js', 'dist/lib/router/layer.js', 'dist/lib/router/layer.d.ts',
    ]) {
      assert.ok(paths.includes(needed), `${needed} is shipped`);
    }
  });

  it('points each subpath folder at the entry "exports" gives for require()', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, { require: { default: string; types: string } }> };
    for (const name of ['legacy', 'graceful', 'http2']) {
      const folder = JSON.parse(readFileSync(join(root, name, 'package.json'), 'utf8')) as { main: string; types: string };
      const target = manifest.exports[`./${name}`].require;
      assert.equal(join(name, folder.main), join(target.default));
      assert.equal(join(name, folder.types), join(target.types));
    }
  });

  it(`stays within ${MAX_PACKED_BYTES} bytes packed and ${MAX_UNPACKED_BYTES} unpacked`, () => {
    assert.ok(packed.size <= MAX_PACKED_BYTES, `packed ${packed.size} bytes`);
    assert.ok(packed.unpackedSize <= MAX_UNPACKED_BYTES, `unpacked ${packed.unpackedSize} bytes`);
  });
});

describe('package lint', () => {
  it('publint reports no error, warning or suggestion', async () => {
    const { publint } = await import('publint');
    const { formatMessage } = await import('publint/utils');
    const { messages, pkg } = await publint({ pkgDir: root, strict: true, pack: 'npm' });
    assert.deepEqual(messages.map((m) => formatMessage(m, pkg) ?? m.code), []);
  });

  it('@arethetypeswrong/cli finds no problem for any entry point under any module resolution', () => {
    const bin = join(root, 'node_modules', '@arethetypeswrong', 'cli', 'dist', 'index.js');
    // Exits 1 and prints the problem table when anything is wrong; the table is the failure message.
    const out = execFileSync(process.execPath, [bin, '--pack', '.', '--format', 'table-flipped'], { cwd: root, encoding: 'utf8' });
    assert.match(out, /No problems found/);
  });
});
