// The types of portico/5 against code written for @types/express@5. The corpus (test/types/fixtures/
// express5-corpus) imports `express` as an application on Express 5 does. @types/express@5 and
// @types/express-serve-static-core@5 cannot sit in the repository's node_modules beside the 4.x packages the
// 4.x corpus needs, so the corpus's own package.json and package-lock.json (exact versions) are installed
// with `npm ci` into a temporary directory. The corpus is then compiled twice: there, with `express` being
// @types/express@5 (proving it is code for those types), and with `express` mapped to the declarations
// Portico generates for portico/5 (proving the switch needs no other change). rejected.ts holds what
// Express 5 removed (each line must be an error against both), wrongly-accepted.ts what @types/express@5
// accepts and portico/5 rejects on purpose.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertOnlyMarkedLinesRejected } from './helpers/marked-errors';

const root = join(__dirname, '..');
const tsc = join(root, 'node_modules/typescript/bin/tsc');
const corpus = join(root, 'test/types/fixtures/express5-corpus');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

interface RunResult {
  code: number;
  output: string;
}

/** The environment of child processes: without NODE_V8_COVERAGE, so a coverage run does not record the compiler. */
const childEnv = { ...process.env };
delete childEnv.NODE_V8_COVERAGE;

/** Runs a command without a shell; resolves with its exit code and output (never rejects). */
function run(command: string, args: string[], cwd: string): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env: childEnv, maxBuffer: 16 * 1024 * 1024, timeout: 300_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, output: stdout + stderr });
    });
  });
}

/** Copies the corpus's sources into `dir` and writes a tsconfig there with these `paths` and files. */
function writeProject(dir: string, name: string, paths: Record<string, string[]>, include: string[]): string {
  for (const entry of ['app', 'rejected.ts', 'wrongly-accepted.ts']) cpSync(join(corpus, entry), join(dir, entry), { recursive: true });
  const config = join(dir, name);
  writeFileSync(config, JSON.stringify({ extends: join(corpus, 'tsconfig.json'), compilerOptions: { paths }, include }, null, 2));
  return config;
}

const work = mkdtempSync(join(tmpdir(), 'portico-types5-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** Where @types/express@5 is installed: the corpus's package.json and lock file, `npm ci`. */
const withExpressTypes = join(work, 'express-types');
/** Where portico/5's declarations are emitted, beside the repository's node_modules. */
const withPorticoTypes = join(work, 'portico-types');

const compiled: Record<string, RunResult> = {};
let installed: RunResult = { code: 1, output: 'not run' };

before(async () => {
  cpSync(corpus, withExpressTypes, { recursive: true, filter: (source) => !source.includes('node_modules') });
  cpSync(corpus, withPorticoTypes, { recursive: true, filter: (source) => !source.includes('node_modules') });
  symlinkSync(join(root, 'node_modules'), join(withPorticoTypes, 'node_modules'), 'dir');

  const portico5 = join(withPorticoTypes, 'dist/express5/index.d.ts');
  const everything = ['app/**/*.ts', 'rejected.ts', 'wrongly-accepted.ts'];
  const forExpress = writeProject(withExpressTypes, 'tsconfig.express.json', { 'portico/5': ['./node_modules/@types/express/index.d.ts'] }, everything);
  const toPortico = { express: [portico5], 'portico/5': [portico5] };
  const forPortico = writeProject(withPorticoTypes, 'tsconfig.portico.json', toPortico, ['app/**/*.ts', 'rejected.ts']);
  const forWronglyAccepted = writeProject(withPorticoTypes, 'tsconfig.wrongly-accepted.json', toPortico, ['wrongly-accepted.ts']);

  const emitted = run(
    process.execPath,
    [tsc, '-p', join(root, 'tsconfig.json'), '--outDir', join(withPorticoTypes, 'dist'), '--emitDeclarationOnly', '--sourceMap', 'false'],
    root,
  );
  installed = await run(npm, ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel', 'error'], withExpressTypes);
  const [withPortico, wronglyAccepted] = await emitted.then(async (result) =>
    result.code !== 0 ? [result, result] : Promise.all([run(process.execPath, [tsc, '-p', forPortico], withPorticoTypes), run(process.execPath, [tsc, '-p', forWronglyAccepted], withPorticoTypes)]),
  );
  compiled.portico = withPortico;
  compiled.wronglyAccepted = wronglyAccepted;
  compiled.express = installed.code === 0 ? await run(process.execPath, [tsc, '-p', forExpress], withExpressTypes) : installed;
});

describe('the corpus of code written for @types/express@5 (test/types/fixtures/express5-corpus)', () => {
  it('installs the pinned @types/express@5 and @types/express-serve-static-core@5 (npm ci; needs the registry)', () => {
    assert.equal(installed.code, 0, `npm ci failed in ${withExpressTypes}:\n${installed.output}`);
    const pinned = (JSON.parse(readFileSync(join(corpus, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies;
    for (const name of ['@types/express', '@types/express-serve-static-core']) {
      const version = (JSON.parse(readFileSync(join(withExpressTypes, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
      assert.equal(version, pinned[name]);
      assert.match(version, /^5\./);
    }
  });

  it('is valid against @types/express@5, and every removed form in rejected.ts is an error there', () => {
    assert.equal(compiled.express.code, 0, compiled.express.output);
  });

  it('compiles unchanged against the declarations of portico/5, where every removed form is an error too', () => {
    assert.equal(compiled.portico.code, 0, compiled.portico.output);
  });

  it('rejects, against portico/5, exactly the lines marked as wrongly accepted by @types/express@5', () => {
    assertOnlyMarkedLinesRejected(join(corpus, 'wrongly-accepted.ts'), compiled.wronglyAccepted.output, 5);
  });

  it('marks each removed form in rejected.ts with @ts-expect-error', () => {
    const source = readFileSync(join(corpus, 'rejected.ts'), 'utf8');
    assert.ok((source.match(/\/\/ @ts-expect-error -- /g) ?? []).length >= 15);
  });
});
