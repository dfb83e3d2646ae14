import type { ServerResponse } from 'node:http';
import type { Stats } from 'node:fs';
import {
  setTrustedHeader,
  readHeader,
  removeHeaderIfSet,
  ACCEPT_RANGES,
  CACHE_CONTROL,
  CONTENT_ENCODING,
  CONTENT_LANGUAGE,
  CONTENT_LENGTH,
  CONTENT_RANGE,
  CONTENT_TYPE,
  ETAG,
  LAST_MODIFIED,
} from '../http/trusted-header';
import type { CompiledFileOptions } from './file-options';

export { contentTypeFor } from '../http/mime';

/** Express's `mtime` in whole milliseconds: node rounds `mtimeMs` to build `stat.mtime`. */
function mtimeOf(stat: Stats): number {
  return Math.round(stat.mtimeMs);
}

/**
 * The weak validator Express's file sender derives from stat: `W/"<size hex>-<mtime ms hex>"`.
 * Cheap (no read of the content) and changes whenever size or modification time does.
 */
export function statEtag(stat: Stats): string {
  const size = stat.size;
  const mtimeMs = stat.mtimeMs;
  if (size !== lastTagSize || mtimeMs !== lastTagMtimeMs) {
    lastTag = 'W/"' + size.toString(16) + '-' + mtimeOf(stat).toString(16) + '"';
    lastTagSize = size;
    lastTagMtimeMs = mtimeMs;
  }
  return lastTag;
}

/** The last tag built, and the size and modification time it was built from (re-stat'd every time). */
let lastTagSize = NaN;
let lastTagMtimeMs = NaN;
let lastTag = '';

/** The last modification time formatted, and its text: a busy file is asked for again and again. */
let lastMtime = NaN;
let lastModifiedText = '';

/** `Last-Modified` for a stat, formatted as an HTTP date (without building a Date when it repeats). */
export function lastModifiedOf(stat: Stats): string {
  const mtime = mtimeOf(stat);
  if (mtime !== lastMtime) {
    lastModifiedText = new Date(mtime).toUTCString();
    lastMtime = mtime;
  }
  return lastModifiedText;
}


/**
 * Sets the validators and caching headers the application left unset (via `setHeaders`, the
 * `headers` option or `res.set` before the call): Accept-Ranges, Cache-Control, Last-Modified, ETag.
 * As in Express, a header set to an empty value counts as unset and is filled in. The values are
 * Portico's own (a constant, a number, an HTTP date, hex digits), so they are stored without node's
 * re-validation. Content-Type is set apart (`setFileType`), after the 304 decision that would remove it.
 */
export function setFileHeaders(res: ServerResponse, stat: Stats, options: CompiledFileOptions): void {
  if (options.acceptRanges && !readHeader(res, ACCEPT_RANGES)) setTrustedHeader(res, ACCEPT_RANGES, 'bytes');
  if (options.cacheControl !== undefined && !readHeader(res, CACHE_CONTROL)) setTrustedHeader(res, CACHE_CONTROL, options.cacheControl);
  if (options.lastModified && !readHeader(res, LAST_MODIFIED)) setTrustedHeader(res, LAST_MODIFIED, lastModifiedOf(stat));
  if (options.etag && !readHeader(res, ETAG)) setTrustedHeader(res, ETAG, statEtag(stat));
}

/** Sets the file's Content-Type from its name unless the application already chose one (empty counts as none). */
export function setFileType(res: ServerResponse, path: string, options: CompiledFileOptions): void {
  if (!readHeader(res, CONTENT_TYPE)) setTrustedHeader(res, CONTENT_TYPE, options.contentType(path));
}

/** Headers that describe a body and so must not accompany a 304 (RFC 9110 §15.4.5). */
const BODY_HEADERS = [CONTENT_ENCODING, CONTENT_LANGUAGE, CONTENT_LENGTH, CONTENT_RANGE, CONTENT_TYPE];

/** Removes the body-describing headers before a 304. */
export function removeBodyHeaders(res: ServerResponse): void {
  for (let i = 0; i < BODY_HEADERS.length; i++) removeHeaderIfSet(res, BODY_HEADERS[i]);
}
