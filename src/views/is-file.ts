import { statSync } from 'node:fs';

/** True when `path` names a regular file (symlinks followed); any stat failure counts as "no". */
export function isFile(path: string): boolean {
  try {
    // throwIfNoEntry avoids building an exception for the common "not there" case;
    // other failures (ENOTDIR, EACCES) still throw and are caught below.
    return statSync(path, { throwIfNoEntry: false })?.isFile() === true;
  } catch {
    return false;
  }
}
