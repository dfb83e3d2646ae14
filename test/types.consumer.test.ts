// The package as published: `npm pack` of the built package, installed into a temporary project whose
// node_modules holds only Portico's runtime dependencies and @types/node (no network), then compiled under
// `module: commonjs` (and the older `moduleResolution: node`) and `module: nodenext` (.mts and .cts files),
// in every import style, and run with node. The `exports`/`types` map is what is tested, not src/.
// Code written for @types/express (test/types/fixtures/consumer/express-code.ts) is compiled there, and again
// in a second project where @types/express-serve-static-core, @types/express and @types/passport are
// installed beside Portico, as they are in projects that move from Express.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { newestMtime } from './helpers/newest-mtime';

const root = join(__dirname, '..');
const tsc = join(root, 'node_modules/typescript/bin/tsc');
const fixtures = join(root, 'test/types/fixtures/consumer');

interface RunResult {
  code: number;
  output: string;
}

/**
 * The environment of child processes: npm kept offline, and no NODE_V8_COVERAGE (a coverage run measures
 * src/, which these processes do not load; recording the compiler would only slow the report).
 */
const childEnv: NodeJS.ProcessEnv = { ...process.env, npm_config_offline: 'true' };
delete childEnv.NODE_V8_COVERAGE;

/** Runs a command without a shell; resolves with its exit code and output (never rejects). */
function run(command: string, args: string[], cwd: string): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, maxBuffer: 16 * 1024 * 1024, env: childEnv }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, output: stdout + stderr });
    });
  });
}

/** Is dist/ (as `npm run build` leaves it, which `npm test` runs first) newer than every source file? */
function distIsFresh(): boolean {
  const built = [join(root, 'dist/index.js'), join(root, 'dist/index.d.ts'), join(root, 'dist/esm/index.mjs'), join(root, 'dist/esm/legacy.mjs')];
  if (!built.every((file) => existsSync(file))) return false;
  const builtAt = Math.min(...built.map((file) => statSync(file).mtimeMs));
  return builtAt >= newestMtime(join(root, 'src'));
}

/** Builds the package into `target/dist` without touching the repository's dist/, as `npm run build` does. */
async function buildInto(target: string): Promise<void> {
  // The build loads the compiled entries to list their exports; they resolve their dependencies from here.
  symlinkSync(join(root, 'node_modules'), join(target, 'node_modules'), 'dir');
  const result = await run(process.execPath, [join(root, 'scripts', 'build.mjs'), join(target, 'dist')], root);
  assert.equal(result.code, 0, result.output);
}

