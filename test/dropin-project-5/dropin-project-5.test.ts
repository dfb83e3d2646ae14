// A NestJS 11 project (its Express adapter depends on Express 5) whose whole dependency tree gets
// portico/5 as `express`: test/dropin-project-5/ is installed twice in a temporary folder, once with
// `express` pointing at the tarball of scripts/pack-as-express.mjs --express5, once with express@5.3.0
// from the registry (the oracle), both through npm `overrides` so that @nestjs/platform-express takes
// that express instead of its own. Each scenario runs in both copies and must print the same result.
//
// The repository does not depend on NestJS 11, so both installs reach the registry (with
// --prefer-offline, the npm cache answers when it can). Any failure fails the test with npm's output.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newestMtime } from '../helpers/newest-mtime';

const root = join(__dirname, '..', '..');
const projectSource = __dirname;
const sharedRequests = join(root, 'test', 'dropin-project', 'scenarios', 'run-requests.js');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const env = { ...process.env, NODE_ENV: 'production' };
const SCENARIOS = readdirSync(join(projectSource, 'scenarios')).filter((f) => f.endsWith('.js'));

/** Runs npm install in `cwd`, rejecting with npm's own output when it does not succeed. */
function npmInstall(cwd: string): Promise<void> {
  const args = ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'];
  return new Promise((resolve, reject) => {
    const child = spawn(npm, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], timeout: 300_000 });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c));
    child.stderr.on('data', (c: Buffer) => (output += c));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`npm ${args.join(' ')} failed in ${cwd} (status ${code}, signal ${signal})\n${output}`));
    });
  });
}

/** A copy of the project in `dir` whose `express` is `spec`, with the shared request runner beside the scenarios. */
function copyProject(dir: string, spec: string): string {
  // Timestamps are kept so that static files carry the same Last-Modified and ETag in both copies.
  cpSync(projectSource, dir, { recursive: true, preserveTimestamps: true, filter: (src) => !src.endsWith('.test.ts') && !src.includes('node_modules') });
  cpSync(sharedRequests, join(dir, 'scenarios', 'run-requests.js'));
  const pkgPath = join(dir, 'package.json');
  const pkg = readFileSync(pkgPath, 'utf8');
  assert.ok(pkg.includes('"express": "PORTICO_TARBALL"'));
  writeFileSync(pkgPath, pkg.replace('"express": "PORTICO_TARBALL"', `"express": ${JSON.stringify(spec)}`));
  return dir;
}

interface Response {
  request: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}
interface Result {
  identity: { name: string; version: string };
  responses: Response[];
}

/** Results already printed by a scenario in a folder: each runs once per folder. */
const results = new Map<string, string>();

/** Runs a scenario script (once per folder) and parses the JSON line it prints, afresh for each caller. */
function scenario(dir: string, name: string): Result {
  const key = join(dir, name);
  let line = results.get(key);
  if (line === undefined) {
    const r = spawnSync(process.execPath, [join(dir, 'scenarios', name)], { cwd: dir, encoding: 'utf8', timeout: 60_000, env });
    if (r.status !== 0) throw new Error(`scenario ${name} failed in ${dir} (status ${r.status}, ${r.error ?? ''})\n${r.stdout}\n${r.stderr}`);
    line = r.stdout.trim().split('\n').pop() as string;
    results.set(key, line);
  }
  return JSON.parse(line) as Result;
}

