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

/** A single-valued request header as a string (node joins or keeps duplicates as it sees fit), or `undefined`. */
export function headerString(req: IncomingMessage, lower: string): string | undefined {
  const value = (req.headers as Record<string, string | string[] | undefined>)[lower];
  return typeof value === 'string' ? value : Array.isArray(value) ? value.join(', ') : undefined;
}
