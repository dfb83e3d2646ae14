import { stat } from 'node:fs';
import { resolve, sep } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import encodeUrl from 'encodeurl';
import escapeHtml from 'escape-html';
import { Buffer } from 'node:buffer';
import { serveStatic } from '../../static/index';
import { pathnameOf, directoryLocationOf } from '../../files/request-path';
import type { ServeStaticOptions } from '../../static/static-options';

type Next = (err?: unknown) => void;
type Middleware = (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, next: Next) => void;

/**
 * The 3.x `static(root, [options])`: the 4.x file server, except that a directory asked for without
 * its trailing slash is answered as 3.x answered it: 303 to the URL with the slash, and a one-line
 * `Redirecting to <a href="...">...</a>` body.
 */
export function legacyStatic(root: string, options: ServeStaticOptions = {}): Middleware {
  const serve = serveStatic(root, { ...options, redirect: false }) as unknown as Middleware;
  if (options.redirect === false) return serve;
  const base = resolve(root);
  return function serveStaticMiddleware(req, res, next) {
    serve(req, res, (err?: unknown) => {
      if (err || (req.method !== 'GET' && req.method !== 'HEAD')) return next(err);
      // At the mount point itself ('/public' for a static mounted there) the root is the directory.
      const atMount = pathnameOf(req.url ?? '/') === '/' && !pathnameOf(req.originalUrl ?? '/').endsWith('/');
      const target = atMount ? base : directoryTarget(base, req.url ?? '/');
      if (target === undefined) return next();
      stat(target, (statErr, stats) => {
        if (statErr || !stats.isDirectory()) return next();
        redirectToSlash(req, res);
      });
    });
  };
}

/** The file-system path a URL names under `base`, unless it ends in `/`, names a dotfile or escapes. */
function directoryTarget(base: string, url: string): string | undefined {
  const pathname = pathnameOf(url);
  if (pathname.endsWith('/')) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.split('/').some((part) => part.startsWith('.'))) return undefined;
  const full = resolve(base, '.' + decoded);
  return full === base || full.startsWith(base + sep) ? full : undefined;
}

function redirectToSlash(req: IncomingMessage & { originalUrl?: string }, res: ServerResponse): void {
  const original = req.originalUrl ?? req.url ?? '/';
  const location = encodeUrl(directoryLocationOf(original));
  const escaped = escapeHtml(location);
  const body = 'Redirecting to <a href="' + escaped + '">' + escaped + '</a>\n';
  res.statusCode = 303;
  res.setHeader('Content-Type', 'text/html; charset=UTF-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Location', location);
  res.end(req.method === 'HEAD' ? undefined : body);
}
