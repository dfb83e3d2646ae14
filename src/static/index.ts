import { mime } from '../http/mime';
import { createStaticMiddleware } from './serve-static';

export type { ServeStaticOptions, SetHeadersFunction } from './static-options';
export type { StaticMiddleware } from './serve-static';

/**
 * `portico.static(root, options)`, with `portico.static.mime` (mime@1.6: `lookup`, `charsets.lookup`,
 * `define`), the same table `res.type` and the file sender use.
 */
export const serveStatic: typeof createStaticMiddleware & { mime: typeof mime } = Object.assign(createStaticMiddleware, { mime });
