// The packed tarball under the tools Express 4 projects still run: jest 26 and 25 (which resolve
// `node:events` as a file and ignore package.json "exports"), mocha 8 with a `--require` hook
// (ts-node), ts-node type-checking an app against Portico's types, and webpack 4 and 5 bundling an
// app for Node. The fixture project (test/package/old-tools/, with its own lockfile) is installed
// from the npm registry into a temporary folder, then the tarball on top of it. Any failure to
// install or run fails the test with the tool's own output.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const root = join(__dirname, '..', '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
let project: string;

/** Runs a command in the fixture project; throws with its output unless it exits 0. */
function run(command: string, args: string[], timeout = 240_000): string {
  const r = spawnSync(command, args, { cwd: project, encoding: 'utf8', timeout, env: { ...process.env, NODE_ENV: 'test', CI: 'true' } });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (status ${r.status}, ${r.error ?? ''})\n${r.stdout}\n${r.stderr}`);
  return r.stdout + r.stderr;
}

before(() => {
  assert.ok(existsSync(join(root, 'dist', 'index.js')), 'run `npm run build` first');
  project = mkdtempSync(join(tmpdir(), 'portico-old-tools-'));
  cpSync(join(__dirname, 'old-tools'), project, { recursive: true });
  const pack = spawnSync(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', project], { cwd: root, encoding: 'utf8' });
  assert.equal(pack.status, 0, pack.stderr);
  const [{ filename }] = JSON.parse(pack.stdout) as Array<{ filename: string }>;
  run(npm, ['ci', '--no-audit', '--no-fund', '--ignore-scripts'], 600_000);
  run(npm, ['install', '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline', `./${filename}`], 300_000);
});
after(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

describe('the packed tarball under older tools', () => {
  for (const jest of ['jest', 'jest25']) {
    it(`loads and serves under ${jest === 'jest' ? 'jest 26' : 'jest 25'} (portico, portico/legacy, portico/graceful, portico/http2)`, () => {
      const out = run(process.execPath, [join('node_modules', jest, 'bin', 'jest.js'), '--rootDir', '.', '--testEnvironment', 'node', '--ci', 'jest']);
      assert.match(out, /Tests:\s+2 passed, 2 total/);
    });
  }

  it('runs a TypeScript test under mocha 8 with --require ts-node/register (type-checked)', () => {
    const out = run(process.execPath, [join('node_modules', 'mocha', 'bin', 'mocha'), '--require', 'ts-node/register', 'mocha/*.spec.ts']);
    assert.match(out, /1 passing/);
  });

  it('starts a TypeScript app with node -r ts-node/register (type-checked, not transpile-only)', () => {
    const out = run(process.execPath, ['-r', 'ts-node/register', 'ts/app.ts']);
    assert.deepEqual(JSON.parse(out.trim()), { status: 200, body: 'typed example.test' });
  });

  for (const webpack of ['webpack', 'webpack5']) {
    it(`is bundled by ${webpack === 'webpack' ? 'webpack 4' : 'webpack 5'} for a Node target, and the bundle serves`, () => {
      const output = `out-${webpack}`;
      run(process.execPath, [join('webpack', 'build.js'), webpack, output]);
      const out = run(process.execPath, [join(output, 'bundle.js')]);
      assert.deepEqual(JSON.parse(out.trim()), { status: 200, body: '{"bundled":true,"path":"/"}' });
    });
  }

  it('requires no core module by its node: name in any published JavaScript file', () => {
    // Every published module is loaded with a module loader that, as jest 26's does, fails on a
    // `node:` request. The command-line entry runs when loaded, so its modules are loaded instead.
    const published = join(project, 'node_modules', 'portico', 'dist');
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.js') && entry.name !== 'cli.js') files.push(relative(published, path));
      }
    };
    walk(published);
    assert.ok(files.length > 50, `found ${files.length} files`);
    const loader = `
      const Module = require('module');
      const load = Module._load;
      Module._load = function (request, ...rest) {
        if (request.startsWith('node:')) throw new Error('ENOENT: no such file or directory, open ' + JSON.stringify(request));
        return load.call(this, request, ...rest);
      };
      for (const file of ${JSON.stringify(files)}) require(require('path').join(${JSON.stringify(published)}, file));
      console.log('loaded ' + ${files.length});`;
    const out = run(process.execPath, ['-e', loader]);
    assert.match(out, new RegExp(`loaded ${files.length}`));
  });
});
