// The libraries that decide Portico's behaviour, per API, with the package of the reference Express
// that declares each one (docs/dependencies.md, "Versions follow the reference"). `checkDependencies`
// finds, in an installed tree, the version Portico resolves and the version and range its reference
// declares and resolves, so a test (test/package/dependency-ranges.test.ts) and the installed-copy
// check (scripts/test-as-installed.mjs) say which library left the reference's range.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';

/**
 * One row: `name` is what Portico requires (an alias for the 5.x copy), `from` the path through
 * Portico's own packages when it is not a direct dependency, `declarers` the chains from the
 * reference's root package (`express` for 4.x, `express5` for 5.x) to each package declaring it.
 * `emulated`: Portico resolves another release and reproduces the reference's behaviour in its own
 * code (the test checks the reference still resolves the release that code reproduces).
 */
export const BEHAVIOUR_DEPENDENCIES = [
  { api: 'portico', name: 'range-parser', declarers: [['express'], ['express', 'send']] },
  { api: 'portico', name: 'qs', declarers: [['express'], ['express', 'body-parser']] },
  { api: 'portico', name: 'negotiator', declarers: [['express', 'accepts']] },
  { api: 'portico', name: 'type-is', declarers: [['express'], ['express', 'body-parser']] },
  { api: 'portico', name: 'mime-types', from: ['type-is'], declarers: [['express', 'accepts'], ['express', 'type-is']] },
  { api: 'portico', name: 'mime', declarers: [['express', 'send']] },
  { api: 'portico', name: 'content-type', declarers: [['express'], ['express', 'body-parser']] },
  { api: 'portico', name: 'content-disposition', declarers: [['express']] },
  { api: 'portico', name: 'cookie', declarers: [['express']] },
  { api: 'portico', name: 'fresh', declarers: [['express'], ['express', 'send']] },
  { api: 'portico', name: 'proxy-addr', declarers: [['express']] },
  { api: 'portico', name: 'statuses', declarers: [['express'], ['express', 'finalhandler']] },
  { api: 'portico', name: 'vary', declarers: [['express']] },
  { api: 'portico', name: 'encodeurl', declarers: [['express']] },
  { api: 'portico', name: 'escape-html', declarers: [['express']] },
  { api: 'portico', name: 'bytes', declarers: [['express', 'body-parser']] },
  { api: 'portico', name: 'ms', declarers: [['express', 'send']] },
  { api: 'portico', name: 'iconv-lite', declarers: [['express', 'body-parser']], emulated: '0.4' },
  { api: 'portico/5', name: 'range-parser5', real: 'range-parser', declarers: [['express5'], ['express5', 'send']] },
  { api: 'portico/5', name: 'qs5', real: 'qs', declarers: [['express5'], ['express5', 'body-parser']] },
  { api: 'portico/5', name: 'negotiator1', real: 'negotiator', declarers: [['express5', 'accepts']] },
  { api: 'portico/5', name: 'type-is2', real: 'type-is', declarers: [['express5'], ['express5', 'body-parser']] },
  { api: 'portico/5', name: 'mime-types', declarers: [['express5'], ['express5', 'send'], ['express5', 'accepts']] },
  { api: 'portico/5', name: 'content-type2', real: 'content-type', declarers: [['express5']] },
  { api: 'portico/5', name: 'content-disposition2', real: 'content-disposition', declarers: [['express5']] },
  { api: 'portico/5', name: 'fresh2', real: 'fresh', declarers: [['express5'], ['express5', 'send']] },
  { api: 'portico/5', name: 'cookie', declarers: [['express5']] },
  { api: 'portico/5', name: 'proxy-addr', declarers: [['express5']] },
  { api: 'portico/5', name: 'statuses', declarers: [['express5'], ['express5', 'finalhandler']] },
  { api: 'portico/5', name: 'vary', declarers: [['express5']] },
  { api: 'portico/5', name: 'encodeurl', declarers: [['express5']] },
  { api: 'portico/5', name: 'escape-html', declarers: [['express5']] },
  { api: 'portico/5', name: 'bytes', declarers: [['express5', 'body-parser']] },
  { api: 'portico/5', name: 'ms', declarers: [['express5', 'send']] },
  { api: 'portico/5', name: 'iconv-lite', declarers: [['express5', 'body-parser']], emulated: '0.7' },
];

/** The folder of package `name` as `require(name)` from `fromDir` finds it (package exports aside). */
export function packageDir(fromDir, name) {
  const paths = createRequire(join(fromDir, 'noop.js')).resolve.paths(name) ?? [];
  for (const base of paths) {
    const candidate = join(base, name);
    // The real folder: a reference linked into a project resolves its own dependencies from there.
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
  }
  throw new Error(`${name} is not installed where ${fromDir} can require it`);
}

function manifest(dir) {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
}

/** Follows `chain` of package names from `fromDir`, each required from the last one's folder. */
function follow(fromDir, chain) {
  let dir = fromDir;
  for (const name of chain) dir = packageDir(dir, name);
  return dir;
}

/**
 * Checks every row against an installed tree: `porticoDir` is Portico's package folder, `projectDir`
 * where `express` and `express5` (the references) are required from. `satisfies` is semver's.
 * A row is `OK` when Portico's version is inside every declarer's range and is the version the
 * reference resolves itself (when `sameAsReference`); `OUT` otherwise. An emulated row is `OK` while
 * the reference resolves the release line Portico's code reproduces.
 */
export function checkDependencies({ porticoDir, projectDir, satisfies, sameAsReference }) {
  return BEHAVIOUR_DEPENDENCIES.map((row) => {
    const dir = follow(porticoDir, [...(row.from ?? []), row.name]);
    const own = manifest(dir);
    const real = row.real ?? row.name;
    const references = row.declarers.map((chain) => {
      const declarerDir = follow(projectDir, chain);
      const declarer = manifest(declarerDir);
      const range = (declarer.dependencies ?? {})[real];
      if (range === undefined) throw new Error(`${chain.join(' > ')} no longer declares ${real}`);
      const resolved = manifest(packageDir(declarerDir, real)).version;
      return { declarer: `${declarer.name}@${declarer.version}`, range, resolved };
    });
    let ok;
    if (row.emulated) {
      ok = references.every((r) => r.resolved.startsWith(row.emulated + '.'));
    } else {
      ok = own.name === real && references.every((r) => satisfies(own.version, r.range) && (!sameAsReference || r.resolved === own.version));
    }
    return { api: row.api, name: row.name, real, version: own.version, emulated: row.emulated, references, ok };
  });
}

/** The rows as a table for a log: package, API, version resolved, the reference's ranges and versions, OK/OUT. */
export function formatDependencyTable(rows) {
  const lines = rows.map((r) => [
    r.api,
    r.name === r.real ? r.name : `${r.name} (${r.real})`,
    r.emulated ? `${r.version} (reproduces ${r.emulated})` : r.version,
    r.references.map((ref) => `${ref.declarer}: ${ref.range} -> ${ref.resolved}`).join('; '),
    r.ok ? 'OK' : 'OUT',
  ]);
  const head = ['API', 'package', 'resolved', 'reference range -> resolved', 'status'];
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
  return [fmt(head), fmt(widths.map((w) => '-'.repeat(w))), ...lines.map(fmt)].join('\n');
}
