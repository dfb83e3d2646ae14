// Bundles the runtime of dist/ with esbuild: a few larger files load faster than ~100 small ones
// (reading, wrapping and compiling each CommonJS file is most of what `require('portico')` costs).
// See docs/architecture.md, "The built package".
//
// The layout keeps three promises of the per-file build:
// - Every entry (`portico`, `portico/legacy`, `portico/graceful`, `portico/http2`, `portico/lib/*`)
//   stays at its path, as a stub that takes its module from a bundle: every source module is in
//   exactly one bundle, so all entries share one instance of it (prototypes, symbols, settings).
// - What loads on first use still does: a module that only a lazy `require()` (src/http/lazy-module.ts)
//   or a non-default entry reaches goes into a bundle of its own, which the lazy require loads.
// - Stack traces map to src/ through the bundles' source maps (`node --enable-source-maps`).
//
// Bundles are cut the way esbuild's own code splitting cuts ESM chunks, which CommonJS output
// lacks: a "root" is an entry or the target of a lazy require; a module belongs to the bundle of
// the set of roots whose static imports reach it; a set containing the main entry is the core.
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { directSharedImports } from './direct-shared-imports.mjs';
import { dropNoOpNames } from './drop-no-op-names.mjs';
import { asciiComments } from './ascii-bundle.mjs';

const BUNDLE_DIR = 'bundle';

/** TypeScript's `export = name;`, at the start of a line: the module is CommonJS to esbuild. */
const EXPORT_EQUALS = /^export = (\w+);$/m;
/** `import name = require('./x')` of one of our modules: a load-time require. */
const IMPORT_EQUALS = /^import (\w+) = require\((['"]\.{1,2}\/[^'"]+['"])\);$/gm;

/**
 * An esbuild plugin that gives the bundler an ES-module body for a TypeScript module written as
 * `export = name` (the entries: `portico`, `portico/legacy`, `lib/*`), and `import x = require()`
 * of our own modules as ES imports. Why: esbuild treats a module with `export =` as CommonJS, and
 * every ES module such a module imports (here, the whole core) is then wrapped in a lazy initialiser
 * whose module-level constants become mutable variables (a small cost per request: 45,858 → 45,738
 * instructions on bench scenario (a) once removed; the larger one was keepNames, drop-no-op-names.mjs).
 * As an ES module, the entry's value is its default export; such modules are recorded in
 * `defaultExports`, and the bundle entries hand out that value itself, so `require()` of the entry
 * still returns exactly what `module.exports =` gave.
 * The types are untouched: tsc writes the `.d.ts` from the source as it is.
 */
function esEntries(defaultExports) {
  return {
    name: 'portico-es-entries',
    setup(build) {
      build.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        const exportEquals = EXPORT_EQUALS.test(source);
        if (!exportEquals && source.search(IMPORT_EQUALS) < 0) return undefined;
        if (exportEquals) defaultExports.add(idOf(relative(build.initialOptions.absWorkingDir, args.path).split('\\').join('/')));
        const contents = source.replace(EXPORT_EQUALS, 'export default $1;').replace(IMPORT_EQUALS, 'import $1 from $2;');
        return { contents, loader: 'ts' };
      });
    },
  };
}

