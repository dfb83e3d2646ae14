// `portico doctor --target 5`: the Express 5 changes of a project's source, the mechanical rewrites
// as a unified diff (applied only with --write), exit codes, and --run on Portico's 4.x API and on
// portico/5, all through the command line on projects built for the test.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FINDING_KINDS } from '../../src/doctor/express5-scan';
import type { Target5Report } from '../../src/doctor/target5';
import { installExpress } from './fixture-project';
import { snapshotFolder } from './snapshot';

const repoRoot = join(__dirname, '..', '..');
const cli = join(repoRoot, 'dist', 'cli.js');

// One line per finding kind (line numbers matter to the assertions below).
const APP = `const express = require('express');
const bodyParser = require('body-parser');
const app = express();
// app.get('/:id?', handler) in a comment is not code
app.get('*', (req, res) => res.send(404));
app.get('/user/:id?', function (req, res) { res.json({ id: req.params.id }, 201); });
app.get('/n/:id(\\\\d+)', (req, res) => res.jsonp(404, { a: 'x, y' }));
app.use('/files/*', (req, res, next) => next());
app.get('/a|b', (req, res) => res.end());
app.get('/plain/:id', (req, res) => res.end());
app.get('title');
app.del('/x', (req, res) => { res.sendfile('a.txt'); });
app.get('/r', (req, res) => { res.redirect('/to', 301); });
app.get('/b', (req, res) => { res.redirect('back'); });
app.get('/h', (req, res) => { req.param('id'); req.acceptsLanguage('en'); res.send('body', 200); });
app.use(bodyParser());
app.use(express.urlencoded());
app.use(express.static('public'));
app.param(function (name, fn) { return fn; });
app.listen(3000, () => console.log('up'));
app.get('/q', (req, res) => { req.query.page = 1; res.end(req.host); });
app.get('/s', (req, res) => { res.status('200'); res.clearCookie('a', { maxAge: 1 }); });
app.get('/k', (req, res) => { Object.keys(req.body); res.type(express.static.mime.lookup('a.txt')); });
if (app.router) express.query();
app.use(express.static(__dirname + '/assets'));
`;

/** The diff --target 5 prints for APP, line for line. */
const DIFF = `--- a/app.js
+++ b/app.js
@@ -2,23 +2,23 @@
 const bodyParser = require('body-parser');
 const app = express();
 // app.get('/:id?', handler) in a comment is not code
-app.get('*', (req, res) => res.send(404));
+app.get('/{*splat}', (req, res) => res.sendStatus(404));
-app.get('/user/:id?', function (req, res) { res.json({ id: req.params.id }, 201); });
+app.get('/user{/:id}', function (req, res) { res.status(201).json({ id: req.params.id }); });
-app.get('/n/:id(\\\\d+)', (req, res) => res.jsonp(404, { a: 'x, y' }));
+app.get('/n/:id(\\\\d+)', (req, res) => res.status(404).jsonp({ a: 'x, y' }));
-app.use('/files/*', (req, res, next) => next());
+app.use('/files/{*splat}', (req, res, next) => next());
 app.get('/a|b', (req, res) => res.end());
 app.get('/plain/:id', (req, res) => res.end());
 app.get('title');
-app.del('/x', (req, res) => { res.sendfile('a.txt'); });
+app.delete('/x', (req, res) => { res.sendFile('a.txt'); });
-app.get('/r', (req, res) => { res.redirect('/to', 301); });
+app.get('/r', (req, res) => { res.redirect(301, '/to'); });
-app.get('/b', (req, res) => { res.redirect('back'); });
+app.get('/b', (req, res) => { res.redirect(req.get('Referrer') || '/'); });
-app.get('/h', (req, res) => { req.param('id'); req.acceptsLanguage('en'); res.send('body', 200); });
+app.get('/h', (req, res) => { req.param('id'); req.acceptsLanguages('en'); res.status(200).send('body'); });
 app.use(bodyParser());
-app.use(express.urlencoded());
+app.use(express.urlencoded({ extended: true }));
 app.use(express.static('public'));
 app.param(function (name, fn) { return fn; });
 app.listen(3000, () => console.log('up'));
-app.get('/q', (req, res) => { req.query.page = 1; res.end(req.host); });
+app.get('/q', (req, res) => { req.query.page = 1; res.end(req.hostname); });
 app.get('/s', (req, res) => { res.status('200'); res.clearCookie('a', { maxAge: 1 }); });
 app.get('/k', (req, res) => { Object.keys(req.body); res.type(express.static.mime.lookup('a.txt')); });
 if (app.router) express.query();
`;

const temps: string[] = [];
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'portico-doctor5-'));
  temps.push(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'five', version: '1.0.0', private: true, dependencies: { express: '^4.21.0' } }));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}
