import type MimeModule from 'mime';
import { loadMime } from '../http/mime';
import { createStaticMiddleware } from './serve-static';

export type { ServeStaticOptions, SetHeadersFunction } from './static-options';
export type { StaticMiddleware } from './serve-static';

/**
 * `portico.static(root, options)`, with `portico.static.mime` (mime@1.6: `lookup`, `charsets.lookup`,
 * `define`), the same table `res.type` and the file sender use. A plain data property, so mime loads
 * with the package: Express 4's is a value, and `Object.getOwnPropertyDescriptor` or
 * `util.inspect(express.static)` would show an accessor.
 */
export const serveStatic: typeof createStaticMiddleware & { mime: typeof MimeModule } = Object.assign(createStaticMiddleware, { mime: loadMime() });
