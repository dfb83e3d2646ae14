import { readdirSync } from 'node:fs';

/**
 * The names in a folder, sorted so that reports come out in the same order on every file system;
 * none when it cannot be read (missing, not a folder, no permission): a project's tree is scanned
 * as it is, and an unreadable corner is simply not there.
 */
export function folderEntries(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}
