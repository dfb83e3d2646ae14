import type { IncomingMessage, ServerResponse } from 'node:http';
import type * as Files from '../files/index';
import type * as Transfer from './static-transfer';
import { compileStaticOptions, type ServeStaticOptions } from './static-options';
import { pathnameOf, decodeUrlPath } from '../files/request-path';
import { lazyModule } from '../http/lazy-module';
import type { FileProfile } from '../files/file-profile';

// The file sender (conditional requests, ranges, streaming) is required by the first GET or HEAD
// that reaches the middleware, not when the app is built.
const loadFiles = lazyModule(() => require('../files/index') as typeof Files);
const loadTransfer = lazyModule(() => require('./static-transfer') as typeof Transfer);

type NextFunction = (err?: unknown) => void;
type StaticRequest = IncomingMessage & { originalUrl?: string };

/** The middleware `portico.static` returns. */
export type StaticMiddleware = (req: IncomingMessage, res: ServerResponse, next: NextFunction) => void;

/**
 * `portico.static(root, options)`: serves files below `root`, combining it with `req.url`
 * (the mount path already stripped). Options are resolved here, once; see docs/static-files.md.
 */
export function createStaticMiddleware(root: string, options?: ServeStaticOptions): StaticMiddleware {
  return buildStaticMiddleware(root, options, undefined);
}

/** The static middleware with the file defaults of `profile` (Express 4's when undefined). */
export function buildStaticMiddleware(root: string, options: ServeStaticOptions | undefined, profile: FileProfile | undefined): StaticMiddleware {
  const config = compileStaticOptions(root, options, profile);
  const fileOptions = config.file;
  const fallthrough = config.fallthrough;

  return function serveStatic(req: StaticRequest, res: ServerResponse, next: NextFunction): void {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') {
      if (fallthrough) {
        next();
        return;
      }
      // Without fallthrough this middleware owns the path: other methods are not allowed on files.
      res.statusCode = 405;
      res.setHeader('Allow', 'GET, HEAD');
      res.setHeader('Content-Length', '0');
      res.end();
      return;
    }
    if (fileOptions instanceof TypeError) {
      next(fileOptions);
      return;
    }
    const url = req.url ?? '/';
    let path = pathnameOf(url);
    // At the mount point itself without a slash ('/static'), look at the root as a directory
    // without a trailing slash, so it redirects to '/static/'.
    if (path === '/' && !pathnameOf(req.originalUrl ?? url).endsWith('/')) path = '';
    const hooks = new (loadTransfer().StaticTransfer)(req, res, next, config);
    const decoded = decodeUrlPath(path);
    const files = loadFiles();
    if (decoded === null) {
      hooks.error(files.fileHttpError(400));
      return;
    }
    files.transferFile(req, res, decoded, path.endsWith('/'), fileOptions, hooks);
  };
}
