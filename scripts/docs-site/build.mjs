// Builds the documentation site into site/dist/ (`npm run docs:build`, which builds dist/ first):
// the API reference from the published .d.ts files (TypeDoc), the pages from docs/*.md and the root
// Markdown files (scripts/docs-site/lib/pages.mjs), then VitePress over site/.src/.
// Usage: node scripts/docs-site/build.mjs [--pages-only] [--if-changed]
//   --pages-only   stop before VitePress (site/.src/ only)
//   --if-changed   do nothing when site/dist/ was built from the same inputs (lib/inputs.mjs)
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiIndex, appendNodeMembers, runTypeDoc, writeApiSidebar } from './lib/api-reference.mjs';
import { inputsHash } from './lib/inputs.mjs';
import { writePages } from './lib/pages.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const site = join(root, 'site');
const srcDir = join(site, '.src');
const started = Date.now();

function fail(message) {
  process.stderr.write(`docs-site: ${message}\n`);
  process.exit(1);
}

if (!existsSync(join(root, 'dist', 'esm', 'index.d.mts'))) fail('dist/ has no type declarations: run `npm run build` first.');

const stamp = join(site, 'dist', '.inputs');
const inputs = inputsHash(root);
if (process.argv.includes('--if-changed') && existsSync(stamp) && readFileSync(stamp, 'utf8') === inputs) {
  process.stdout.write('docs-site: site/dist is up to date\n');
  process.exit(0);
}

rmSync(srcDir, { recursive: true, force: true });
mkdirSync(srcDir, { recursive: true });
try {
  runTypeDoc(root);
  const apiDir = join(srcDir, 'api');
  appendNodeMembers(apiDir, join(root, 'dist', 'esm', 'index.d.mts'));
  writeApiSidebar(apiDir);
  const index = apiIndex(apiDir);
  const pages = writePages(root, srcDir, index);
  copyFileSync(join(site, 'index.md'), join(srcDir, 'index.md'));
  process.stdout.write(`docs-site: ${pages.length + 1} pages and the API reference written to site/.src\n`);
} catch (err) {
  fail(err instanceof Error ? err.message : String(err));
}

if (!process.argv.includes('--pages-only')) {
  const vitepress = join(root, 'node_modules', 'vitepress', 'bin', 'vitepress.js');
  const result = spawnSync(process.execPath, [vitepress, 'build', site], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) fail('vitepress build failed');
  writeFileSync(stamp, inputs);
  process.stdout.write(`docs-site: built site/dist in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
