import { basename, extname } from 'node:path';
import mimeTypes from 'mime-types';
import { create as contentDisposition } from 'content-disposition2';

/**
 * The media types of Express 5 (mime-types 3, where `.js` is `text/javascript`): `res.type` looks
 * an extension up, and `res.set('Content-Type', …)` completes any value it can, an extension
 * included (`'html'` → `text/html; charset=utf-8`).
 */
export function typeOfExtension(type: string): string {
  return type.indexOf('/') === -1 ? mimeTypes.contentType(type) || 'application/octet-stream' : type;
}

/** The Content-Type `res.set` stores for `value` in Express 5: completed when mime-types knows it. */
export function completeContentType(value: string): string {
  return mimeTypes.contentType(value) || value;
}

/**
 * `Content-Disposition: attachment` of Express 5: the file's base name, by content-disposition 2
 * (a bare token when it is one, `?` fallbacks for non-ASCII plus `filename*`).
 */
export function attachmentHeader(filename?: string): string {
  return contentDisposition(filename === undefined ? undefined : basename(filename));
}

/** The type `res.attachment(filename)` sets: the one of the file's extension. */
export function extensionOf(filename: string): string {
  return extname(filename);
}