/** Portico's runtime dependencies and theirs, as installed in the repository (each package directory once). */
function runtimeDependencyClosure(): string[] {
  const seen = new Set<string>();
  const pending = Object.keys((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies);
  while (pending.length > 0) {
    const name = pending.pop() as string;
    if (seen.has(name) || !existsSync(join(root, 'node_modules', name, 'package.json'))) continue;
    seen.add(name);
    const manifest = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    pending.push(...Object.keys(manifest.dependencies ?? {}));
  }
  return [...seen];
}

/** The @types packages a project moving from Express keeps installed, with the @types packages they depend on. */
function expressTypesClosure(): string[] {
  const seen = new Set<string>();
  const pending = ['@types/express-serve-static-core', '@types/express', '@types/passport'];
  while (pending.length > 0) {
    const name = pending.pop() as string;
    if (seen.has(name) || name === '@types/node') continue;
    seen.add(name);
    const manifest = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    pending.push(...Object.keys(manifest.dependencies ?? {}).filter((dep) => dep.startsWith('@types/')));
  }
  return [...seen];
}

let work = '';
let project = '';
const compiled: Record<string, RunResult> = {};

before(async () => {
  work = mkdtempSync(join(tmpdir(), 'portico-consumer-'));
  // 1. The package directory: package.json, README and dist (the repository's when fresh, else built here).
  const pkg = join(work, 'package');
  mkdirSync(pkg);
  if (distIsFresh()) cpSync(join(root, 'dist'), join(pkg, 'dist'), { recursive: true });
  else await buildInto(pkg);
  cpSync(join(root, 'package.json'), join(pkg, 'package.json'));
  if (existsSync(join(root, 'README.md'))) cpSync(join(root, 'README.md'), join(pkg, 'README.md'));

  // 2. npm pack: the tarball holds what `files` and `exports` publish.
  const packed = await run('npm', ['pack', '--ignore-scripts', '--pack-destination', work], pkg);
  assert.equal(packed.code, 0, packed.output);
  const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
  assert.ok(tarball, packed.output);

  // 3. The consumer project: the fixtures, the extracted tarball, runtime dependencies and @types/node only.
  project = join(work, 'project');
  cpSync(fixtures, project, { recursive: true });
  const modules = join(project, 'node_modules');
  mkdirSync(join(modules, 'portico'), { recursive: true });
  mkdirSync(join(modules, '@types'));
  const extracted = await run('tar', ['-xzf', join(work, tarball), '-C', join(modules, 'portico'), '--strip-components=1'], work);
  assert.equal(extracted.code, 0, extracted.output);
  for (const name of runtimeDependencyClosure()) {
    mkdirSync(dirname(join(modules, name)), { recursive: true });
    symlinkSync(join(root, 'node_modules', name), join(modules, name), 'dir');
  }
  symlinkSync(join(root, 'node_modules/@types/node'), join(modules, '@types/node'), 'dir');

  // 4. The same project with the @types packages of Express installed beside Portico.
  const withCore = join(work, 'project-with-core');
  cpSync(fixtures, withCore, { recursive: true });
  mkdirSync(join(withCore, 'node_modules/@types'), { recursive: true });
  for (const name of readdirSync(modules)) {
    if (name !== '@types' && !name.startsWith('@')) symlinkSync(join(modules, name), join(withCore, 'node_modules', name), 'dir');
  }
  for (const name of [...expressTypesClosure(), '@types/node']) {
    symlinkSync(join(root, 'node_modules', name), join(withCore, 'node_modules', name), 'dir');
  }

  // 5. Compile the configurations at once.
  const configs = ['tsconfig.commonjs.json', 'tsconfig.nodenext.json', 'tsconfig.node10.json', 'tsconfig.express-code.json'];
  const results = await Promise.all([
    ...configs.map((config) => run(process.execPath, [tsc, '-p', join(project, config)], project)),
    run(process.execPath, [tsc, '-p', join(withCore, 'tsconfig.express-code-with-core.json')], withCore),
  ]);
  configs.forEach((config, i) => (compiled[config] = results[i]));
  compiled['tsconfig.express-code-with-core.json'] = results[configs.length];
});

after(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Runs a compiled file of the consumer project with node and parses the JSON line it prints. */
async function runCompiled(file: string): Promise<Record<string, unknown>> {
  const result = await run(process.execPath, [join(project, file)], project);
  assert.equal(result.code, 0, result.output);
  return JSON.parse(result.output.trim().split('\n').pop() as string) as Record<string, unknown>;
}

describe('packed package, module: commonjs', () => {
  it('type-checks default, default+named, namespace and import = require imports, module augmentation and a // @ts-check JS file', () => {
    assert.equal(compiled['tsconfig.commonjs.json'].code, 0, compiled['tsconfig.commonjs.json'].output);
  });

  it('runs: require("portico") is callable and serves a routed request', async () => {
    assert.deepEqual(await runCompiled('out-commonjs/app.js'), { callable: true, router: true, body: { id: '7', requestId: 'r1' } });
  });

  it('runs the checked JavaScript file', async () => {
    assert.deepEqual(await runCompiled('out-commonjs/checked.js'), { callable: true, static: true });
  });

  it('type-checks under moduleResolution node (the top-level types field)', () => {
    assert.equal(compiled['tsconfig.node10.json'].code, 0, compiled['tsconfig.node10.json'].output);
  });
});

describe('packed package, module: nodenext', () => {
  it('type-checks an .mts (ES module) and a .cts (CommonJS) file, including portico/legacy', () => {
    assert.equal(compiled['tsconfig.nodenext.json'].code, 0, compiled['tsconfig.nodenext.json'].output);
  });

  it('runs the ES module: import portico, { Router } from "portico" works', async () => {
    assert.deepEqual(await runCompiled('out-nodenext/app.mjs'), { callable: true, router: true, same: true, legacy: true, text: 'a/b.txt' });
  });

  it('runs the CommonJS file: import = require gives the callable framework function', async () => {
    assert.deepEqual(await runCompiled('out-nodenext/app.cjs'), { callable: true, same: true, legacy: true, app: 'function' });
  });
});

describe('packed package, code written for @types/express', () => {
  it('compiles with Portico alone: mountpath, sendFile headers, reviver, render callback, the three augmentations, app.use(...spread), void handlers', () => {
    const result = compiled['tsconfig.express-code.json'];
    assert.equal(result.code, 0, result.output);
  });

  it('compiles with @types/express-serve-static-core, @types/express and @types/passport installed beside Portico', () => {
    const result = compiled['tsconfig.express-code-with-core.json'];
    // Without errors, tsc prints only the list of files: the installed package really was in the program.
    assert.equal(result.code, 0, result.output.split('\n').filter((line) => !line.startsWith('/')).join('\n'));
    assert.match(result.output, /node_modules\/@types\/express-serve-static-core\/index\.d\.ts/);
    assert.match(result.output, /node_modules\/portico\/dist\/types\/express-serve-static-core\.d\.ts/);
  });
});
