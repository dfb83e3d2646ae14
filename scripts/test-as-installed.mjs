// Tests Portico as users install it. The suites in the repository run against the lockfile; a user's
// `npm install portico` resolves every dependency afresh, and a new release inside a declared range
// can change a status code. This script:
//   1. packs Portico (dist/ must be built: `npm run build`) into a temporary folder;
//   2. installs the tarball into an empty project with no lockfile, as `npm install portico` does,
//      with the test tooling the differential suites import;
//   3. installs each reference the same way, each in a folder of its own so it resolves as a fresh
//      `npm install express@…` does: express@4, express@5.3.0 (`express5`), express@3.21
//      (`express3`) and connect@2.30 (`connect2`), linked into the project under those names;
//   4. prints, first, the table of behaviour-defining dependencies (scripts/lib/dependency-ranges.mjs):
//      the version Portico got, each reference's declared range and resolved version, OK or OUT;
//   5. runs the differential suites (test/compat, its express5 and fuzz batteries at their
//      `npm test` size, and test/package/dependency-ranges.test.ts) against the installed package.
// The suites import Portico as `src/index`, `src/express5/index`…: in the project those paths are
// one-line modules that re-export the installed package, so the same files test the tarball.
//   node scripts/test-as-installed.mjs            # KEEP=1 keeps the temporary folder
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { checkDependencies, formatDependencyTable } from './lib/dependency-ranges.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const step = (text) => console.log(`\n== ${text} (${elapsed()})`);

/** The references, each installed alone, and the name the suites require it by. */
const REFERENCES = [
  { name: 'express', spec: 'express@4' },
  { name: 'express5', spec: 'express@5.3.0' },
  { name: 'express3', spec: 'express@3.21' },
  { name: 'connect2', spec: 'connect@2.30' },
];
/** Packages the suites require that come with a reference: the oracle is that reference's own copy. */
const FROM_REFERENCE = { router: 'express5' };
/** The test tooling the copied suites import, at the ranges the repository declares. */
const TOOLING = ['tsx', 'fast-check', 'semver', '@hono/node-server', 'cookie-parser'];
/** Where the suites import Portico from, and what each path is once installed. */
const ENTRY_SHIMS = {
  'src/index.ts': "import portico = require('portico');\nexport = portico;\n",
  'src/express5/index.ts': "import portico5 = require('portico/5');\nexport = portico5;\n",
  'src/legacy/index.ts': "import legacy = require('portico/legacy');\nexport = legacy;\n",
  'src/server/graceful.ts': "import graceful = require('portico/graceful');\nexport = graceful;\n",
  'src/http2.ts': "import http2 = require('portico/http2');\nexport = http2;\n",
};
/** The suites run: every differential battery whose files import Portico only through its entry points. */
const SUITES = ['test/compat', 'test/package/dependency-ranges.test.ts'];
/** Batteries that test internal modules (routers and parsers on their own), not the installed entry points. */
const INTERNAL = [
  'test/compat/routing.compat.test.ts',
  'test/compat/route-serialisation.compat.test.ts',
  'test/compat/express5/body5.',
  'test/compat/express5/router5.',
  'test/compat/express5/static5',
];

function run(cmd, args, cwd, env = process.env) {
  execFileSync(cmd, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'], env });
}

// No lockfile anywhere: what the registry resolves today, as for a user.
const INSTALL = ['install', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error'];

function npmInstall(cwd, specs) {
  run(npm, [...INSTALL, ...specs], cwd);
}

function emptyProject(dir, name) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version: '0.0.0', private: true }, null, 2) + '\n');
}

function testFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...testFiles(full));
    else if (entry.name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}

