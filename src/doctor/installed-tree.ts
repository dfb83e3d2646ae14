import { lstatSync } from 'node:fs';
import { folderEntries } from './folder-entries';
import { join, relative } from 'node:path';
import { DEPENDENCY_FIELDS, readPackageJson, type DependencyField, type PackageJson } from './package-json';

/** One package directory of a node_modules tree. */
export interface InstalledPackage {
  name: string;
  version: string;
  /** Its folder, relative to the project (`node_modules/a/node_modules/b`). */
  path: string;
  /** How it asks for express, when it does. */
  express?: { field: DependencyField; range: string };
  manifest: PackageJson;
}

/** How `manifest` asks for express: under the name `express`, or an alias to it (`npm:express@…`). */
export function expressDependency(manifest: PackageJson): InstalledPackage['express'] {
  for (const field of DEPENDENCY_FIELDS) {
    if (field === 'devDependencies') continue; // a dependency's devDependencies are not installed
    const deps = manifest[field];
    if (!deps) continue;
    for (const [name, range] of Object.entries(deps)) {
      if (name === 'express' || (typeof range === 'string' && range.startsWith('npm:express@'))) return { field, range };
    }
  }
  return undefined;
}

function isDirectory(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Every package under `projectDir/node_modules`, nested copies included (npm and yarn layouts).
 * Symbolic links (workspaces, `npm link`, pnpm's store) are listed but not entered, so a link back
 * into the tree cannot loop.
 */
export function listInstalledPackages(projectDir: string): InstalledPackage[] {
  const found: InstalledPackage[] = [];
  const visit = (modulesDir: string): void => {
    for (const entry of folderEntries(modulesDir)) {
      if (entry.startsWith('.')) continue;
      const full = join(modulesDir, entry);
      if (entry.startsWith('@')) {
        for (const inner of folderEntries(full)) record(join(full, inner));
      } else record(full);
    }
  };
  const record = (dir: string): void => {
    const manifest = readPackageJson(dir);
    if (!manifest?.name) return;
    found.push({ name: manifest.name, version: manifest.version ?? '0.0.0', path: relative(projectDir, dir), express: expressDependency(manifest), manifest });
    if (isDirectory(dir)) visit(join(dir, 'node_modules'));
  };
  visit(join(projectDir, 'node_modules'));
  return found;
}

/** The folders of every installed copy of express (the name under which it is installed is what `require` sees). */
export function expressInstallPaths(projectDir: string, packages: readonly InstalledPackage[]): string[] {
  return packages
    .filter((p) => p.path.split(/[\\/]/).pop() === 'express' && /(^|[\\/])node_modules[\\/]express$/.test(p.path))
    .map((p) => join(projectDir, p.path));
}