describe('portico/5 installed as express for a NestJS 11 project (npm overrides)', { timeout: 900_000 }, () => {
  let work = '';
  let portico = '';
  let oracle = '';

  before(async () => {
    const dist = join(root, 'dist', 'index.js');
    if (!existsSync(dist) || newestMtime(join(root, 'src')) > statSync(dist).mtimeMs) {
      execFileSync(npm, ['run', 'build'], { cwd: root, stdio: 'pipe' });
    }
    work = mkdtempSync(join(tmpdir(), 'portico-dropin5-'));
    const tarball = execFileSync(process.execPath, [join(root, 'scripts', 'pack-as-express.mjs'), '--express5', work], { encoding: 'utf8' }).trim();
    portico = copyProject(join(work, 'portico'), 'file:' + tarball);
    oracle = copyProject(join(work, 'oracle'), '5.3.0');
    await Promise.all([npmInstall(portico), npmInstall(oracle)]);
  });

  after(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('every express in the portico copy is portico/5, versioned as the Express 5 API it implements', () => {
    const found = execFileSync('find', ['node_modules', '-path', '*/express/package.json'], { cwd: portico, encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter((p) => /(^|\/)node_modules\/express\/package\.json$/.test(p) && !p.includes('/express/node_modules/'));
    assert.ok(found.length >= 1);
    for (const p of found) {
      const pkg = JSON.parse(readFileSync(join(portico, p), 'utf8'));
      assert.equal(pkg.name, 'portico', p);
      assert.match(pkg.version, /^5\.3\.0\+portico\./, p);
    }
    const resolved = execFileSync(process.execPath, ['-p', "require(require.resolve('express/package.json', { paths: [require.resolve('@nestjs/platform-express')] })).version"], { cwd: portico, encoding: 'utf8' });
    assert.match(resolved.trim(), /^5\.3\.0\+portico\./);
  });

  for (const name of SCENARIOS.filter((f) => f !== 'run-requests.js')) {
    it(`${name.replace(/\.js$/, '')}: the same results as on express@5.3.0`, () => {
      const expected = scenario(oracle, name);
      const actual = scenario(portico, name);
      assert.deepEqual(expected.identity, { name: 'express', version: '5.3.0' });
      assert.equal(actual.identity.name, 'portico');
      assert.match(actual.identity.version, /^5\.3\.0\+portico\./);
      assert.equal(actual.responses.length, expected.responses.length);
      for (let i = 0; i < expected.responses.length; i++) assert.deepEqual(actual.responses[i], expected.responses[i]);
      assert.ok(expected.responses.length > 20, 'the scenario recorded results');
    });
  }

  it('the NestJS scenario observed what it is about (on portico/5)', () => {
    const byRequest = new Map<string, Response[]>();
    for (const r of scenario(portico, 'nestjs11.js').responses) byRequest.set(r.request, [...(byRequest.get(r.request) ?? []), r]);
    const one = (request: string, n = 0): Response => {
      const r = byRequest.get(request)?.[n];
      assert.ok(r, request);
      return r;
    };
    assert.deepEqual(JSON.parse(one('GET /cats/7').body), { id: 7, type: 'number' });
    assert.equal(one('GET /cats/7').headers['x-powered-by'], 'Express');
    assert.equal(one('GET /cats/seven').status, 400);
    assert.equal(one('GET /cats/seven').headers['x-error-filter'], 'api');
    assert.equal(one('GET /plain/count/1.5').status, 400);
    assert.match(one('GET /plain/count/1.5').body, /numeric string is expected/);
    assert.deepEqual(JSON.parse(one('POST /cats').body), { created: { name: 'tom', age: 3 } });
    assert.equal(one('POST /cats').status, 201);
    assert.equal(one('POST /cats', 1).status, 400);
    assert.equal(one('POST /cats/remove').status, 403);
    assert.equal(one('POST /cats/remove', 1).status, 201);
    assert.equal(one('GET /cats/teapot/brew').status, 418);
    const upload = one('POST /cats/upload');
    assert.equal(upload.status, 201);
    assert.deepEqual(JSON.parse(upload.body), {
      field: 'file', name: 'notes.txt', type: 'text/plain', size: 22, text: 'first line\nsecond line', body: { owner: 'jerry' },
    });
    assert.deepEqual(JSON.parse(one('GET /cats/docs/guide/intro.md').body).path, ['guide', 'intro.md']);
    assert.equal(one('GET /cats/old/home').status, 301);
    assert.equal(one('GET /cats/old/home').headers.location, '/cats');
    assert.equal(one('GET /static/hello.txt').body, 'hello from the static folder\n');
    assert.match(one('GET /static/hello.txt').headers.etag, /^W\/"/);
    assert.equal(one('GET /static/hello.txt', 1).status, 206);
    assert.equal(one('GET /static/hello.txt', 1).body, 'hello');
    assert.equal(one('GET /static/hello.txt', 2).status, 304);
    assert.equal(one('GET /static/missing.txt').status, 404);
    assert.equal(one('GET /plain/download').headers['content-disposition'], 'attachment; filename=greeting.txt');
    assert.equal(one('POST /plain/form').body, '{"body":{"a":"1","b":{"c":"2","d":"3"},"list":["x","y"]}}');
    assert.equal(one('POST /cats', 3).status, 413);
    assert.equal(one('POST /plain/small').status, 413);
    assert.equal(one('GET /plain/boom').status, 500);
    assert.equal(JSON.parse(one('POST /plain/raw').body).raw, '7b2262223a22c3a9227d');
    assert.equal(one('GET /plain/count/12').headers['x-middleware'], '/plain/count/12|/');
    assert.equal(one('OPTIONS /cats').status, 204);
    assert.equal(JSON.parse(one('GET /plain/whoami').body).ip, '203.0.113.9');
    assert.match(one('GET /plain/events').body, /id: 1\ndata: \{"tick":1\}/);
    assert.deepEqual(one('GET /plain/cookies').headers['set-cookie'], ['theme=dark; Path=/plain; HttpOnly', 'old=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT']);
    assert.equal(one('GET /plain/cookies').headers.location, 'back');
    assert.equal(one('GET /plain/versioned').body, '{"version":2}');
    assert.equal(one('GET /plain/versioned', 1).status, 404);
    assert.equal(one('GET /nope').status, 404);
    assert.deepEqual(JSON.parse(one('GET /nope').body), { message: 'Cannot GET /nope', error: 'Not Found', statusCode: 404 });
  });
});
