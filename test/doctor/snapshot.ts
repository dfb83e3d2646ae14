// A listing of a folder (path, size, modification time, content hash) to show it was not changed.
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join, relative } from 'node:path';

export function snapshotFolder(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      const st = lstatSync(full);
      const rel = relative(root, full);
      if (st.isSymbolicLink()) out.push(`${rel} -> ${readlinkSync(full)}`);
      else if (st.isDirectory()) {
        out.push(`${rel}/`);
        walk(full);
      } else out.push(`${rel} ${st.size} ${st.mtimeMs} ${createHash('sha1').update(readFileSync(full)).digest('hex')}`);
    }
  };
  walk(root);
  return out;
}
