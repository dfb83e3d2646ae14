import type { IncomingMessage } from 'node:http';
import { BoundedMemo } from './bounded-memo';

/**
 * Content-Type as Express 5's parsers read it (content-type 2.x): lenient where Express 4's reader
 * gives up on the whole header. The media type is what precedes the first `;`, trimmed and in lower
 * case; a parameter without a value, or with an unterminated quoted value, is skipped; the first
 * `charset` wins. RFC 9110 §8.3.1 for the grammar this relaxes.
 */
export interface LenientContentType {
  type: string;
  charset: string | undefined;
}

const parsed = new BoundedMemo<LenientContentType>();

/** Optional whitespace (RFC 9110 §5.6.3): space and horizontal tab. */
function trimOws(text: string): string {
  return text.replace(/^[ \t]+|[ \t]+$/g, '');
}

/** Parses a Content-Type header value (remembered per value). */
export function parseLenientContentType(header: string): LenientContentType {
  const known = parsed.get(header);
  if (known !== undefined) return known;
  const semicolon = header.indexOf(';');
  const type = trimOws(semicolon === -1 ? header : header.slice(0, semicolon)).toLowerCase();
  const charset = semicolon === -1 ? undefined : charsetParameter(header, semicolon + 1);
  return parsed.set(header, { type, charset });
}

/** The first `charset` parameter's value from `at` on, unquoted; undefined when there is none. */
function charsetParameter(header: string, from: number): string | undefined {
  let at = from;
  while (at < header.length) {
    const equals = header.indexOf('=', at);
    const semicolon = header.indexOf(';', at);
    if (equals === -1) return undefined;
    if (semicolon !== -1 && semicolon < equals) {
      // A parameter without a value: skipped.
      at = semicolon + 1;
      continue;
    }
    const name = trimOws(header.slice(at, equals)).toLowerCase();
    const { value, next } = parameterValue(header, equals + 1);
    if (name === 'charset' && value !== undefined) return value;
    at = next;
  }
  return undefined;
}

/** A parameter value at `at`: a token up to `;`, or a quoted string with `\` escapes; undefined when a quote is not closed. */
function parameterValue(header: string, from: number): { value: string | undefined; next: number } {
  let at = from;
  while (header[at] === ' ' || header[at] === '\t') at++;
  if (header[at] !== '"') {
    const semicolon = header.indexOf(';', at);
    const end = semicolon === -1 ? header.length : semicolon;
    return { value: trimOws(header.slice(at, end)), next: end + 1 };
  }
  let value = '';
  for (let i = at + 1; i < header.length; i++) {
    const c = header[i];
    if (c === '\\' && i + 1 < header.length) value += header[++i];
    else if (c === '"') {
      const semicolon = header.indexOf(';', i);
      return { value, next: semicolon === -1 ? header.length : semicolon + 1 };
    } else value += c;
  }
  return { value: undefined, next: header.length };
}

/** The request's charset in lower case as Express 5 reads it, or undefined (absent or empty). */
export function requestCharset5(req: IncomingMessage): string | undefined {
  const header = req.headers['content-type'];
  if (header === undefined) return undefined;
  const charset = parseLenientContentType(header).charset;
  return charset ? charset.toLowerCase() : undefined;
}