if (!existsSync(join(root, 'dist', 'index.js'))) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(1);
}
const work = mkdtempSync(join(tmpdir(), 'portico-as-installed-'));
const project = join(work, 'project');
let failed = false;
try {
  step('npm pack');
  const packed = JSON.parse(execFileSync(npm, ['pack', '--json', '--ignore-scripts', '--pack-destination', work], { cwd: root, encoding: 'utf8' }));
  const tarball = join(work, packed[0].filename);
  console.log(tarball);

  step('install the tarball and the test tooling into an empty project, without a lockfile');
  emptyProject(project, 'portico-as-installed');
  const devDependencies = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies;
  npmInstall(project, [tarball, ...TOOLING.map((name) => `${name}@${devDependencies[name]}`)]);

  step('install each reference fresh, each in a folder of its own');
  await Promise.all(
    REFERENCES.map((ref) => {
      const dir = join(work, `reference-${ref.name}`);
      emptyProject(dir, `reference-${ref.name}`);
      return promisify(execFile)(npm, [...INSTALL, ref.spec], { cwd: dir });
    }),
  );
  const referenceDir = (name) => join(work, `reference-${name}`, 'node_modules', REFERENCES.find((r) => r.name === name).spec.split('@')[0]);
  for (const ref of REFERENCES) symlinkSync(referenceDir(ref.name), join(project, 'node_modules', ref.name), 'dir');
  for (const [name, ref] of Object.entries(FROM_REFERENCE)) {
    const dir = realpathSync(join(createRequire(join(referenceDir(ref), 'package.json')).resolve(`${name}/package.json`), '..'));
    symlinkSync(dir, join(project, 'node_modules', name), 'dir');
  }

  step('behaviour-defining dependencies: Portico as installed against each reference as installed');
  const semver = createRequire(join(project, 'package.json'))('semver');
  const rows = checkDependencies({
    porticoDir: join(project, 'node_modules', 'portico'),
    projectDir: project,
    satisfies: (v, r) => semver.satisfies(v, r),
    sameAsReference: true,
  });
  console.log(formatDependencyTable(rows));
  const out = rows.filter((r) => !r.ok);
  if (out.length > 0) {
    failed = true;
    console.log(`\n${out.length} OUT: ${out.map((r) => `${r.api} ${r.name}@${r.version}`).join(', ')}`);
  }

  step('copy the differential suites; their `src/` imports name the installed package');
  for (const folder of ['test/compat', 'test/fuzz', 'test/helpers', 'test/fixtures']) cpSync(join(root, folder), join(project, folder), { recursive: true });
  mkdirSync(join(project, 'test', 'package'), { recursive: true });
  cpSync(join(root, 'test/package/dependency-ranges.test.ts'), join(project, 'test/package/dependency-ranges.test.ts'));
  mkdirSync(join(project, 'scripts', 'lib'), { recursive: true });
  cpSync(join(root, 'scripts/lib/dependency-ranges.mjs'), join(project, 'scripts/lib/dependency-ranges.mjs'));
  // The example app of docs/express5.md, which requires 'portico' and 'portico/5' by name.
  cpSync(join(root, 'examples/express4-to-5'), join(project, 'examples/express4-to-5'), { recursive: true });
  // `express/lib/...` paths: the package's `./lib/*` exports, required by path in the suites.
  const installedExports = JSON.parse(readFileSync(join(project, 'node_modules/portico/package.json'), 'utf8')).exports;
  for (const key of Object.keys(installedExports).filter((k) => k.startsWith('./lib/') && !k.endsWith('.js'))) {
    ENTRY_SHIMS[`src${key.slice(1)}.ts`] = `import m = require('portico${key.slice(1)}');\nexport = m;\n`;
  }
  for (const [path, code] of Object.entries(ENTRY_SHIMS)) {
    mkdirSync(dirname(join(project, path)), { recursive: true });
    writeFileSync(join(project, path), code);
  }

  step('run the suites against the installed package');
  const files = SUITES.flatMap((s) => (s.endsWith('.ts') ? [join(project, s)] : testFiles(join(project, s)))).filter(
    (f) => !INTERNAL.some((skip) => f.startsWith(join(project, skip))),
  );
  console.log(`${files.length} test files`);
  const tap = join(work, 'results.tap');
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=dot', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${tap}`, ...files],
    { cwd: project, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
  );
  if (result.status !== 0) failed = true;
  // The fuzz areas' counts, then the totals of the run.
  const lines = existsSync(tap) ? readFileSync(tap, 'utf8').split('\n') : [];
  for (const line of lines) {
    const fuzz = /# (?:\\# )?(fuzz \S+ \[.*)$/.exec(line);
    if (fuzz) console.log(fuzz[1]);
  }
  for (const line of lines.slice(-12)) if (/^# (tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) /.test(line)) console.log(line);
} finally {
  step(failed ? 'FAILED' : 'passed');
  if (process.env.KEEP) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
