import type { IncomingMessage } from 'node:http';

/**
 * `req.get(name)`: a request header by case-insensitive name; `Referer` and `Referrer` answer
 * for each other (the header is misspelt in the standard, and clients send both).
 */
export function getRequestHeader(req: IncomingMessage, name: string): string | string[] | undefined {
  if (!name) throw new TypeError('name argument is required to req.get');
  if (typeof name !== 'string') throw new TypeError('name must be a string to req.get');
  const lower = name.toLowerCase();
  const headers = req.headers as Record<string, string | string[] | undefined>;
  if (lower === 'referer' || lower === 'referrer') return headers.referrer || headers.referer;
  return headers[lower];
}

/** Portico's own `req.get`, recorded when the request class loads (see {@link headerString}). */
let ownGet: unknown;

/** Called once by the request module with its `get`. */
export function recordOwnRequestGet(get: unknown): void {
  ownGet = get;
}

/** The names Express passes to `req.get` for the headers its getters read. */
const NAME_AS_EXPRESS_ASKS: Record<string, string> = {
  host: 'Host',
  'x-forwarded-host': 'X-Forwarded-Host',
  'x-forwarded-proto': 'X-Forwarded-Proto',
  'x-requested-with': 'X-Requested-With',
  range: 'Range',
};

/**
 * A single-valued request header as a string (node joins or keeps duplicates as it sees fit), or `undefined`.
 * Express's getters (`hostname`, `protocol`, `xhr`, `range`) read headers through `req.get`; when an
 * app has redefined it, it is asked here the same way.
 */
export function headerString(req: IncomingMessage, lower: string): string | undefined {
  const get = (req as IncomingMessage & { get?: unknown }).get;
  const value =
    get === ownGet || typeof get !== 'function'
      ? (req.headers as Record<string, string | string[] | undefined>)[lower]
      : (get as (name: string) => unknown).call(req, NAME_AS_EXPRESS_ASKS[lower] ?? lower);
  return typeof value === 'string' ? value : Array.isArray(value) ? value.join(', ') : undefined;
}
