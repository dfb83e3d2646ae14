import type * as Zlib from 'node:zlib';
import type { Transform } from 'node:stream';
import { lazyModule } from '../http/lazy-module';

// node:zlib is not in node's start-up snapshot: required for the first compressed body.
const loadZlib = lazyModule(() => require('node:zlib') as typeof Zlib);

/** node:zlib's zstd decoder, on the runtimes that have one (Node 22.15 and 23.8 on). */
type ZstdZlib = { createZstdDecompress?: () => Transform };

/**
 * The decompressor for a Content-Encoding (RFC 9110 §8.4.1), or null for one we do not take. Which
 * encodings a parser takes is its profile's choice (Express 4: gzip and deflate; Express 5 adds br
 * and zstd); the reader checks that first, so this only maps names to streams.
 */
export function createInflater(encoding: string): Transform | null {
  const zlib = loadZlib();
  switch (encoding) {
    case 'gzip':
      return zlib.createGunzip();
    case 'deflate':
      // RFC 9110's "deflate" is the zlib format; a raw deflate stream fails with "incorrect header check", as in Express.
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    case 'zstd':
      return (zlib as unknown as ZstdZlib).createZstdDecompress?.() ?? null;
    default:
      return null;
  }
}

/** Whether this runtime's node:zlib can decode zstd. */
export function hasZstdDecoder(): boolean {
  return typeof (loadZlib() as unknown as ZstdZlib).createZstdDecompress === 'function';
}
