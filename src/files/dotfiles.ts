import type { DotfilesPolicy } from './file-options';

/**
 * The status a dotfile rule gives a path (0: serve it). `parts` are its segments.
 * An explicit policy applies when any segment starts with a dot; the default ignores only a path
 * whose last segment is a dotfile, so files inside a dot-directory are served.
 */
export function dotfileStatus(parts: readonly string[], policy: DotfilesPolicy | undefined): 0 | 403 | 404 {
  if (policy === 'allow') return 0;
  if (policy === undefined) {
    return isDotName(parts[parts.length - 1]) ? 404 : 0;
  }
  for (let i = 0; i < parts.length; i++) {
    if (isDotName(parts[i])) return policy === 'deny' ? 403 : 404;
  }
  return 0;
}

/** `.name`, but not the `.` and `..` navigation segments. */
function isDotName(part: string | undefined): boolean {
  return part !== undefined && part.length > 1 && part.charCodeAt(0) === 0x2e && part !== '..';
}
