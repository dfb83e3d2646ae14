import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The fields of a package.json the doctor reads. */
export interface PackageJson {
  name?: string;
  version?: string;
  main?: string;
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  scripts?: Record<string, string>;
}

export const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const;
export type DependencyField = (typeof DEPENDENCY_FIELDS)[number];

/** Reads `dir/package.json`, or undefined when it is missing or not JSON (a broken package is skipped, not fatal). */
export function readPackageJson(dir: string): PackageJson | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    return parsed !== null && typeof parsed === 'object' ? (parsed as PackageJson) : undefined;
  } catch {
    return undefined;
  }
}
