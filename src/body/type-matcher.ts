import type { IncomingMessage } from 'node:http';
import type TypeIs from 'type-is';
import { BoundedMemo } from './bounded-memo';
import { parseLenientContentType } from './media-type-lenient';
import { lazyModule } from '../http/lazy-module';

// type-is brings mime-types and the whole mime-db table: required when a name needs the table, or a first body arrives.
const loadTypeIs = lazyModule(() => require('type-is') as typeof TypeIs);

/**
 * type-is's `normalize`: a full media type (`application/json`, as every default is) is taken as it
 * is without loading type-is; shorthands (`json`, `urlencoded`, `+json`) go through it.
 */
function normalizeType(type: string): string | false {
  if (type[0] !== '+' && type.indexOf('/') !== -1) return type;
  return loadTypeIs().normalize(type);
}

/** A `type` predicate; declared through a method so that one typed for Express's `Request` stays assignable. */
export type TypePredicate = { bivarianceHack(req: IncomingMessage): unknown }['bivarianceHack'];

/** The `type` option: media types, extension names, wildcards, a list of those, or a predicate. */
export type TypeOption = string | string[] | TypePredicate;

/** Decides whether a request's Content-Type is one a parser handles. */
export type TypeMatcher = (req: IncomingMessage) => boolean;

/**
 * Compiles the `type` option once, at factory time. Strings go through type-is's `normalize`
 * (extension names, `+json` suffixes) now; per request only the Content-Type header is matched,
 * and the answer for each header value is remembered.
 */
export function compileTypeMatcher(option: unknown, defaultType: string, lenient = false): TypeMatcher {
  // A falsy option (undefined, '', 0) means the default type, as in Express.
  const type = option || defaultType;
  if (typeof type === 'function') return (req) => Boolean((type as TypePredicate)(req));
  const given: unknown[] = Array.isArray(type) ? type : [type];
  const normalized: string[] = [];
  for (const t of given) {
    const n = typeof t === 'string' ? normalizeType(t) : false;
    if (n) normalized.push(n);
  }
  // Entries that name no media type match nothing; an empty list matches any valid Content-Type.
  if (normalized.length === 0 && given.length > 0) return neverMatches;
  const memo = new BoundedMemo<boolean>();
  return function matchesContentType(req: IncomingMessage): boolean {
    const header = req.headers['content-type'];
    if (header === undefined) return false;
    const known = memo.get(header);
    if (known !== undefined) return known;
    // Express 5 matches the media type alone, whatever the parameters hold; Express 4 the whole valid header.
    const value = lenient ? parseLenientContentType(header).type : header;
    return memo.set(header, loadTypeIs().is(value, normalized) !== false);
  };
}

function neverMatches(): boolean {
  return false;
}
