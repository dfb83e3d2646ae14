import type { IncomingMessage } from 'node:http';
import { decodeBody, decodeBody5, isSupportedCharset, isSupportedCharset5, requestCharset } from './charset';
import { hasZstdDecoder } from './inflate';
import { requestCharset5 } from './media-type-lenient';

/**
 * What separates the body parsers of Express 4 (body-parser 1.x) from those of Express 5
 * (body-parser 2.x), as settings the shared readers take. A parser resolves its profile once, when
 * it is created; per request only a field of its plan is read, so the 4.x path costs nothing more.
 */
export interface BodyProfile {
  /**
   * 4.x: a read body is marked with `req._body`, the mark makes later parsers skip the request, and
   * `req.body` defaults to `{}`. 5.x: there is no mark; a request already read to its end (or whose
   * connection is gone) is skipped, and `req.body` is left undefined until a body is parsed.
   */
  readonly marksBody: boolean;
  /** Content-Encodings inflated besides identity (lower case). */
  readonly encodings: ReadonlySet<string>;
  /** Whether a charset can be decoded (iconv-lite's list as the version ships it). */
  readonly charsetSupported: (charset: string) => boolean;
  /** The request's charset parameter in lower case, as the version's Content-Type parser reads it. */
  readonly requestCharset: (req: IncomingMessage) => string | undefined;
  /** Decodes a body in a charset it supports (iconv-lite's decoding as the version ships it). */
  readonly decode: (buf: Buffer, charset: string) => string;
  /** Whether Content-Type headers are matched leniently (content-type 2.x: invalid parameters ignored). */
  readonly lenientContentType: boolean;
  /** 5.x only: json's `defaultCharset`, urlencoded's ISO-8859-1 and qs charset options, qs for `extended: false`. */
  readonly express5: boolean;
}

const ENCODINGS_4: ReadonlySet<string> = new Set(['gzip', 'deflate']);

/**
 * Brotli for Express 5, and zstd where node:zlib has a decoder for it (Node 22.15 and 23.8 on): on
 * an older runtime a zstd body is refused as an unknown encoding, as Express 5 refuses it there.
 */
function encodings5(): ReadonlySet<string> {
  const set = new Set(['gzip', 'deflate', 'br']);
  if (hasZstdDecoder()) set.add('zstd');
  return set;
}

/** Express 4's parsers: the profile `portico.json()` and its siblings use. */
export const BODY_PROFILE_4: BodyProfile = {
  marksBody: true,
  encodings: ENCODINGS_4,
  charsetSupported: isSupportedCharset,
  requestCharset,
  decode: decodeBody,
  lenientContentType: false,
  express5: false,
};

let profile5: BodyProfile | undefined;

/** Express 5's parsers (body-parser 2.4), built on first use. */
export function bodyProfile5(): BodyProfile {
  profile5 ??= {
    marksBody: false,
    encodings: encodings5(),
    charsetSupported: isSupportedCharset5,
    requestCharset: requestCharset5,
    decode: decodeBody5,
    lenientContentType: true,
    express5: true,
  };
  return profile5;
}
