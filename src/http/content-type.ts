import type ContentType from 'content-type';
import { loadMime } from './mime';
import { lazyModule } from './lazy-module';

/** The `content-type` package, loaded for the first value that is more than a bare `type/subtype`. */
export const loadContentType = lazyModule(() => require('content-type') as typeof ContentType);

/** A bare media type, `type/subtype` of token characters (RFC 9110 §8.3.1), as res.type and res.send set it. */
const BARE_TYPE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+\/[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** A parameter value that is a token, written without quotes. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** A `charset` parameter anywhere in a Content-Type value. */
const CHARSET_PARAMETER = /;\s*charset\s*=/;

/**
 * The `res.set('Content-Type', v)` rule of Express 4: a value without a charset gets the one
 * mime@1.6 knows for its type (UTF-8 for text, JSON and JavaScript), in lower case; others stay as given.
 */
export function withDefaultCharset(value: string): string {
  if (CHARSET_PARAMETER.test(value)) return value;
  const charset = loadMime().charsets.lookup(value.split(';')[0], '');
  return charset ? value + '; charset=' + charset.toLowerCase() : value;
}

/** Bounded memo of `setCharset` answers: a handful of Content-Type values recur on every response. */
const charsetMemo = new Map<string, string>();
const MEMO_LIMIT = 256;

/**
 * Sets the charset parameter of a Content-Type (RFC 9110 §8.3.1), reformatting it the way the
 * `content-type` package does (lower-case type, parameters sorted); throws a TypeError on a malformed type.
 */
export function setCharset(type: string, charset: string): string {
  // An empty type (only `res.setHeader` can store one) stays empty, as in Express.
  if (type === '') return type;
  const key = charset === 'utf-8' ? type : undefined;
  if (key !== undefined) {
    const known = charsetMemo.get(key);
    if (known !== undefined) return known;
  }
  let formatted: string;
  if (BARE_TYPE.test(type) && TOKEN.test(charset)) {
    // What parsing and formatting give for a bare type: the type in lower case and the one parameter.
    formatted = type.toLowerCase() + '; charset=' + charset;
  } else {
    const contentType = loadContentType();
    const parsed = contentType.parse(type);
    parsed.parameters.charset = charset;
    formatted = contentType.format(parsed);
  }
  if (key !== undefined) {
    if (charsetMemo.size >= MEMO_LIMIT) charsetMemo.clear();
    charsetMemo.set(key, formatted);
  }
  return formatted;
}
