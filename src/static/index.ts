import type MimeModule from 'mime';
import { loadMime } from '../http/mime';
import { createStaticMiddleware } from './serve-static';

export type { ServeStaticOptions, SetHeadersFunction } from './static-options';
export type { StaticMiddleware } from './serve-static';

/**
 * `portico.static(root, options)`, with `portico.static.mime` (mime@1.6: `lookup`, `charsets.lookup`,
 * `define`), the same table `res.type` and the file sender use.
 */
export const serveStatic = createStaticMiddleware as typeof createStaticMiddleware & { mime: typeof MimeModule };

// `mime` is read (and mime@1.6 loaded) when first asked for; an assignment replaces it with a plain
// value, as assigning Express's property would.
Object.defineProperty(serveStatic, 'mime', {
  get: loadMime,
  set(value: typeof MimeModule) {
    Object.defineProperty(serveStatic, 'mime', { value, writable: true, enumerable: true, configurable: true });
  },
  enumerable: true,
  configurable: true,
});
