import { extname } from 'node:path';
import type * as MimeTypes from 'mime-types';
import { lazyModule } from '../http/lazy-module';

// mime-types 3 and its mime-db table are required on first use, so a 4.x app never loads them.
const loadMimeTypes = lazyModule(() => require('mime-types') as typeof MimeTypes);

/**
 * The `Content-Type` Express 5's file sender gives a path: mime-types 3's type for its extension with
 * that table's charset, lower-case (`text/html; charset=utf-8`), or `application/octet-stream`.
 */
export function contentTypeFor5(path: string): string {
  return loadMimeTypes().contentType(extname(path)) || 'application/octet-stream';
}

/** mime-types 3's media type for an extension name (`js` → `text/javascript`), or `false`: accepts 2's table. */
export function lookupType5(name: string): string | false {
  return loadMimeTypes().lookup(name);
}
