import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli';
import { parseCommand, packageNameFor, USAGE, type StarterOptions } from '../../src/starter/options';
import { starterFiles } from '../../src/starter/generate';

/** Runs the command line in-process, collecting what it prints. */
function run(args: string[], cwd: string): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const previous = process.cwd();
  process.chdir(cwd);
  try {
    const code = main(args, (t) => (out += t), (t) => (err += t));
    return { code, out, err };
  } finally {
    process.chdir(previous);
  }
}

const scratch = mkdtempSync(join(tmpdir(), 'portico-init-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

const base: StarterOptions = { directory: 'app', name: 'app', view: 'ejs', typescript: false, legacy: false, express5: false, force: false, runtime: 'node' };

describe('portico init: the command line', () => {
  it('answers --help, -h and no arguments with the usage, exit 0', () => {
    for (const args of [['--help'], ['-h'], [], ['init', '--help']]) {
      const r = run(args, scratch);
      assert.equal(r.code, 0);
      assert.equal(r.out, USAGE);
      assert.match(r.out, /--view <engine>/);
      assert.match(r.out, /--ts/);
      assert.match(r.out, /--legacy/);
      assert.match(r.out, /--force/);
    }
  });

  it('refuses an unknown command, an unknown option, a bad --view and a missing folder with exit 2', () => {
    for (const [args, message] of [
      [['create', 'x'], /unknown command: create/],
      [['init', 'x', '--typo'], /unknown option: --typo/],
      [['init', 'x', '--view', 'jade'], /--view takes one of ejs, pug, hbs, none, not jade/],
      [['init', 'x', '--view'], /--view takes one of/],
      [['init'], /name the folder/],
      [['init', 'a', 'b'], /one folder only/],
    ] as const) {
      const r = run([...args], scratch);
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.err, message);
      assert.equal(r.out, '');
    }
  });

  it('reads --view both as two words and as --view=engine, --ts, --legacy and --force', () => {
    const parsed = parseCommand(['init', 'Some App', '--view=pug', '--ts', '--legacy', '--force']);
    assert.deepEqual(parsed, {
      kind: 'init',
      options: { directory: 'Some App', name: 'some-app', view: 'pug', typescript: true, legacy: true, express5: false, force: true, runtime: 'node' },
    });
    const none = parseCommand(['init', 'x', '--view', 'none']);
    assert.equal(none.kind === 'init' ? none.options.view : undefined, 'none');
  });

  it('names the package after the folder, made npm-safe', () => {
    assert.equal(packageNameFor('projects/My Shop/'), 'my-shop');
    assert.equal(packageNameFor('.hidden'), 'hidden');
    assert.equal(packageNameFor('...'), 'portico-app');
  });
});

describe('portico init: writing the folder', () => {
  it('creates the folder and writes the project, saying what to run next', () => {
    const r = run(['init', 'fresh/app'], scratch);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /cd fresh\/app\n {2}npm install\n {2}npm start/);
    for (const file of ['package.json', 'src/app.js', 'src/server.js', 'routes/index.js', 'views/index.ejs', 'public/stylesheets/style.css', 'test/app.test.js']) {
      assert.ok(existsSync(join(scratch, 'fresh', 'app', file)), file);
    }
  });

  it('writes into an empty folder that exists', () => {
    mkdirSync(join(scratch, 'empty'));
    assert.equal(run(['init', 'empty'], scratch).code, 0);
  });

  it('refuses a folder that is not empty, changing nothing, unless --force', () => {
    const dir = join(scratch, 'busy');
    mkdirSync(dir);
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    const refused = run(['init', 'busy'], scratch);
    assert.equal(refused.code, 1);
    assert.match(refused.err, /is not empty; use --force/);
    assert.equal(existsSync(join(dir, 'package.json')), false);
    const forced = run(['init', 'busy', '--force'], scratch);
    assert.equal(forced.code, 0, forced.err);
    assert.equal(readFileSync(join(dir, 'notes.txt'), 'utf8'), 'mine');
    assert.ok(existsSync(join(dir, 'package.json')));
  });

  it('refuses a path that is a file', () => {
    writeFileSync(join(scratch, 'a-file'), '');
    const r = run(['init', 'a-file', '--force'], scratch);
    assert.equal(r.code, 1);
    assert.match(r.err, /is not a folder/);
  });
});

