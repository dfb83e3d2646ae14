import { fresh4 } from '../http/fresh-4';
import type { PorticoRequest } from './request';
import type { PorticoResponse } from '../response/response';
import { readHeader, ETAG, LAST_MODIFIED } from '../http/trusted-header';
import { usesOwnHeaderMethods } from '../http/own-header-methods';

/**
 * `req.fresh`: the client's cached copy is still valid (RFC 9110 §13.1.1–2, via `fresh`):
 * only for GET, HEAD and QUERY (the safe method with a body, which Express 4.22 treats as GET here)
 * answered 2xx or 304, comparing the response's `ETag` and `Last-Modified`. Node parses QUERY
 * requests from version 22 on; before, only an app that rewrites `req.method` can see one.
 */
export function isFresh(req: PorticoRequest): boolean {
  return isFreshBy(req, fresh4);
}

/** How two validators sets compare: `fresh` 0.5 (Express 4) or 2 (Express 5, where a present `If-None-Match` decides alone). */
export type FreshComparison = (requestHeaders: Record<string, string | string[] | undefined>, responseHeaders: Record<string, string | undefined>) => boolean;

/** {@link isFresh} with the comparison of an API's `fresh` version. */
export function isFreshBy(req: PorticoRequest, compare: FreshComparison): boolean {
  const res: PorticoResponse = req.res;
  const method = req.method;
  if (method !== 'GET' && method !== 'HEAD' && method !== 'QUERY') return false;
  const headers = req.headers;
  // The response's validators through res.get when the app redefined it, asked as Express asks.
  if (!usesOwnHeaderMethods(res)) return isFreshThroughGet(headers, res, compare);
  // Neither validator sent: nothing can be fresh, and no header needs reading.
  if (headers['if-none-match'] === undefined && headers['if-modified-since'] === undefined) return false;
  const status = res.statusCode;
  if (!isCacheableStatus(status)) return false;
  return compare(headers, {
    etag: readHeader(res, ETAG) as string | undefined,
    'last-modified': readHeader(res, LAST_MODIFIED) as string | undefined,
  });
}

/** {@link isFresh} past the method check, reading the response's validators with `res.get`. */
function isFreshThroughGet(headers: PorticoRequest['headers'], res: PorticoResponse, compare: FreshComparison): boolean {
  const status = res.statusCode;
  if (!isCacheableStatus(status)) return false;
  return compare(headers, {
    etag: res.get('ETag') as string | undefined,
    'last-modified': res.get('Last-Modified') as string | undefined,
  });
}

/**
 * 2xx or 304 (RFC 9110 §13.2.1), asked positively: an invalid status an app set (a string, NaN)
 * fails every comparison, so it is never fresh and node still rejects it when the head is written.
 */
function isCacheableStatus(status: number): boolean {
  return (status >= 200 && status < 300) || status === 304;
}

/** `req.stale`: the opposite of `req.fresh` (the getter, which an app may redefine). */
export function isStale(req: PorticoRequest): boolean {
  return !req.fresh;
}
