import { extname } from 'node:path';

/** The part of mime-types@3 (mime-db 1.54) Express 5 reads; the package ships no types of its own. */
interface MimeTypes3 {
  contentType(typeOrExtension: string): string | false;
}

let table: MimeTypes3 | undefined;

/**
 * The `Content-Type` Express 5's file sender gives a path: mime-types@3's type for its extension with
 * that table's charset, lower-case (`text/html; charset=utf-8`), or `application/octet-stream`.
 * The table is required on first use, so a 4.x app never loads it.
 */
export function contentTypeFor5(path: string): string {
  table ??= require('mime-types') as MimeTypes3;
  return table.contentType(extname(path)) || 'application/octet-stream';
}
