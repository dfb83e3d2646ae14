import type MimeModule from 'mime';
import { lazyModule } from './lazy-module';

/**
 * The mime@1.6 instance (the type table Express 4 uses), shared by `res.type`, `res.attachment`,
 * `res.send`'s charset rule and the file sender, and exposed as `portico.static.mime`,
 * so `mime.define` by an app affects all of them at once. Loaded on first use: building its table
 * of some thousand types is a tenth of what `require('portico')` costs otherwise, and an app that
 * sends only strings and JSON never looks a type up.
 */
export const loadMime = lazyModule(() => require('mime') as typeof MimeModule);

/** `text/html; charset=UTF-8`: mime@1.6's type for the file name, with its default charset (Express 4's file sender). */
export function contentTypeFor(path: string): string {
  const mime = loadMime();
  const type = mime.lookup(path);
  const charset = mime.charsets.lookup(type, '');
  return charset ? type + '; charset=' + charset : type;
}
