// `portico doctor` without --run, on a small Express 4 project built for the test.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diagnose, type DoctorReport } from '../../src/doctor/diagnose';
import { majorOfRange } from '../../src/doctor/express-version';
import { createFixtureProject, installExpress } from './fixture-project';

const cli = join(__dirname, '..', '..', 'dist', 'cli.js');
let project = '';
let report: DoctorReport;

before(async () => {
  project = createFixtureProject();
  report = await diagnose({ dir: project, timeoutMs: 60_000 });
});
after(() => rmSync(project, { recursive: true, force: true }));

describe('portico doctor: what the project uses', () => {
  it('reads the express range and the installed version, and names portico as the target', () => {
    assert.equal(report.express.range, '^4.21.0');
    assert.equal(report.express.field, 'dependencies');
    assert.match(report.express.installed ?? '', /^4\.\d+\.\d+$/);
    assert.equal(report.express.target, 'portico');
  });

  it('reads majors from the usual ranges', () => {
    for (const [range, major] of [['^4.17.1', 4], ['~3.21.2', 3], ['4.x', 4], ['>=4.16.0', 4], ['3', 3], ['npm:express@^5.1.0', 5], ['5.0.0-beta.3', 5]] as const) {
      assert.equal(majorOfRange(range), major, range);
    }
    for (const range of ['latest', '*', 'github:expressjs/express']) assert.equal(majorOfRange(range), null, range);
  });

  it('reports the Node version running and whether Portico supports it', () => {
    assert.equal(report.node.running, process.version);
    assert.equal(report.node.supported, true);
  });

  it('lists the package that depends on express as unknown, with its range', () => {
    const lister = report.dependents.find((d) => d.name === 'route-lister');
    assert.deepEqual(lister && { status: lister.status, range: lister.expressRange, path: lister.path }, { status: 'unknown', range: '4.x', path: join('node_modules', 'route-lister') });
  });

  it('marks a package of the compatibility list as tested when its release line was tested, unknown otherwise', () => {
    // express's own dependencies include no middleware; add two versions of one by hand.
    const base = mkdtempSync(join(tmpdir(), 'portico-doctor-marks-'));
    try {
      writeFileSync(join(base, 'package.json'), JSON.stringify({ name: 'marks', dependencies: { express: '4.x', helmet: '*', cors: '*' } }));
      installExpress(base);
      for (const [name, version] of [['helmet', '8.1.0'], ['cors', '1.0.0']]) {
        mkdirSync(join(base, 'node_modules', name), { recursive: true });
        writeFileSync(join(base, 'node_modules', name, 'package.json'), JSON.stringify({ name, version }));
      }
      return diagnose({ dir: base, timeoutMs: 1000 }).then((r) => {
        const by = Object.fromEntries(r.dependents.map((d) => [d.name, d]));
        assert.equal(by.helmet.status, 'tested');
        assert.equal(by.helmet.evidence, 'test/ecosystem/helmet.test.ts');
        assert.equal(by.cors.status, 'unknown');
        assert.equal(by.cors.note, 'only 2.8.6 is tested');
      });
    } finally {
      setImmediate(() => rmSync(base, { recursive: true, force: true }));
    }
  });

  it('finds the express/lib deep import of the app, as supported', () => {
    assert.deepEqual(report.deepImports.app.map((d) => ({ file: d.file, line: d.line, module: d.module, supported: d.supported })), [
      { file: 'app.js', line: 2, module: 'lib/router/layer', supported: true },
    ]);
  });

  it('finds the internals the dependency reads, marked supported or not', () => {
    const uses = report.internals.dependencies.map((i) => `${i.file}:${i.line} ${i.name} ${i.supported}`);
    assert.deepEqual(uses, [
      `${join('node_modules', 'route-lister', 'index.js')}:2 app._router true`,
      `${join('node_modules', 'route-lister', 'index.js')}:2 router.stack true`,
      `${join('node_modules', 'route-lister', 'index.js')}:5 req._parsedUrl false`,
      `${join('node_modules', 'route-lister', 'index.js')}:5 req._parsedUrl false`,
    ]);
    assert.deepEqual(report.problems, [`${join('node_modules', 'route-lister', 'index.js')}:5 uses req._parsedUrl: Portico does not store parseurl's cache on req; read req.path, req.query or new URL(req.url, base)`]);
  });

  it('names 3.x projects portico/legacy and 5.x projects out of scope', async () => {
    for (const [range, target] of [['~3.21.2', 'portico/legacy'], ['^5.1.0', 'out-of-scope']] as const) {
      const dir = mkdtempSync(join(tmpdir(), 'portico-doctor-range-'));
      try {
        writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'r', dependencies: { express: range } }));
        const r = await diagnose({ dir, timeoutMs: 1000 });
        assert.equal(r.express.target, target);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });
});

describe('portico doctor on the command line', () => {
  it('prints the report as JSON with --json, and exits 1 when something needs a look', () => {
    const result = spawnSync(process.execPath, [cli, 'doctor', project, '--json'], { encoding: 'utf8' });
    assert.equal(result.status, 1, result.stderr);
    const parsed = JSON.parse(result.stdout) as DoctorReport;
    assert.equal(parsed.express.target, 'portico');
    assert.equal(parsed.run, null);
    assert.equal(parsed.problems.length, 1);
  });

  it('prints the terminal report', () => {
    const result = spawnSync(process.execPath, [cli, 'doctor', project], { encoding: 'utf8' });
    assert.match(result.stdout, /→ Express 4: use require\('portico'\)/);
    assert.match(result.stdout, /unknown {5}route-lister@1\.0\.0 {2}\[express 4\.x\]/);
    assert.match(result.stdout, /supported {3}express\/lib\/router\/layer {2}app\.js:2/);
    assert.match(result.stdout, /unsupported req\._parsedUrl \(2\)/);
  });

  it('answers usage errors with exit 2 and prints its help', () => {
    assert.equal(spawnSync(process.execPath, [cli, 'doctor', '--frobnicate'], { encoding: 'utf8' }).status, 2);
    assert.equal(spawnSync(process.execPath, [cli, 'doctor', '--run'], { encoding: 'utf8' }).status, 2);
    assert.match(execFileSync(process.execPath, [cli, 'doctor', '--help'], { encoding: 'utf8' }), /--run "<command>"/);
    const missing = spawnSync(process.execPath, [cli, 'doctor', join(project, 'nowhere')], { encoding: 'utf8' });
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /no package\.json/);
  });
});
