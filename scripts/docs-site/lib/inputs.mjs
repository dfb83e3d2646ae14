// What the site is built from, as one hash: when site/dist/ was built from the same inputs, the
// browser test serves it as it is instead of spending a minute rebuilding it (`build.mjs --if-changed`).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const SKIP = new Set(['node_modules', '.src', 'dist', 'cache', 'data']);

/** Files under `dir` (relative to `root`) that `keep` accepts, sorted. */
function files(root, dir, keep) {
  const full = join(root, dir);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return keep(dir) ? [dir] : [];
  const out = [];
  for (const name of readdirSync(full).sort()) {
    if (SKIP.has(name)) continue;
    out.push(...files(root, join(dir, name), keep));
  }
  return out;
}

/** The hash of every input of the site: pages, charts, linked examples, the generator's code and config, the published types, the locked versions. */
export function inputsHash(root) {
  const any = () => true;
  const list = [
    ...['README.md', 'BENCHMARKS.md', 'CHANGELOG.md', 'SECURITY.md', 'ecosystem.config.cjs', 'package-lock.json'].flatMap((f) => files(root, f, any)),
    ...files(root, 'docs', any),
    ...files(root, 'examples', any),
    ...files(root, 'site', any),
    ...files(root, join('scripts', 'docs-site'), any),
    ...files(root, 'dist', (f) => f.endsWith('.d.ts') || f.endsWith('.d.mts')),
  ];
  const hash = createHash('sha256');
  for (const file of list) hash.update(relative(root, join(root, file)).split(sep).join('/')).update('\0').update(readFileSync(join(root, file))).update('\0');
  return hash.digest('hex');
}
