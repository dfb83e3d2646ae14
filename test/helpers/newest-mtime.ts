import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The newest modification time among the files under `dir` (to tell whether dist/ is older than src/). */
export function newestMtime(dir: string): number {
  let newest = 0;
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    const stat = statSync(full);
    newest = Math.max(newest, stat.isDirectory() ? newestMtime(full) : stat.mtimeMs);
  }
  return newest;
}
