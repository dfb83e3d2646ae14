import type { IncomingMessage, ServerResponse } from 'node:http';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, normalize, resolve, sep } from 'node:path';
import Negotiator from 'negotiator';
import { HttpError } from '../../errors/http-error';
import { compareHtmlEntries, DEFAULT_LISTING_TEMPLATE, renderHtmlListing, renderJsonListing, renderTextListing, type ListingEntry } from './directory-listing';
import { Buffer } from 'node:buffer';

/** Options of `directory()`. */
export interface DirectoryOptions {
  /** List dot-files; default false. */
  hidden?: boolean;
  /** Show an icon beside each entry in the HTML listing; default false. */
  icons?: boolean;
  /** Keeps an entry when it returns true; called as `filter(name, index, names, dirPath)`; default none. */
  filter?: ((name: string, index: number, names: string[], dirPath: string) => boolean) | false;
  /**
   * Path of an HTML file for the page, read for each listing: `{directory}`, `{linked-path}`,
   * `{files}` and `{style}` are replaced by the escaped path, its breadcrumb links, the
   * `<ul id="files">` list and the default stylesheet.
   */
  template?: string;
}

type Next = (err?: unknown) => void;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

const MEDIA_TYPES = ['text/html', 'text/plain', 'application/json'];
const CONTENT_TYPES: Record<string, string> = {
  'text/html': 'text/html; charset=utf-8',
  'text/plain': 'text/plain; charset=utf-8',
  'application/json': 'application/json; charset=utf-8',
};
/** File-system errors that mean "no such directory here": the next middleware decides. */
const NOT_FOUND = new Set(['ENOENT', 'ENOTDIR', 'ENAMETOOLONG']);

/**
 * Serves listings of the directories under `root` for GET and HEAD, as HTML, plain text or
 * JSON according to `Accept` (406 when none is acceptable); other methods get 405 with `Allow`
 * (OPTIONS gets 200). A path that resolves outside
 * `root` gets 403; a missing path or a file falls through to `next()` (pair it with `static`).
 */
export function directory(root: string, options: DirectoryOptions = {}): Middleware {
  if (typeof root !== 'string' || root === '') throw new TypeError('directory() root path required');
  const rootDir = resolve(root);
  // With a trailing separator, so `/srv/public-other` does not pass as inside `/srv/public`.
  const rootPath = rootDir.endsWith(sep) ? rootDir : rootDir + sep;
  const hidden = options.hidden === true;
  const filter = typeof options.filter === 'function' ? options.filter : null;
  const icons = options.icons === true;
  const templatePath = typeof options.template === 'string' ? options.template : undefined;

  return function directoryListing(incoming, res, next) {
    const req = incoming as IncomingMessage & { originalUrl?: string };
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuseMethod(req, res);

    const relative = decodePath(req.url ?? '/');
    const display = decodePath(req.originalUrl ?? req.url ?? '/');
    if (relative === null || display === null) return next(new HttpError(400, 'Failed to decode param'));
    if (relative.includes('\0')) return next(new HttpError(400));

    const joined = normalize(join(rootPath, relative));
    // The resolved path must stay inside root, whatever `..` or encoded separators it contained.
    if (joined !== rootDir && !joined.startsWith(rootPath)) return next(new HttpError(403));
    const dirPath = joined.length > rootDir.length && joined.endsWith(sep) ? joined.slice(0, -1) : joined;

    const type = new Negotiator(req).mediaType(MEDIA_TYPES);
    const belowRoot = dirPath !== rootDir;
    const render = async (entries: ListingEntry[] | null): Promise<string | null> => {
      if (entries === null) return null;
      if (!type) throw new HttpError(406);
      if (type === 'application/json') return renderJsonListing(entries);
      if (type === 'text/plain') return renderTextListing(entries);
      const template = templatePath === undefined ? DEFAULT_LISTING_TEMPLATE : await readFile(templatePath, 'utf8');
      return renderHtmlListing(template, { directory: display, belowRoot, entries: entries.sort(compareHtmlEntries), icons });
    };
    listDirectory(dirPath, hidden, filter)
      .then(render)
      .then(
        (body) => {
          if (body === null) return next();
          const buf = Buffer.from(body, 'utf8');
          res.statusCode = 200;
          res.setHeader('Content-Type', CONTENT_TYPES[type as string]);
          res.setHeader('Content-Length', buf.length);
          res.end(req.method === 'HEAD' ? undefined : buf);
        },
        (err: unknown) => next(err instanceof HttpError ? err : toHttpError(err as NodeJS.ErrnoException)),
      );
  };
}

/** Other methods, on any path below the mount: 405 with `Allow` (200 for OPTIONS), as connect 2.30 answered. */
function refuseMethod(req: IncomingMessage, res: ServerResponse): void {
  res.statusCode = req.method === 'OPTIONS' ? 200 : 405;
  res.setHeader('Allow', 'GET, HEAD, OPTIONS');
  res.setHeader('Content-Length', '0');
  res.end();
}

/** The entries of `dirPath`, or null when it is missing or not a directory. */
async function listDirectory(
  dirPath: string,
  hidden: boolean,
  filter: DirectoryOptions['filter'] | null,
): Promise<ListingEntry[] | null> {
  try {
    if (!(await stat(dirPath)).isDirectory()) return null;
  } catch (err) {
    if (NOT_FOUND.has((err as NodeJS.ErrnoException).code ?? '')) return null;
    throw err;
  }
  const dirents = await readdir(dirPath, { withFileTypes: true });
  let names = dirents.map((d) => d.name);
  if (!hidden) names = names.filter((n) => !n.startsWith('.'));
  if (filter) names = names.filter((n, i, list) => filter(n, i, list, dirPath));
  const kept = new Set(names);
  const entries: ListingEntry[] = [];
  for (const d of dirents) {
    if (!kept.has(d.name)) continue;
    // A symbolic link is listed as what it points to (a dangling one as an empty file).
    const info = await stat(join(dirPath, d.name)).catch(() => null);
    entries.push({ name: d.name, isDirectory: info?.isDirectory() ?? false, size: info?.size ?? 0, mtime: info?.mtime ?? new Date(0) });
  }
  return entries;
}

/** The decoded path of a request target, or null when its percent-encoding is invalid. */
function decodePath(url: string): string | null {
  const q = url.indexOf('?');
  const raw = q < 0 ? url : url.slice(0, q);
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

function toHttpError(err: NodeJS.ErrnoException): HttpError {
  const status = err.code === 'EACCES' || err.code === 'EPERM' ? 403 : 500;
  return new HttpError(status, status === 500 ? err.message : undefined, { code: err.code });
}
