// Packs the built package (the `files` of package.json, README.md, LICENSE) as a tarball to install in place of `express`
// with npm's `overrides` (docs/migrating.md, "Portico as `express` for the whole project").
//
// The tarball is Portico unchanged except for the version in its package.json: APM agents decide
// whether to instrument `express` by reading that version (OpenTelemetry's instrumentation-express
// wants `>=4.0.0 <6`), and Portico's own version says nothing about the Express API. So the
// version is the Express release whose API Portico implements, with Portico's own version as
// semver build metadata: `4.22.3+portico.0.1.0`. Build metadata is ignored when ranges are
// compared, so agents see Express 4.22.3, and anyone reading the version sees what it is.
//
// Usage: node scripts/pack-as-express.mjs [destination-folder]   (run `npm run build` first)
// Prints the tarball's absolute path.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const destination = resolve(process.argv[2] ?? root);
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

if (!existsSync(join(root, 'dist', 'lib', 'router', 'layer.js'))) {
  console.error('pack-as-express: dist/ is missing or incomplete; run `npm run build` first');
  process.exit(1);
}

const staging = mkdtempSync(join(tmpdir(), 'portico-as-express-'));
try {
  // `files` also holds exclusions (`!dist/**/*.map`); npm pack applies them from the staged package.json.
  for (const entry of [...pkg.files, 'README.md', 'LICENSE']) {
    if (!entry.startsWith('!')) cpSync(join(root, entry), join(staging, entry), { recursive: true });
  }
  const expressApi = pkg.portico?.expressApiVersion;
  if (typeof expressApi !== 'string') throw new Error('package.json has no portico.expressApiVersion');
  const staged = { ...pkg, version: `${expressApi}+portico.${pkg.version}`, scripts: {}, devDependencies: {} };
  writeFileSync(join(staging, 'package.json'), JSON.stringify(staged, null, 2) + '\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const out = execFileSync(npm, ['pack', '--json', '--pack-destination', destination], { cwd: staging, encoding: 'utf8' });
  const [{ filename }] = JSON.parse(out);
  process.stdout.write(join(destination, filename) + '\n');
} finally {
  rmSync(staging, { recursive: true, force: true });
}
