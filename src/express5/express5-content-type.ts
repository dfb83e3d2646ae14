import { basename, extname } from 'node:path';
import mimeTypes from 'mime-types';
import { create as contentDisposition } from 'content-disposition2';
import * as contentType2 from 'content-type2';

/**
 * The media types of Express 5 (mime-types 3, where `.js` is `text/javascript`): `res.type` looks
 * an extension up, and `res.set('Content-Type', …)` completes any value it can, an extension
 * included (`'html'` → `text/html; charset=utf-8`).
 */
export function typeOfExtension(type: string): string {
  return type.indexOf('/') === -1 ? mimeTypes.contentType(type) || 'application/octet-stream' : type;
}

/**
 * The Content-Type `res.set` stores for `value` in Express 5: what mime-types 3 makes of it, and
 * `false` where it makes nothing (an unknown extension, an empty value). Express 5 stores that boolean:
 * the wire shows the text `false`, while `res.sendFile` and `res.send` take the header for unset.
 */
export function completeContentType(value: string): string | false {
  return mimeTypes.contentType(value);
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

/**
 * A type with `charset` set, as Express 5 writes it (content-type 2: parameters keep their order,
 * names in lower case; an invalid type fails with content-type 2's TypeError). Empty stays empty.
 */
export function setCharset5(type: string, charset: string): string {
  if (!type) return type;
  const parsed = contentType2.parse(type);
  parsed.parameters.charset = charset;
  return contentType2.format(parsed);
}
