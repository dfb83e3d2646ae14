/**
 * For the `static-dotfiles` finding: the folder an `express.static()` call serves, when its argument
 * names it plainly, and the dot-folders inside it (Express 5 stops serving files in those).
 */
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { stringValue, type Argument } from './code-text';
import { folderEntries } from './folder-entries';

/** Entries read at most, so that a huge asset tree costs little. */
const MAX_ENTRIES = 5000;

/**
 * The folder `arg` names: `'public'` (from the project folder, where the app is started),
 * `__dirname + '/public'`, `path.join(__dirname, 'public')` / `path.resolve(…)`; else undefined.
 */
export function servedFolder(arg: Argument, fileDir: string, projectDir: string): string | undefined {
  const literal = stringValue(arg);
  if (literal !== undefined) return resolve(projectDir, literal);
  const concat = /^__dirname\s*\+\s*(['"`][^'"`]*['"`])$/.exec(arg.text);
  if (concat) {
    const rest = stringValue({ start: 0, end: 0, text: concat[1] });
    return rest === undefined ? undefined : join(fileDir, rest);
  }
  const call = /^(?:path\.)?(?:join|resolve)\(\s*__dirname\s*((?:,\s*(['"`])[^'"`]*\2\s*)*)\)$/.exec(arg.text);
  if (!call) return undefined;
  const parts = [...call[1].matchAll(/(['"`])([^'"`]*)\1/g)].map((m) => m[2]);
  return resolve(fileDir, ...parts);
}

/** The dot-folders under `dir` (relative, `/`-separated), up to MAX_ENTRIES entries read. */
export function dotFolders(dir: string): string[] {
  const found: string[] = [];
  let read = 0;
  const walk = (d: string, rel: string): void => {
    for (const name of folderEntries(d)) {
      if (++read > MAX_ENTRIES || name === 'node_modules') return;
      let isDir = false;
      try {
        isDir = statSync(join(d, name)).isDirectory();
      } catch { /* gone or unreadable: not served either */ }
      if (!isDir) continue;
      if (name.startsWith('.')) found.push(rel + name);
      else walk(join(d, name), `${rel}${name}/`);
    }
  };
  walk(dir, '');
  return found;
}