/** `src/a/b.ts` → `a/b`: a module's id, which is also its path in dist/ without `.js`. */
const idOf = (input) => input.replace(/^src\//, '').replace(/\.ts$/, '');

/**
 * The name of the bundle of a set of roots: `core` for the main entry's, the root's id for one root
 * (`body-read`), and for modules several roots share, `shared-` and a digest of the roots (their
 * list is in dist/bundle/modules.json).
 */
function bundleName(roots, mainId) {
  if (roots.includes(mainId)) return 'core';
  if (roots.length === 1) return roots[0].replace(/\//g, '-');
  return `shared-${createHash('sha256').update([...roots].sort().join('\n')).digest('hex').slice(0, 8)}`;
}

/**
 * Reads the module graph of `entries` (ids) from esbuild's metafile. An edge is lazy when it is a
 * `require()` call that is not TypeScript's `import x = require()` (which runs at load time).
 * `defaultExports` receives the modules written as `export =` (see esEntries).
 */
async function moduleGraph(root, entries, defaultExports) {
  const result = await esbuild.build({
    plugins: [esEntries(defaultExports)],
    absWorkingDir: root,
    entryPoints: entries.map((id) => `src/${id}.ts`),
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'cjs',
    packages: 'external',
    outdir: 'unused',
    logLevel: 'silent',
  });
  const graph = new Map();
  for (const [input, info] of Object.entries(result.metafile.inputs)) {
    if (!input.startsWith('src/')) continue;
    const source = readFileSync(join(root, input), 'utf8');
    const edges = info.imports
      .filter((i) => !i.external && i.path.startsWith('src/'))
      .map((i) => {
        const importEquals = new RegExp(`import\\s+\\w+\\s*=\\s*require\\(\\s*['"]${i.original.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"]`);
        return { to: idOf(i.path), lazy: i.kind === 'require-call' && !importEquals.test(source) };
      });
    graph.set(idOf(input), { edges, format: info.format });
  }
  return graph;
}

/** Assigns each module its bundle; returns the bundles (name → module ids) and what each must expose. */
function cut(graph, entries, mainId) {
  const roots = new Set(entries);
  for (const { edges } of graph.values()) for (const e of edges) if (e.lazy) roots.add(e.to);
  const owners = new Map([...graph.keys()].map((id) => [id, []]));
  for (const root of roots) {
    const seen = new Set([root]);
    const stack = [root];
    while (stack.length > 0) {
      const id = stack.pop();
      owners.get(id).push(root);
      for (const e of graph.get(id).edges) {
        if (e.lazy || seen.has(e.to)) continue;
        seen.add(e.to);
        stack.push(e.to);
      }
    }
  }
  const bundleOf = new Map([...owners].map(([id, r]) => [id, bundleName(r, mainId)]));
  const exposed = new Map([...new Set(bundleOf.values())].map((b) => [b, new Set()]));
  for (const root of entries) exposed.get(bundleOf.get(root)).add(root);
  for (const [id, { edges }] of graph) {
    for (const e of edges) if (bundleOf.get(e.to) !== bundleOf.get(id)) exposed.get(bundleOf.get(e.to)).add(e.to);
  }
  return { bundleOf, exposed };
}

/**
 * The entry esbuild builds for a bundle: it imports each exposed module and exports them all as
 * `modules`. An ES module is exposed as a plain object of its exports (marked `__esModule`, as
 * TypeScript's CommonJS output marks it), one written `export =` as its value (its default export here),
 * a CommonJS one as its `module.exports`.
 * The plain object of an ES module is built when `modules` is first asked for it, then kept as a
 * plain property (the same object on every later access): `require('portico')` asks for `index`
 * alone, and building all sixty-odd objects of the core (reading every export's getter) cost about
 * 6 M instructions of its start-up.
 */
function bundleEntry(ids, graph, exportOrder, defaultExports) {
  const lines = [
    // An entry's exports enumerate in the order tsc's output defines them (esbuild sorts them).
    `function esModule(ns: Record<string, unknown>, order: string[]): Record<string, unknown> {`,
    `  const m: Record<string, unknown> = {};`,
    `  for (const name of [...order, ...Object.keys(ns)]) if (name in ns && !(name in m)) m[name] = ns[name];`,
    `  return Object.defineProperty(m, '__esModule', { value: true });`,
    `}`,
  ];
  const members = [];
  ids.forEach((id, i) => {
    const from = JSON.stringify(`./${id}`);
    if (defaultExports.has(id)) lines.push(`import m${i} from ${from};`);
    else if (graph.get(id).format === 'cjs') lines.push(`import m${i} = require(${from});`);
    else {
      const key = JSON.stringify(id);
      lines.push(`import * as ns${i} from ${from};`);
      members.push(`get ${key}() { return settle(${key}, esModule(ns${i}, ${JSON.stringify(exportOrder.get(id) ?? [])})); }`);
      return;
    }
    members.push(`${JSON.stringify(id)}: m${i}`);
  });
  lines.push(
    `export const modules: Record<string, unknown> = { ${members.join(', ')} };`,
    // The getter gives way to a plain, enumerable property holding the object it built.
    `function settle(id: string, m: Record<string, unknown>): Record<string, unknown> {`,
    `  Object.defineProperty(modules, id, { value: m, enumerable: true, writable: true, configurable: true });`,
    `  return m;`,
    `}`,
  );
  return lines.join('\n') + '\n';
}

/** An esbuild plugin: an import of a module of another bundle becomes a require of that bundle. */
function otherBundles(root, name, bundleOf) {
  return {
    name: 'portico-bundles',
    setup(build) {
      build.onResolve({ filter: /^\./ }, async (args) => {
        if (args.namespace === 'portico-shared' || args.pluginData === 'resolving') return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'resolving' });
        if (resolved.errors.length > 0 || resolved.external) return undefined;
        const id = idOf(relative(root, resolved.path).split('\\').join('/'));
        const owner = bundleOf.get(id);
        if (owner === undefined || owner === name) return undefined;
        return { path: id, namespace: 'portico-shared', pluginData: owner };
      });
      build.onLoad({ filter: /.*/, namespace: 'portico-shared' }, (args) => ({
        contents: `module.exports = require(${JSON.stringify(`./${args.pluginData}.js`)}).modules[${JSON.stringify(args.path)}];\n`,
        loader: 'js',
      }));
      build.onResolve({ filter: /^\.\/.*\.js$/, namespace: 'portico-shared' }, (args) => ({ path: args.path, external: true }));
    },
  };
}

