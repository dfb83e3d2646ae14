// Builds dist/: tsc emits CommonJS with .d.ts; the runtime's JavaScript is then replaced by a few
// esbuild bundles with a stub at each entry's path (scripts/bundle.mjs), and thin ESM wrappers are
// written so that `import portico from 'portico'` and named imports both work. The command-line
// tools (`portico init`, `portico doctor`) keep tsc's file-per-module output: they are not loaded by
// `require('portico')`, and they find the package's root from their own location.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { writeBundles } from './bundle.mjs';
import { unprefixFolder } from './unprefix-core-modules.mjs';
import ts from 'typescript';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// `node scripts/build.mjs [folder]`: dist/ by default (a test builds into a folder of its own).
const finalDist = process.argv[2] ? resolve(process.argv[2]) : join(root, 'dist');
// Compile into a fresh folder and swap it in only on success, so a failed build leaves the last good dist/.
const dist = `${finalDist}.building`;
rmSync(dist, { recursive: true, force: true });
execFileSync(
  process.execPath,
  [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.json'), '--outDir', dist],
  { stdio: 'inherit' },
);

/** The tools' files, left as tsc emits them. */
const TOOLS = /^(cli\.js|doctor\/|starter\/)/;

/** Every emitted .js file under `folder`, relative to dist/. */
function emittedJs(folder = '', prefix = '') {
  return readdirSync(join(dist, folder), { withFileTypes: true }).flatMap((entry) => {
    const rel = prefix + entry.name;
    if (entry.isDirectory()) return emittedJs(join(folder, entry.name), rel + '/');
    return rel.endsWith('.js') ? [rel] : [];
  });
}

/** The tools' files and the core modules they import (the doctor judges route paths with the routers' own compilers). */
function toolFiles() {
  const keep = new Set();
  const queue = emittedJs().filter((rel) => TOOLS.test(rel));
  while (queue.length > 0) {
    const rel = queue.pop();
    if (keep.has(rel)) continue;
    keep.add(rel);
    for (const m of readFileSync(join(dist, rel), 'utf8').matchAll(/require\("(\.{1,2}\/[^"]+)"\)/g)) {
      queue.push(join(dirname(rel), m[1]).split('\\').join('/') + '.js');
    }
  }
  return keep;
}

/** Removes tsc's JavaScript (and its maps) for the runtime: the bundles replace it. */
function removeRuntimeJs(keep) {
  for (const rel of emittedJs()) {
    if (keep.has(rel)) continue;
    rmSync(join(dist, rel));
    rmSync(join(dist, `${rel}.map`), { force: true });
  }
}

/** The runtime entries: every `require` target of package.json's exports, as module ids; the main one first. */
function runtimeEntries() {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const targets = Object.values(manifest.exports).flatMap((e) => (typeof e === 'string' ? [e] : [e.require?.default ?? e.default]));
  const ids = targets.filter((t) => t.startsWith('./dist/') && t.endsWith('.js')).map((t) => t.slice('./dist/'.length, -'.js'.length));
  return [...new Set([manifest.main.slice('./dist/'.length, -'.js'.length), ...ids])];
}

const require = createRequire(import.meta.url);

/** Each entry's export names in the order tsc's output defines them, read before that output goes. */
function exportOrder(entries) {
  const order = new Map();
  for (const id of entries) {
    const mod = require(join(dist, `${id}.js`));
    if (mod.__esModule) order.set(id, Object.keys(mod));
  }
  return order;
}

const entries = runtimeEntries();
const order = exportOrder(entries);
for (const file of Object.keys(require.cache)) if (file.startsWith(dist)) delete require.cache[file];
removeRuntimeJs(toolFiles());
const bundles = await writeBundles(root, dist, entries, order);
writeFileSync(join(dist, 'bundle', 'modules.json'), JSON.stringify(Object.fromEntries([...bundles].sort()), null, 1) + '\n');
const identifier = /^[A-Za-z_$][\w$]*$/;

/**
 * Writes an ESM file re-exporting a CommonJS module of dist/: default plus every own enumerable name.
 * It imports the CommonJS file statically, not through `createRequire(import.meta.url)`: Node gives
 * `require` and `import` the one instance in its CommonJS cache (no dual-package hazard), and
 * bundlers (esbuild, wrangler, Rollup, Vite, webpack) follow a static import, which they cannot do
 * for a require made at run time from a file URL (workerd has none).
 */
function writeEsmWrapper(cjsRelative, esmName) {
  const mod = require(join(dist, cjsRelative));
  const names = Object.keys(mod).filter((n) => identifier.test(n) && n !== 'default');
  const from = JSON.stringify(`../${cjsRelative}`);
  const lines = [
    `import mod from ${from};`,
    `export default mod;`,
    // Aliased exports: some names (`static`) are reserved words and cannot be declared directly.
    ...names.map((n, i) => `const export${i} = mod[${JSON.stringify(n)}];`),
    `export { ${names.map((n, i) => `export${i} as ${n}`).join(', ')} };`,
  ];
  mkdirSync(join(dist, 'esm'), { recursive: true });
  writeFileSync(join(dist, 'esm', esmName), lines.join('\n') + '\n');
}

/**
 * Writes the types of an ESM wrapper as a real ES module declaration (`.d.mts`). Pointing `import`
 * at the CommonJS `.d.ts` made TypeScript under node16 read the wrapper as CommonJS ("masquerading
 * as CJS"). The default export is the module object; each member of the `export =` namespace
 * (values and types) is re-exported under its name, as the wrapper's named exports are.
 */
function writeEsmTypes(cjsDeclaration, esmName) {
  const file = join(dist, cjsDeclaration);
  const program = ts.createProgram([file], { module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16, skipLibCheck: true, types: [] });
  const checker = program.getTypeChecker();
  const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(file));
  const members = checker.getExportsOfModule(moduleSymbol).map((s) => s.getName()).sort();
  const specifier = `../${cjsDeclaration.replace(/\.d\.ts$/, '.js')}`;
  if (!readFileSync(file, 'utf8').includes('export =')) {
    // A module of named exports: they are re-exported as they are, and the default is the module object.
    const named = [`import * as ns from '${specifier}';`, `declare const mod: typeof ns;`, `export default mod;`, `export * from '${specifier}';`];
    writeFileSync(join(dist, 'esm', esmName), named.join('\n') + '\n');
    return;
  }
  const lines = [`import mod from '${specifier}';`, `export default mod;`];
  for (const name of members) {
    // A reserved word (`static`) cannot be an import alias; it is a value only, exported by renaming.
    if (ts.stringToToken(name) !== undefined && ts.stringToToken(name) <= ts.SyntaxKind.LastKeyword) {
      lines.push(`declare const export_${name}: typeof mod.${name};`, `export { export_${name} as ${name} };`);
    } else lines.push(`export import ${name} = mod.${name};`);
  }
  writeFileSync(join(dist, 'esm', esmName), lines.join('\n') + '\n');
}

writeEsmWrapper('index.js', 'index.mjs');
writeEsmWrapper('legacy/index.js', 'legacy.mjs');
writeEsmWrapper('express5/index.js', '5.mjs');
writeEsmWrapper('server/graceful.js', 'graceful.mjs');
writeEsmWrapper('http2.js', 'http2.mjs');
writeEsmTypes('index.d.ts', 'index.d.mts');
writeEsmTypes('legacy/index.d.ts', 'legacy.d.mts');
writeEsmTypes('express5/index.d.ts', '5.d.mts');
writeEsmTypes('server/graceful.d.ts', 'graceful.d.mts');
writeEsmTypes('http2.d.ts', 'http2.d.mts');
// Core modules by their plain names, as Express requires them: jest <= 26 cannot load `node:events`.
unprefixFolder(dist);
rmSync(finalDist, { recursive: true, force: true });
renameSync(dist, finalDist);
