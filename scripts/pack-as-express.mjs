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
// With `--legacy`, the tarball is `portico/legacy` as `express`, for a whole Express 3 project:
// `require('express')` gives the 3.x layer and the version is the Express 3 release it implements
// (`portico.expressLegacyApiVersion`), `3.21.2+portico.0.1.0`.
//
// With `--express5`, the tarball is `portico/5` as `express`, for a project (or a framework such as
// NestJS 11) that depends on Express 5: the version is the Express 5 release it implements
// (`portico.express5ApiVersion`), `5.3.0+portico.0.1.0`.
//
// With --registry it packs the companion package for a registry instead (docs/observability.md,
// "APM agents on a registry install"): a registry keeps no build metadata, so the companion is a
// package of its own name (`portico.companion` in package.json, `portico-express`) whose versions
// are all Express 4 versions, above every Express 4 release: Portico M.m.p is 4.(1000·(M+1)+m).p
// (0.1.0 is 4.1001.0). Its package.json records Portico's own version in `portico.version`.
// `--registry --express5` packs the same companion's Express 5 line: `portico/5` as its root entry,
// versioned 5.(1000·(M+1)+m).p, above every Express 5 release, so `portico-express@^5` takes it.
//
// Usage: node scripts/pack-as-express.mjs [--legacy | --express5] [--registry] [destination-folder]   (run `npm run build` first)
// Prints the tarball's absolute path.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const legacy = args.includes('--legacy');
const express5 = args.includes('--express5');
const forRegistry = args.includes('--registry');
if (legacy && forRegistry) throw new Error('pack-as-express: --legacy and --registry are exclusive');
if (legacy && express5) throw new Error('pack-as-express: --legacy and --express5 are exclusive');
const destination = resolve(args.find((a) => !a.startsWith('--')) ?? root);
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
  const versionKey = legacy ? 'expressLegacyApiVersion' : express5 ? 'express5ApiVersion' : 'expressApiVersion';
  const expressApi = pkg.portico?.[versionKey];
  if (typeof expressApi !== 'string') throw new Error(`package.json has no portico.${versionKey}`);
  const staged = forRegistry
    ? { ...pkg, ...companionIdentity(pkg, expressApi), scripts: {}, devDependencies: {}, overrides: undefined }
    : { ...pkg, version: `${expressApi}+portico.${pkg.version}`, scripts: {}, devDependencies: {}, overrides: undefined };
  if (legacy) {
    // The package's root entry becomes the 3.x layer; `portico/legacy` and the deep imports stay.
    staged.main = './dist/legacy/index.js';
    staged.types = './dist/legacy/index.d.ts';
    staged.exports = { ...pkg.exports, '.': pkg.exports['./legacy'] };
  }
  if (express5) {
    // The root entry becomes the 5.x API; `portico/5` and the other entries stay.
    staged.main = './dist/express5/index.js';
    staged.types = './dist/express5/index.d.ts';
    staged.exports = { ...pkg.exports, '.': pkg.exports['./5'] };
  }
  writeFileSync(join(staging, 'package.json'), JSON.stringify(staged, null, 2) + '\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const out = execFileSync(npm, ['pack', '--json', '--pack-destination', destination], { cwd: staging, encoding: 'utf8' });
  const [{ filename }] = JSON.parse(out);
  process.stdout.write(join(destination, filename) + '\n');
} finally {
  rmSync(staging, { recursive: true, force: true });
}

/** The companion's name, version and record of what it is (see the head of this file). */
function companionIdentity(pkg, expressApi) {
  const name = pkg.portico?.companion;
  if (typeof name !== 'string') throw new Error('package.json has no portico.companion');
  const [major, minor, patch] = pkg.version.split(/[.+-]/).map(Number);
  const version = `${expressApi.split('.')[0]}.${1000 * (major + 1) + minor}.${patch}`;
  const description = `Portico ${pkg.version} (the Express ${expressApi} API), published under an Express ${expressApi.split('.')[0]} version for npm overrides: ${pkg.description}`;
  return { name, version, description, portico: { ...pkg.portico, version: pkg.version } };
}
