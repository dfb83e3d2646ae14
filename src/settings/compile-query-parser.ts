import { parse as parseSimple } from 'node:querystring';
import qs from 'qs';

/** The compiled form of the `query parser` setting. */
export type QueryParser = (str: string) => Record<string, unknown>;

/**
 * Express 4.22 parses with `arrayLimit: 1000` on qs 6.16, where the limit counts elements;
 * older qs releases treat the limit as the highest index allowed. One probe at load time
 * tells which reading the installed qs has, so `a[999]` is an array and `a[1000]` an object either way.
 */
const ARRAY_LIMIT = Array.isArray(qs.parse('a[1]=x', { arrayLimit: 1 }).a) ? 999 : 1000;

const EXTENDED_OPTIONS: qs.IParseOptions = { allowPrototypes: true, arrayLimit: ARRAY_LIMIT };

function parseExtendedQuery(str: string): Record<string, unknown> {
  // Most requests have no query string: skip the parser's set-up for them.
  if (!str) return {};
  return qs.parse(str, EXTENDED_OPTIONS);
}

function parseSimpleQuery(str: string): Record<string, unknown> {
  return parseSimple(str);
}

const DEFAULT_OPTIONS: qs.IParseOptions = { allowPrototypes: true };

/**
 * What Express 4 parses with when the app has no `query parser fn` at all (the setting was deleted):
 * its query middleware's own default, `qs` with prototype keys allowed and `qs`'s default limits.
 */
export function parseQueryWithoutSetting(str: string): Record<string, unknown> {
  return qs.parse(str, DEFAULT_OPTIONS);
}

/** What Express installs for `query parser: false`: every request gets a fresh empty object. */
function parseNoQuery(_str: string): Record<string, unknown> {
  return {};
}

/**
 * Compiles a `query parser` value: `extended` → qs with Express 4's options, `simple` or `true`
 * → node:querystring, `false` → always `{}`, a function → itself; anything else is a TypeError.
 */
export function compileQueryParser(value: unknown): QueryParser | undefined {
  if (typeof value === 'function') return value as QueryParser;
  switch (value) {
    case true:
    case 'simple':
      return parseSimpleQuery;
    case false:
      return parseNoQuery;
    case 'extended':
      return parseExtendedQuery;
    default:
      throw new TypeError('unknown value for query parser function: ' + String(value));
  }
}
