import type { OutgoingHttpHeader } from 'node:http';
import type { PorticoResponse } from './response';
import { withDefaultCharset } from '../http/content-type';

/** A header value as apps pass it: anything, stringified the way Express 4 does. */
export type HeaderValue = unknown;

/**
 * `res.set(field, value)` / `res.set(object)`: values are stringified (arrays element by element);
 * a Content-Type without charset gets mime's default charset for it; an array Content-Type is a TypeError.
 * node:http refuses CR/LF and other invalid characters by throwing (ERR_INVALID_CHAR), which reaches `next(err)`.
 */
export function setHeaderField(res: PorticoResponse, argc: number, field: unknown, value: HeaderValue): PorticoResponse {
  if (argc === 2) {
    let stringified: string | string[] = Array.isArray(value) ? value.map(String) : String(value);
    // Read through `field` itself: a non-string name fails with Express's "field.toLowerCase is not a function".
    if ((field as string).toLowerCase() === 'content-type') {
      if (Array.isArray(stringified)) throw new TypeError('Content-Type cannot be set to an Array');
      stringified = withDefaultCharset(stringified);
    }
    res.setHeader(field as string, stringified);
    return res;
  }
  // Object form (and, as in Express 4, any single argument): every enumerable key, inherited ones too.
  const fields = field as Record<string, unknown>;
  for (const key in fields) res.set(key, fields[key]);
  return res;
}

/** `res.get(field)`: the response header, case-insensitive. */
export function getHeaderField(res: PorticoResponse, field: string): OutgoingHttpHeader | undefined {
  return res.getHeader(field);
}

/**
 * `res.append(field, value)`: adds to the header, keeping earlier values (arrays are concatenated);
 * creates the header when absent. Goes through `res.set`, so the Content-Type rule applies.
 */
export function appendHeaderField(res: PorticoResponse, field: string, value: HeaderValue): PorticoResponse {
  // Through `res.get`, as Express does (an app may redefine it).
  const previous = res.get(field);
  let combined: unknown = value;
  if (previous) {
    if (Array.isArray(previous)) combined = previous.concat(value as string);
    else if (Array.isArray(value)) combined = [previous].concat(value);
    else combined = [previous, value];
  }
  return res.set(field, combined);
}
