import { createHash } from 'node:crypto';
import { Buffer } from 'node:buffer';
import type { ETagFunction } from '../http/etag';
import { compileETag } from '../settings/compile-etag';

/**
 * The entity tags of 3.x responses: the body's byte length in hex, a dash and its MD5 in base64
 * without padding (`W/"5-XUFAKrxLKna5cZ2REBfFkg"` for `hello`). 4.x switched to SHA-1; a 3.x app
 * keeps its tags, so caches and tests that know them stay valid.
 */
function md5Tag(body: string | Buffer, encoding?: BufferEncoding): string {
  const bytes = typeof body === 'string' ? Buffer.from(body, encoding) : body;
  return '"' + bytes.length.toString(16) + '-' + createHash('md5').update(bytes).digest('base64').slice(0, 22) + '"';
}

const weakMd5ETag: ETagFunction = (body, encoding) => 'W/' + md5Tag(body, encoding);
const strongMd5ETag: ETagFunction = (body, encoding) => md5Tag(body, encoding);

/**
 * The `etag fn` of a 3.x app for an `etag` setting. A function or an invalid value gives what 4.x
 * gives (the function itself); 3.x responses call it with string bodies (`STRING_BODY_ETAG`).
 */
export function compileLegacyETag(value: unknown): ETagFunction | undefined {
  if (value === true || value === 'weak') return weakMd5ETag;
  if (value === 'strong') return strongMd5ETag;
  return compileETag(value);
}
