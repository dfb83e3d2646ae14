import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PackageJson } from './package-json';

/** The oldest Node major Portico supports (package.json's engines). */
export const OLDEST_SUPPORTED_NODE = 18;

export interface NodeVersionReport {
  /** The Node running the doctor (and the tests of `--run`). */
  running: string;
  /** The project's `engines.node`, if it states one. */
  engines: string | null;
  /** The project's .nvmrc or .node-version, if it has one. */
  pinned: string | null;
  supported: boolean;
}

/** The Node versions in play for `projectDir`, and whether Portico supports the one running. */
export function nodeVersionReport(projectDir: string, pkg: PackageJson | undefined, running = process.version): NodeVersionReport {
  let pinned: string | null = null;
  for (const file of ['.nvmrc', '.node-version']) {
    if (existsSync(join(projectDir, file))) {
      pinned = readFileSync(join(projectDir, file), 'utf8').trim() || null;
      break;
    }
  }
  const major = Number(/^v?(\d+)/.exec(running)?.[1] ?? 0);
  return { running, engines: pkg?.engines?.node ?? null, pinned, supported: major >= OLDEST_SUPPORTED_NODE };
}
