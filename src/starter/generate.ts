import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { appFiles } from './app-files';
import type { StarterOptions } from './options';
import { ownManifest, projectFiles } from './project-files';
import { runtimeFiles } from './runtime-files';
import { viewFiles } from './view-files';

/** Every file of the project `options` describe, by path relative to its folder. */
export function starterFiles(options: StarterOptions): Record<string, string> {
  if (options.runtime !== 'node') {
    const own = ownManifest();
    return runtimeFiles(options, { portico: own.version, wrangler: own.devDependencies?.wrangler, typesNode: own.devDependencies?.['@types/node'] });
  }
  return { ...projectFiles(options), ...appFiles(options), ...viewFiles(options) };
}

/**
 * Writes the project into `options.directory` (under `cwd` when relative) and answers the paths
 * written. Refuses a folder that exists and is not empty unless `options.force`, and a path that is
 * a file.
 */
export function generateProject(options: StarterOptions, cwd: string = process.cwd()): string[] {
  const target = resolve(cwd, options.directory);
  if (existsSync(target)) {
    if (!statSync(target).isDirectory()) throw new Error(`${target} exists and is not a folder`);
    if (readdirSync(target).length > 0 && !options.force) {
      throw new Error(`${target} is not empty; use --force to write into it anyway`);
    }
  }
  const written: string[] = [];
  for (const [relative, text] of Object.entries(starterFiles(options))) {
    const path = join(target, relative);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    written.push(relative);
  }
  return written;
}
