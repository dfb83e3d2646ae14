import { cpSync, lstatSync, rmSync } from 'node:fs';
import { basename } from 'node:path';
import { stagePorticoAsExpress, type StagedFlavour } from './portico-package';

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
 * interface (portico/legacy). With `target` 4, 5.x copies are out of scope and left alone; with
 * `target` 5, every copy from 4.x on gets the Express 5 interface (portico/5).
 */
export function replaceExpress(expressDirs: ReadonlyArray<{ dir: string; major: number | null }>, stagingDir: string, target: 4 | 5 = 4): Array<{ dir: string; as: StagedFlavour | 'left-alone' }> {
  const staged = new Map<StagedFlavour, string>();
  const stageFor = (flavour: StagedFlavour): string => {
    let dir = staged.get(flavour);
    if (dir === undefined) {
      dir = `${stagingDir}-${flavour.replace('/', '-')}`;
      stagePorticoAsExpress(dir, flavour);
      staged.set(flavour, dir);
    }
    return dir;
  };
  return expressDirs.map(({ dir, major }) => {
    if (target === 4 && major !== null && major >= 5) return { dir, as: 'left-alone' as const };
    const flavour: StagedFlavour = major !== null && major <= 3 ? 'portico/legacy' : target === 5 ? 'portico/5' : 'portico';
    // A link (workspace, npm link) is replaced by a real folder: the link's target is outside the copy.
    if (lstatSync(dir).isSymbolicLink()) rmSync(dir);
    else rmSync(dir, { recursive: true, force: true });
    cpSync(stageFor(flavour), dir, { recursive: true, verbatimSymlinks: true });
    return { dir, as: flavour };
  });
}