describe('portico init: what the project contains', () => {
  const manifest = (o: Partial<StarterOptions>) => JSON.parse(starterFiles({ ...base, ...o })['package.json']) as Record<string, Record<string, string>>;
  const own = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string; devDependencies: Record<string, string> };

  it('has start, dev (node --watch) and test scripts, and depends on this version of Portico', () => {
    const js = manifest({});
    assert.equal(js.scripts.start, 'node src/server.js');
    assert.equal(js.scripts.dev, 'node --watch src/server.js');
    assert.equal(js.scripts.test, 'node --test');
    assert.equal(js.dependencies.portico, '^' + own.version);
    const ts = manifest({ typescript: true });
    assert.match(ts.scripts.dev, /^node --watch --import tsx src\/server\.ts$/);
    assert.match(ts.scripts.test, /^tsc --noEmit && node --import tsx --test/);
    assert.deepEqual(Object.keys(ts.devDependencies).sort(), ['@types/node', 'tsx', 'typescript']);
  });

  it('depends on the chosen view engine, at the version Portico is tested with, and on none with --view none', () => {
    for (const view of ['ejs', 'pug', 'hbs'] as const) {
      assert.equal(manifest({ view }).dependencies[view], own.devDependencies[view]);
    }
    assert.deepEqual(Object.keys(manifest({ view: 'none' }).dependencies), ['portico']);
  });

  it('has views for the engine (home, 404, error), or public/index.html without one', () => {
    const names = (o: Partial<StarterOptions>) => Object.keys(starterFiles({ ...base, ...o })).sort();
    assert.ok(['views/index.pug', 'views/not-found.pug', 'views/error.pug', 'views/layout.pug'].every((f) => names({ view: 'pug' }).includes(f)));
    assert.ok(['views/index.hbs', 'views/not-found.hbs', 'views/error.hbs', 'views/layout.hbs'].every((f) => names({ view: 'hbs' }).includes(f)));
    const none = names({ view: 'none' });
    assert.equal(none.some((f) => f.startsWith('views/')), false);
    assert.ok(none.includes('public/index.html'));
  });

  it('starts from portico/5 with --express5, in the app and the routers, and refuses it with --legacy', () => {
    const js = starterFiles({ ...base, express5: true });
    assert.match(js['src/app.js'], /require\('portico\/5'\)/);
    assert.match(js['routes/users.js'], /require\('portico\/5'\)/);
    assert.match(starterFiles({ ...base, express5: true, typescript: true })['src/app.ts'], /from 'portico\/5'/);
    assert.deepEqual(parseCommand(['init', 'x', '--express5']), {
      kind: 'init',
      options: { directory: 'x', name: 'x', view: 'ejs', typescript: false, legacy: false, express5: true, force: false, runtime: 'node' },
    });
    assert.equal(parseCommand(['init', 'x', '--express5', '--legacy']).kind, 'error');
  });

  it('starts from portico/legacy with --legacy, and from portico otherwise', () => {
    assert.match(starterFiles({ ...base, legacy: true })['src/app.js'], /require\('portico\/legacy'\)/);
    assert.match(starterFiles({ ...base, legacy: true, typescript: true })['src/app.ts'], /from 'portico\/legacy'/);
    assert.match(starterFiles(base)['src/app.js'], /require\('portico'\)/);
    assert.doesNotMatch(starterFiles(base)['src/app.js'], /legacy/);
  });
});