after(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

const doctor = (args: string[], env?: NodeJS.ProcessEnv, entry = cli) => spawnSync(process.execPath, [entry, 'doctor', ...args], { encoding: 'utf8', env: env ?? process.env, timeout: 240_000 });

describe('portico doctor --target 5: the findings', () => {
  let report: Target5Report;
  before(() => {
    const result = doctor([project({ 'app.js': APP, 'public/.well-known/security.txt': 'Contact: x', 'assets/site.css': '' }), '--target', '5', '--json']);
    assert.equal(result.status, 1, result.stderr);
    report = JSON.parse(result.stdout) as Target5Report;
  });

  it('finds every kind of change, each with its file and line', () => {
    assert.deepEqual([...new Set(report.findings.map((f) => f.kind))].sort(), Object.keys(FINDING_KINDS).sort());
    const at = (kind: string): string[] => report.findings.filter((f) => f.kind === kind).map((f) => `${f.file}:${f.line}`);
    assert.deepEqual(at('path-syntax'), ['app.js:5', 'app.js:6', 'app.js:7', 'app.js:8', 'app.js:9']);
    assert.deepEqual(at('json-status'), ['app.js:6', 'app.js:7']);
    assert.deepEqual(at('req-param'), ['app.js:15']);
    assert.deepEqual(at('static-dotfiles'), ['app.js:18']);
    assert.deepEqual(at('express-query'), ['app.js:24']);
  });

  it('leaves alone a comment, a setting read with app.get(name), a path Express 5 reads the same way, and a served folder without dot-folders', () => {
    assert.ok(!report.findings.some((f) => f.line === 4 || f.line === 10 || f.line === 11 || f.line === 25));
  });

  it('names the dot-folders a static folder would stop serving', () => {
    assert.match(report.findings.find((f) => f.kind === 'static-dotfiles')?.message ?? '', /^\.well-known would no longer be served/);
  });

  it('quotes Express 5\'s own parse error and gives the Express 5 spelling', () => {
    const optional = report.findings.find((f) => f.kind === 'path-syntax' && f.line === 6);
    assert.match(optional?.message ?? '', /Unexpected \? at index 9: \/user\/:id\?/);
    assert.match(optional?.message ?? '', /write '\/user\{\/:id\}'/);
    const constrained = report.findings.find((f) => f.kind === 'path-syntax' && f.line === 7);
    assert.equal(constrained?.edit, null, 'dropping (\\d+) widens the route: not a mechanical rewrite');
    const alternation = report.findings.find((f) => f.kind === 'path-syntax' && f.line === 9);
    assert.match(alternation?.message ?? '', /means something else on Express 5.*RegExp \/\^\\\/a\|b\\\/\?\$\/i/);
  });

  it('prints the mechanical rewrites as a unified diff that git apply accepts', () => {
    assert.equal(report.diff, DIFF);
    const dir = project({ 'app.js': APP });
    const text = doctor([dir, '--target', '5']);
    assert.equal(text.status, 1);
    assert.ok(text.stdout.endsWith(`\n${DIFF}`));
    assert.match(text.stdout, /path-syntax \(5\): route path syntax/);
    writeFileSync(join(dir, 'fix.patch'), DIFF);
    execFileSync('git', ['apply', '--check', 'fix.patch'], { cwd: dir });
  });
});

describe('portico doctor --target 5 --write', () => {
  it('changes nothing without --write, and applies the diff with it', () => {
    const dir = project({ 'app.js': APP, 'lib/ok.js': "module.exports = (app) => app.get('/fine/:id', (req, res) => res.end());\n" });
    const untouched = snapshotFolder(dir);
    assert.equal(doctor([dir, '--target', '5']).status, 1);
    assert.deepEqual(snapshotFolder(dir), untouched);
    const written = doctor([dir, '--target', '5', '--write', '--json']);
    assert.equal(written.status, 1, 'the findings without a rewrite are left to look at');
    const report = JSON.parse(written.stdout) as Target5Report;
    assert.deepEqual(report.written, ['app.js']);
    assert.equal(report.problems.length, report.findings.filter((f) => f.edit === null).length);
    writeFileSync(join(dir, 'expected.js'), APP);
    execFileSync('git', ['apply', '-'], { cwd: dir, input: DIFF.replace(/app\.js/g, 'expected.js') });
    assert.equal(readFileSync(join(dir, 'app.js'), 'utf8'), readFileSync(join(dir, 'expected.js'), 'utf8'));
    const again = JSON.parse(doctor([dir, '--target', '5', '--json']).stdout) as Target5Report;
    assert.equal(again.diff, '', 'nothing left to rewrite');
  });

  it('gives one hunk per distant change, rewrites calls that span lines, and the diff applies to the same result', () => {
    const filler = Array.from({ length: 12 }, (_, i) => `// line ${i}`).join('\n');
    const source = `const app = require('express')();\napp.del('/a', (req, res) => res.json(\n  { a: 1 },\n  201\n));\n${filler}\napp.get('/b/:id?', (req, res) => res.send(204));\n`;
    const dir = project({ 'src/app.js': source });
    const report = JSON.parse(doctor([dir, '--target', '5', '--json']).stdout) as Target5Report;
    assert.equal(report.diff.match(/^@@ /gm)?.length, 2, report.diff);
    assert.match(report.diff, /^--- a\/src\/app\.js$/m);
    assert.match(report.diff, /^-app\.del\('\/a', \(req, res\) => res\.json\($\n^- {2}\{ a: 1 \},$\n^- {2}201$\n^-\)\);$\n^\+app\.delete\('\/a', \(req, res\) => res\.status\(201\)\.json\(\{ a: 1 \}\)\);$/m);
    writeFileSync(join(dir, 'expected.patch'), report.diff);
    execFileSync('git', ['apply', 'expected.patch'], { cwd: dir });
    const patched = readFileSync(join(dir, 'src/app.js'), 'utf8');
    writeFileSync(join(dir, 'src/app.js'), source);
    assert.equal(doctor([dir, '--target', '5', '--write']).status, 0);
    assert.equal(readFileSync(join(dir, 'src/app.js'), 'utf8'), patched);
    assert.match(patched, /app\.get\('\/b\{\/:id\}', \(req, res\) => res\.sendStatus\(204\)\);/);
  });

  it('exits 0 for a project with nothing to change, and 2 for usage errors', () => {
    const clean = project({ 'app.js': "const app = require('express')();\napp.get('/users/:id', (req, res) => res.status(201).json({}));\n" });
    const result = doctor([clean, '--target', '5']);
    assert.equal(result.status, 0, result.stdout);
    assert.match(result.stdout, /Nothing left to change for Express 5\./);
    assert.equal(doctor([clean, '--target', '4']).status, 2);
    assert.equal(doctor([clean, '--write']).status, 2);
    assert.match(doctor(['--help']).stdout, /--target 5/);
  });
});

/**
 * A Portico root of the test's own: this build's dist/ and package.json, with a stand-in for
 * dist/express5/index.js (Portico's 4.x app without app.del, which Express 5 removed), so that
 * --run --target 5 is exercised whether or not portico/5 is built in this tree.
 */
function porticoWithStandIn(): string {
  const root = mkdtempSync(join(tmpdir(), 'portico-doctor5-root-'));
  temps.push(root);
  cpSync(join(repoRoot, 'dist'), join(root, 'dist'), { recursive: true });
  cpSync(join(repoRoot, 'package.json'), join(root, 'package.json'));
  symlinkSync(join(repoRoot, 'node_modules'), join(root, 'node_modules'));
  mkdirSync(join(root, 'dist', 'express5'), { recursive: true });
  writeFileSync(join(root, 'dist', 'express5', 'index.js'), `const portico = require('../index.js');
function express() { const app = portico(); app.del = undefined; return app; }
Object.assign(express, portico);
module.exports = express;
`);
  return root;
}

describe('portico doctor --target 5 --run', () => {
  it('runs the tests on Portico\'s 4.x API and on portico/5 and names the test that changes', () => {
    const dir = project({
      'app.js': "const express = require('express');\nconst app = express();\napp.get('/a', (req, res) => res.send('a'));\napp.del('/a', (req, res) => res.send('gone'));\nmodule.exports = app;\n",
      'test/app.test.js': `const { it } = require('node:test');
const assert = require('node:assert');
it('builds the app', () => { assert.strictEqual(typeof require('../app'), 'function'); });
it('runs on the interface it was given', () => { assert.match(require('express/package.json').version, /\\+portico\\./); });
`,
    });
    installExpress(dir);
    const root = porticoWithStandIn();
    const result = doctor([dir, '--target', '5', '--json', '--run', 'node --test test/'], undefined, join(root, 'dist', 'cli.js'));
    assert.equal(result.status, 1, result.stderr);
    const report = JSON.parse(result.stdout) as Target5Report;
    assert.deepEqual(report.run?.replaced.map((r) => r.as), ['portico/5']);
    assert.deepEqual(report.run?.changed, [{ test: 'builds the app', asIs: 'pass', onPortico: 'fail' }]);
    assert.equal(report.run?.verdict, '1 of 2 tests change outcome on portico/5.');
    assert.ok(report.problems.includes('test "builds the app": pass on Portico (Express 4 API), fail on portico/5'));
    assert.ok(report.problems.some((p) => p.startsWith('app.js:4 app-del')));
  });

  it('says which file is missing when portico/5 is not built', () => {
    const dir = project({ 'app.js': '' });
    installExpress(dir);
    const root = porticoWithStandIn();
    rmSync(join(root, 'dist', 'express5'), { recursive: true });
    const result = doctor([dir, '--target', '5', '--run', 'node -e 0'], undefined, join(root, 'dist', 'cli.js'));
    assert.equal(result.status, 2);
    assert.match(result.stderr, /portico\/5 is not built under .* \(dist\/express5\/index\.js is missing\)/);
  });
});
