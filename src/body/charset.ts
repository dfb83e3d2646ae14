import type { IncomingMessage } from 'node:http';
import { loadContentType } from '../http/content-type';
import type * as Iconv from 'iconv-lite';
import { BoundedMemo } from './bounded-memo';
import { lazyModule } from '../http/lazy-module';

// Required for the first charset other than UTF-8: UTF-8 bodies, nearly all of them, are decoded natively.
const loadIconv = lazyModule(() => require('iconv-lite') as typeof Iconv);

// `null` stands for "no charset parameter, or an unparsable header": the parser's default applies.
const headerCharsets = new BoundedMemo<string | null>();
const supported = new BoundedMemo<boolean>();

/** The request's Content-Type `charset` parameter in lower case (RFC 9110 §8.3.2), or undefined. */
export function requestCharset(req: IncomingMessage): string | undefined {
  const header = req.headers['content-type'];
  if (header === undefined) return undefined;
  let charset = headerCharsets.get(header);
  if (charset === undefined) charset = headerCharsets.set(header, parseCharset(header));
  return charset ?? undefined;
}

function parseCharset(header: string): string | null {
  try {
    const charset = loadContentType().parse(header).parameters.charset;
    return charset ? charset.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * The codecs iconv-lite gained after 0.4, the release Express 4's body parsers decode with: Express
 * answers 415 `charset.unsupported` for them, so these are refused too. Names are canonical as
 * iconv-lite makes them (lower case, letters and digits only).
 */
const CODECS_EXPRESS_LACKS = new Set(['utf32', 'utf32le', 'utf32be', 'ucs4', 'ucs4le', 'ucs4be', 'cp720']);

/** `charset` as iconv-lite looks it up: lower case, without punctuation or a `:1234` suffix. */
function canonicalCharset(charset: string): string {
  return charset.toLowerCase().replace(/:\d{4}$|[^0-9a-z]/g, '');
}

/** Whether `charset` is one Express 4 decodes and iconv-lite knows (remembered per name). */
export function isSupportedCharset(charset: string): boolean {
  if (charset === 'utf-8') return true;
  const known = supported.get(charset);
  if (known !== undefined) return known;
  return supported.set(charset, !CODECS_EXPRESS_LACKS.has(canonicalCharset(charset)) && loadIconv().encodingExists(charset));
}

/**
 * Whether `charset` is one Express 5 decodes: any iconv-lite knows. Its 0.7 release, which Express 5
 * ships, no longer takes names of Object.prototype's members (`constructor`) for codecs; 0.6 does.
 */
export function isSupportedCharset5(charset: string): boolean {
  if (charset === 'utf-8') return true;
  return !(canonicalCharset(charset) in Object.prototype) && loadIconv().encodingExists(charset);
}

/** Decodes a body, dropping a leading byte order mark as iconv-lite does. */
export function decodeBody(buf: Buffer, charset: string): string {
  if (charset !== 'utf-8' && charset !== 'utf8') return loadIconv().decode(buf, charset);
  // UTF-8 is decoded natively; the result is the same as iconv-lite's, BOM included.
  const text = buf.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The UTF-32 codecs, canonical names. */
const UTF32_CODECS = new Set(['utf32', 'utf32le', 'utf32be', 'ucs4', 'ucs4le', 'ucs4be']);

/**
 * Decodes a body as Express 5 does (iconv-lite 0.7): the same text, except that a UTF-32 body
 * whose length is not a multiple of four ends with one U+FFFD for its incomplete last unit, where
 * iconv-lite 0.6 drops those bytes.
 */
export function decodeBody5(buf: Buffer, charset: string): string {
  const text = decodeBody(buf, charset);
  return buf.length % 4 !== 0 && UTF32_CODECS.has(canonicalCharset(charset)) ? text + '\ufffd' : text;
}
