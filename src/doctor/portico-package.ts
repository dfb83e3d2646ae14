import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { readPackageJson, type PackageJson } from './package-json';

/** Portico's own folder (the one holding its package.json and dist/), from this file's place in it. */
export function porticoRoot(): string {
  return join(__dirname, '..', '..');
}

interface PorticoManifest extends PackageJson {
  exports?: Record<string, unknown>;
  types?: string;
  files?: string[];
  portico?: { expressApiVersion?: string; express5ApiVersion?: string };
}

/** The module names under `lib/` that Portico's `exports` answers to (`lib/router/layer`, …). */
export function porticoLibModules(root = porticoRoot()): Set<string> {
  const manifest = readPackageJson(root) as PorticoManifest | undefined;
  return new Set(Object.keys(manifest?.exports ?? {}).filter((k) => k.startsWith('./lib/')).map((k) => k.slice(2).replace(/\.js$/, '')));
}

/** Where node would find package `name` from `fromDir`: the nearest node_modules/<name> up the folders. */
function findPackageDir(name: string, fromDir: string): string | undefined {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * The runtime dependencies of the package at `root`, transitively, as folders to copy flat into
 * `<replacement>/node_modules/<name>`. A dependency nested in another's own node_modules travels
 * with that package's folder, so only the ones found outside are listed.
 */
export function runtimeDependencyDirs(root: string): Map<string, string> {
  const flat = new Map<string, string>();
  const queue: string[] = [root];
  const seen = new Set<string>([root]);
  while (queue.length > 0) {
    const from = queue.shift() as string;
    const deps = { ...readPackageJson(from)?.dependencies, ...readPackageJson(from)?.optionalDependencies };
    for (const name of Object.keys(deps)) {
      const dir = findPackageDir(name, from);
      if (dir === undefined || seen.has(dir)) continue;
      seen.add(dir);
      queue.push(dir);
      const nestedInParent = dir.startsWith(join(from, 'node_modules') + sep) && from !== root;
      if (!nestedInParent && !flat.has(name)) flat.set(name, dir);
    }
  }
  return flat;
}

/** Which interface a staged copy answers with as `express`. */
export type StagedFlavour = 'portico' | 'portico/legacy' | 'portico/5';

/** The entry of each flavour, and the Express API version it stands in for. */
const FLAVOURS: Record<StagedFlavour, { exportKey: string; main: string; types: string }> = {
  'portico': { exportKey: '.', main: './dist/index.js', types: './dist/index.d.ts' },
  'portico/legacy': { exportKey: './legacy', main: './dist/legacy/index.js', types: './dist/legacy/index.d.ts' },
  'portico/5': { exportKey: './5', main: './dist/express5/index.js', types: './dist/express5/index.d.ts' },
};

/**
 * Writes, into `destination`, Portico as a package to install under the name `express`, the way
 * `npm run pack:express` packs it (docs/migrating.md): the same files, the version of the Express
 * API it implements with Portico's own as build metadata, and its runtime dependencies inside it
 * (the project's tree may not have them, or have other versions). `portico/legacy` makes the main
 * entry the Express 3 interface, for a project on Express 3; `portico/5` the Express 5 one.
 */
export function stagePorticoAsExpress(destination: string, flavour: StagedFlavour, root = porticoRoot()): void {
  const manifest = readPackageJson(root) as PorticoManifest | undefined;
  if (!manifest || !existsSync(join(root, 'dist', 'index.js'))) {
    throw new Error(`Portico's built files are missing under ${root} (run \`npm run build\` there)`);
  }
  const entry = FLAVOURS[flavour];
  if (!existsSync(join(root, entry.main))) throw new Error(`${flavour} is not built under ${root} (${entry.main.slice(2)} is missing)`);
  mkdirSync(destination, { recursive: true });
  cpSync(join(root, 'dist'), join(destination, 'dist'), { recursive: true, filter: (src) => !src.endsWith('.map') });
  if (existsSync(join(root, 'LICENSE'))) cpSync(join(root, 'LICENSE'), join(destination, 'LICENSE'));
  for (const [name, dir] of runtimeDependencyDirs(root)) {
    cpSync(dir, join(destination, 'node_modules', name), { recursive: true, verbatimSymlinks: true });
  }
  const api = flavour === 'portico/legacy' ? '3.21.2' : flavour === 'portico/5' ? manifest.portico?.express5ApiVersion ?? '5.0.0' : manifest.portico?.expressApiVersion ?? '4.0.0';
  const staged: PorticoManifest = { ...manifest, version: `${api}+portico.${manifest.version ?? '0.0.0'}`, scripts: {}, devDependencies: {} };
  if (flavour !== 'portico') {
    const exportsMap = { ...(manifest.exports ?? {}) };
    exportsMap['.'] = exportsMap[entry.exportKey] ?? { types: entry.types, default: entry.main };
    staged.exports = exportsMap;
    staged.main = entry.main;
    staged.types = entry.types;
  }
  writeFileSync(join(destination, 'package.json'), JSON.stringify(staged, null, 2) + '\n');
}