/**
 * Writes dist/bundle/<name>.js (with its .map) for every bundle, and at each entry's own path
 * (dist/index.js, dist/lib/router/layer.js…) a stub that takes the entry from its bundle.
 * `entries` are module ids; the first is the main entry. `exportOrder` gives, per entry, its export
 * names in the order tsc's CommonJS output defines them. Returns the bundles (name → module ids).
 */
export async function writeBundles(root, dist, entries, exportOrder) {
  const mainId = entries[0];
  const defaultExports = new Set();
  const graph = await moduleGraph(root, entries, defaultExports);
  const { bundleOf, exposed } = cut(graph, entries, mainId);
  const bundles = new Map();
  for (const [id, name] of bundleOf) bundles.set(name, [...(bundles.get(name) ?? []), id]);
  mkdirSync(join(dist, BUNDLE_DIR), { recursive: true });
  for (const [name] of bundles) {
    await esbuild.build({
      absWorkingDir: root,
      stdin: { contents: bundleEntry([...exposed.get(name)].sort(), graph, exportOrder, defaultExports), loader: 'ts', resolveDir: join(root, 'src'), sourcefile: `bundle-${name}.ts` },
      outfile: join(dist, BUNDLE_DIR, `${name}.js`),
      bundle: true,
      platform: 'node',
      format: 'cjs',
      // ES2019 syntax, not only Node 18's: webpack 4 (acorn 6) and other tools of Express 4 projects'
      // age parse the published code too, and cannot read class fields, `?.` or `??`.
      target: ['node18', 'es2019'],
      packages: 'external',
      // Function and class names are part of the behaviour (`layer.name`, `err.name`, `constructor.name`).
      keepNames: true,
      // tsc's output is strict code, file by file; esbuild adds no directive to CommonJS output.
      banner: { js: "'use strict';" },
      sourcemap: 'linked',
      sourcesContent: false,
      logLevel: 'warning',
      logOverride: { 'unsupported-require-call': 'silent' },
      plugins: [otherBundles(root, name, bundleOf), esEntries(new Set())],
    });
    const outfile = join(dist, BUNDLE_DIR, `${name}.js`);
    writeFileSync(outfile, asciiComments(directSharedImports(dropNoOpNames(readFileSync(outfile, 'utf8')).code).code));
  }
  for (const id of entries) {
    const file = join(dist, `${id}.js`);
    const fromStub = relative(dirname(file), join(dist, BUNDLE_DIR, `${bundleOf.get(id)}.js`)).split('\\').join('/');
    const bundle = JSON.stringify(fromStub.startsWith('.') ? fromStub : `./${fromStub}`);
    const stub = [`'use strict';`, `// ${id}: the module of this path lives in a bundle shared by every entry (see docs/architecture.md).`];
    if (defaultExports.has(id) || graph.get(id).format === 'cjs') {
      // Two statements, not `module.exports = require(bundle).modules[id]`: node's CommonJS lexer
      // reads that form as a re-export of the whole bundle and parses it when an ES module imports
      // the entry (dist/esm/*.mjs do), which doubled the time of `import portico from 'portico'`.
      stub.push(`const bundle = require(${bundle});`, `module.exports = bundle.modules[${JSON.stringify(id)}];`);
    } else {
      // Named exports as tsc writes them, which node's CommonJS lexer finds for \`import { name } from\`.
      stub.push(`const m = require(${bundle}).modules[${JSON.stringify(id)}];`, `Object.defineProperty(exports, '__esModule', { value: true });`);
      for (const name of exportOrder.get(id) ?? []) stub.push(`exports.${name} = m.${name};`);
    }
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, stub.join('\n') + '\n');
  }
  return bundles;
}
