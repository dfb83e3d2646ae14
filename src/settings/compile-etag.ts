import { strongETag, weakETag, type ETagFunction } from '../http/etag';

/** Compiles an `etag` setting: `true`/`weak`, `strong`, `false` (none), a function (itself); else a TypeError. */
export function compileETag(value: unknown): ETagFunction | undefined {
  if (typeof value === 'function') return value as ETagFunction;
  switch (value) {
    case true:
    case 'weak':
      return weakETag;
    case 'strong':
      return strongETag;
    case false:
      return undefined;
    default:
      throw new TypeError('unknown value for etag function: ' + String(value));
  }
}