describe('portico init --runtime', () => {
  const files = (o: Partial<StarterOptions>) => starterFiles({ ...base, view: 'none', ...o });
  const own = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string; devDependencies: Record<string, string> };

  it('reads --runtime as two words and as --runtime=name, sets no view engine, and defaults to node', () => {
    assert.equal((parseCommand(['init', 'x']) as { options: StarterOptions }).options.runtime, 'node');
    for (const args of [['init', 'x', '--runtime', 'bun'], ['init', 'x', '--runtime=bun']]) {
      assert.deepEqual(parseCommand(args), {
        kind: 'init',
        options: { directory: 'x', name: 'x', view: 'none', typescript: false, legacy: false, express5: false, force: false, runtime: 'bun' },
      });
    }
    assert.equal((parseCommand(['init', 'x', '--runtime', 'workers', '--express5']) as { options: StarterOptions }).options.express5, true);
  });

  it('refuses an unknown runtime, and --ts, --legacy or a view engine with a fetch runtime', () => {
    for (const [args, message] of [
      [['init', 'x', '--runtime', 'lambda'], /--runtime takes one of node, bun, deno, workers, not lambda/],
      [['init', 'x', '--runtime'], /--runtime takes one of/],
      [['init', 'x', '--runtime', 'deno', '--ts'], /not with --ts/],
      [['init', 'x', '--runtime', 'bun', '--legacy'], /not with --legacy/],
      [['init', 'x', '--runtime', 'workers', '--view', 'ejs'], /not with --view ejs/],
    ] as const) {
      const r = run([...args], scratch);
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.err, message);
    }
    assert.equal(parseCommand(['init', 'x', '--runtime', 'bun', '--view', 'none']).kind, 'init');
  });

  it('writes a Bun project: Bun.serve with app.fetch, and bun test', () => {
    const f = files({ runtime: 'bun' });
    assert.deepEqual(Object.keys(f).sort(), ['.gitignore', 'README.md', 'package.json', 'src/app.js', 'src/server.js', 'test/app.test.js']);
    const manifest = JSON.parse(f['package.json']) as Record<string, Record<string, string>>;
    assert.deepEqual(manifest.scripts, { start: 'bun src/server.js', dev: 'bun --watch src/server.js', test: 'bun test' });
    assert.deepEqual(manifest.dependencies, { portico: '^' + own.version });
    assert.match(f['src/server.js'], /Bun\.serve\(\{ port: Number\(process\.env\.PORT \?\? 3000\), fetch: app\.fetch \}\)/);
    assert.match(f['test/app.test.js'], /from 'bun:test'/);
    assert.match(f['src/app.js'], /^import portico from 'portico';/);
  });

  it('writes a Deno project: Deno.serve with app.fetch, tasks in deno.json, and Deno.test', () => {
    const f = files({ runtime: 'deno', express5: true });
    assert.match(f['src/server.js'], /Deno\.serve\(/);
    assert.match(f['src/server.js'], /app\.fetch/);
    assert.match(f['src/app.js'], /^import portico from 'portico\/5';/);
    const tasks = (JSON.parse(f['deno.json']) as { tasks: Record<string, string> }).tasks;
    assert.match(tasks.test, /^deno test /);
    assert.match(f['test/app.test.js'], /Deno\.test\(/);
    // deno test type-checks the graph, and Portico's types refer to Node's.
    assert.equal((JSON.parse(f['package.json']) as { devDependencies: Record<string, string> }).devDependencies['@types/node'], own.devDependencies['@types/node']);
  });

  it('writes a Workers project: export default { fetch: app.fetch }, nodejs_compat and the 2025-09-15 date, wrangler as Portico tests it', () => {
    const f = files({ runtime: 'workers' });
    assert.match(f['src/index.js'], /export default \{ fetch: app\.fetch \};/);
    assert.match(f['wrangler.jsonc'], /"compatibility_date": "2025-09-15"/);
    assert.match(f['wrangler.jsonc'], /"compatibility_flags": \["nodejs_compat"\]/);
    const manifest = JSON.parse(f['package.json']) as Record<string, Record<string, string>>;
    assert.equal(manifest.devDependencies.wrangler, own.devDependencies.wrangler);
    assert.equal(manifest.scripts.start, 'wrangler dev');
  });
});
