import type * as Zlib from 'node:zlib';
import type { Transform } from 'node:stream';
import { lazyModule } from '../http/lazy-module';

// node:zlib is not in node's start-up snapshot: required for the first compressed body.
const loadZlib = lazyModule(() => require('node:zlib') as typeof Zlib);

/**
 * The decompressor for a Content-Encoding (RFC 9110 §8.4.1), or null for one we do not take.
 * Like Express 4, only gzip and deflate: `br` and anything else is 415 `encoding.unsupported`.
 */
export function createInflater(encoding: string): Transform | null {
  switch (encoding) {
    case 'gzip':
      return loadZlib().createGunzip();
    case 'deflate':
      // RFC 9110's "deflate" is the zlib format; a raw deflate stream fails with "incorrect header check", as in Express.
      return loadZlib().createInflate();
    default:
      return null;
  }
}

/** Whether `encoding` (lower case) is one `createInflater` handles. */
export function isKnownEncoding(encoding: string): boolean {
  return encoding === 'gzip' || encoding === 'deflate';
}
