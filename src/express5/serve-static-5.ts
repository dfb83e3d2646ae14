import { buildStaticMiddleware, type StaticMiddleware } from '../static/serve-static';
import { FILE_PROFILE_5 } from './file-profile-5';
import type { ServeStaticOptions } from '../static/static-options';

/** Options of `portico5.static`: those of 4.x but `hidden`, which Express 5 no longer reads. */
export type ServeStaticOptions5 = Omit<ServeStaticOptions, 'hidden'>;

/**
 * `portico5.static(root, options)`: Express 5's static middleware (serve-static 2) on the same
 * middleware as 4.x, with Express 5's file defaults (see docs/express5.md). Like `express5.static`,
 * it carries no `mime` table.
 */
export function serveStatic5(root: string, options?: ServeStaticOptions5): StaticMiddleware {
  return buildStaticMiddleware(root, options, FILE_PROFILE_5);
}
