import { isAbsolute, join, normalize, sep } from 'node:path';

/** A `..` segment, with either slash as separator (a backslash is a separator on Windows and in URLs some servers fold). */
const PARENT_SEGMENT = /(?:^|[\\/])\.\.(?:[\\/]|$)/;

/**
 * A path that normalisation leaves as it is: `/`-separated segments of plain name characters, none
 * empty and none starting with a dot (so no `.`, `..` or dotfile), optionally ending in `/`. Most
 * requests for static files look like this; they skip `normalize`/`join` and their allocations.
 */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9_~-][A-Za-z0-9_.~-]*)+\/?$/;

/** Where a requested path leads, or the status refusing it. */
export type ResolvedFilePath =
  | { ok: true; path: string; parts: string[] }
  | { ok: false; status: 400 | 403 };

/**
 * Turns a decoded request path into a file system path.
 * With `root`, the path is taken relative to it and may not climb out of it (403); without, it must be
 * absolute and contain no `..` segment at all (403). NUL bytes are refused (400): the file system
 * would truncate at them. `parts` are the segments the dotfile rule looks at: relative to the root when
 * there is one, so a root inside a dot-directory stays servable.
 */
export function resolveFilePath(path: string, root: string | undefined): ResolvedFilePath {
  if (path.indexOf('\0') !== -1) return { ok: false, status: 400 };
  if (root !== undefined) {
    // An empty path is the root itself, not the root as a directory: a static middleware whose root
    // is a file, mounted at that file's URL, serves it ('/todo.txt' mounted at '/todo.txt').
    if (path === '') return { ok: true, path: root, parts: [''] };
    if (sep === '/' && PLAIN_PATH.test(path)) {
      const relative = path.slice(1);
      return { ok: true, path: (root === '/' ? '' : root) + path, parts: relative.split('/') };
    }
    // Anchored at '.', normalisation can only leave a leading '..' when the path climbs above the root.
    const relative = normalize('.' + sep + path);
    if (PARENT_SEGMENT.test(relative)) return { ok: false, status: 403 };
    return { ok: true, path: normalize(join(root, relative)), parts: relative.split(sep) };
  }
  if (PARENT_SEGMENT.test(path)) return { ok: false, status: 403 };
  const full = normalize(path);
  // Only the deprecated `res.sendfile` gets here with a relative path: it names a file below the
  // working directory, while the dotfile rule looks at the path as it was given.
  if (!isAbsolute(full)) return { ok: true, path: join(process.cwd(), full), parts: full.split(sep) };
  return { ok: true, path: full, parts: full.split(sep) };
}
