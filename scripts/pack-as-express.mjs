// Packs the built package (dist/, README.md, docs/) as a tarball to install in place of `express`
// with npm's `overrides` (docs/migrating.md, "Portico as `express` for the whole project").
//
// The tarball is Portico unchanged except for the version in its package.json: APM agents decide
// whether to instrument `express` by reading that version (OpenTelemetry's instrumentation-express
// wants `>=4.0.0 <6`), and Portico's own version says nothing about the Express API. So the
// version is the Express release whose API Portico implements, with Portico's own version as
// semver build metadata: `4.22.3+portico.0.1.0`. Build metadata is ignored when ranges are
// compared, so agents see Express 4.22.3, and anyone reading the version sees what it is.
//
// With `--legacy`, the tarball is `portico/legacy` as `express`, for a whole Express 3 project:
// `require('express')` gives the 3.x layer and the version is the Express 3 release it implements
// (`portico.expressLegacyApiVersion`), `3.21.2+portico.0.1.0`.
//
// Usage: node scripts/pack-as-express.mjs [--legacy] [destination-folder]   (run `npm run build` first)
// Prints the tarball's absolute path.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const legacy = args.includes('--legacy');
const destination = resolve(args.find((a) => a !== '--legacy') ?? root);
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

if (!existsSync(join(root, 'dist', 'lib', 'router', 'layer.js'))) {
  console.error('pack-as-express: dist/ is missing or incomplete; run `npm run build` first');
  process.exit(1);
}

const staging = mkdtempSync(join(tmpdir(), 'portico-as-express-'));
try {
  for (const entry of pkg.files) cpSync(join(root, entry), join(staging, entry), { recursive: true });
  const versionKey = legacy ? 'expressLegacyApiVersion' : 'expressApiVersion';
  const expressApi = pkg.portico?.[versionKey];
  if (typeof expressApi !== 'string') throw new Error(`package.json has no portico.${versionKey}`);
  const staged = { ...pkg, version: `${expressApi}+portico.${pkg.version}`, scripts: {}, devDependencies: {} };
  if (legacy) {
    // The package's root entry becomes the 3.x layer; `portico/legacy` and the deep imports stay.
    staged.main = './dist/legacy/index.js';
    staged.types = './dist/legacy/index.d.ts';
    staged.exports = { ...pkg.exports, '.': pkg.exports['./legacy'] };
  }
  writeFileSync(join(staging, 'package.json'), JSON.stringify(staged, null, 2) + '\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const out = execFileSync(npm, ['pack', '--json', '--pack-destination', destination], { cwd: staging, encoding: 'utf8' });
  const [{ filename }] = JSON.parse(out);
  process.stdout.write(join(destination, filename) + '\n');
} finally {
  rmSync(staging, { recursive: true, force: true });
}
