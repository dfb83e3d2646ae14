import contentDispositionHeader from 'content-disposition';
import { strongETag, weakETag } from '../http/etag';
import { compileETag } from '../settings/compile-etag';
import { compileQueryParser } from '../settings/compile-query-parser';
import { compileTrust } from '../settings/compile-trust';
import { setCharset as setContentTypeCharset } from '../http/content-type';
import { flattenHandlers } from '../router/flatten';
import { loadMime } from '../http/mime';

/*
 * `express/lib/utils`: the helpers Express 4 keeps in one module, which some packages import. Each
 * is the core's own function where Portico has one, or a small adapter to Express's signature.
 */

/** A media type as `normalizeType` describes it. */
export interface NormalizedType {
  value: string;
  quality?: number;
  params: Record<string, string>;
}

/** A strong ETag of a body (`"len-hash"`). */
export const etag = strongETag;

/** A weak ETag of a body (`W/"len-hash"`). */
export const wetag = weakETag;

/** Is `path` absolute on POSIX or Windows (`/a`, `C:\a`, `\\server\share`)? */
export function isAbsolute(path: string): boolean {
  return path[0] === '/' || /^[A-Za-z]:\\/.test(path) || path.startsWith('\\\\');
}

/** Flattens nested arrays (deprecated in Express 4 too). */
export function flatten(list: unknown[]): unknown[] {
  return flattenHandlers<unknown>(list);
}

/** `html` → its MIME type; a full type with `;q=` and parameters → value, quality and params. */
export function normalizeType(type: string): NormalizedType {
  if (type.indexOf('/') === -1) return { value: loadMime().lookup(type), params: {} };
  const parts = type.split(/ *; */);
  const result: NormalizedType = { value: parts[0], quality: 1, params: {} };
  for (let i = 1; i < parts.length; i++) {
    const eq = parts[i].indexOf('=');
    if (eq === -1) continue;
    const key = parts[i].slice(0, eq);
    const value = parts[i].slice(eq + 1);
    if (key === 'q') result.quality = parseFloat(value);
    else result.params[key] = value;
  }
  return result;
}

/** `normalizeType` over a list. */
export function normalizeTypes(types: string[]): NormalizedType[] {
  return types.map(normalizeType);
}

/** A `Content-Disposition: attachment` value for `filename` (deprecated in Express 4 too). */
export function contentDisposition(filename?: string): string {
  return contentDispositionHeader(filename, { type: 'attachment' });
}

export { compileETag, compileQueryParser, compileTrust };

/** `type` with its charset set to `charset`; either missing leaves `type` as it is. */
export function setCharset(type: string | undefined, charset: string | undefined): string | undefined {
  if (!type || !charset) return type;
  return setContentTypeCharset(type, charset);
}
