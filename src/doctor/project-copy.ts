import { cpSync, lstatSync, rmSync } from 'node:fs';
import { basename } from 'node:path';
import { stagePorticoAsExpress } from './portico-package';

/**
 * Copies the project into `destination`, node_modules included, leaving out version-control
 * folders. Symbolic links are copied as links (not followed), so the copy is as the project is.
 */
export function copyProject(projectDir: string, destination: string): void {
  cpSync(projectDir, destination, {
    recursive: true,
    verbatimSymlinks: true,
    filter: (source) => !['.git', '.hg', '.svn'].includes(basename(source)),
  });
}

/**
 * Replaces each installed express in a copy with Portico (staged once per flavour into
 * `stagingDir`), as npm's overrides would after `npm install`. Express 3 copies get the 3.x
 * interface (portico/legacy); 5.x copies are out of scope and left alone.
 */
export function replaceExpress(expressDirs: ReadonlyArray<{ dir: string; major: number | null }>, stagingDir: string): Array<{ dir: string; as: 'portico' | 'portico/legacy' | 'left-alone' }> {
  const staged = new Map<boolean, string>();
  const stageFor = (legacy: boolean): string => {
    let dir = staged.get(legacy);
    if (dir === undefined) {
      dir = `${stagingDir}-${legacy ? 'legacy' : 'v4'}`;
      stagePorticoAsExpress(dir, legacy);
      staged.set(legacy, dir);
    }
    return dir;
  };
  return expressDirs.map(({ dir, major }) => {
    if (major !== null && major >= 5) return { dir, as: 'left-alone' as const };
    const legacy = major !== null && major <= 3;
    // A link (workspace, npm link) is replaced by a real folder: the link's target is outside the copy.
    if (lstatSync(dir).isSymbolicLink()) rmSync(dir);
    else rmSync(dir, { recursive: true, force: true });
    cpSync(stageFor(legacy), dir, { recursive: true, verbatimSymlinks: true });
    return { dir, as: legacy ? ('portico/legacy' as const) : ('portico' as const) };
  });
}
