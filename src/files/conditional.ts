import type { IncomingMessage, ServerResponse } from 'node:http';
import { readHeader, ETAG, LAST_MODIFIED, type HeaderName } from '../http/trusted-header';

/** An HTTP date (or anything `Date.parse` reads) as milliseconds; NaN when absent or unreadable. */
function parseHttpDate(value: unknown): number {
  return typeof value === 'string' ? Date.parse(value) : NaN;
}

/** Entity tags of a list header such as `If-Match` (RFC 9110 §13.1.1), split on commas and spaces. */
function parseTagList(value: string): string[] {
  return value.split(/[ ,]+/).filter((tag) => tag.length > 0);
}

function responseHeader(res: ServerResponse, header: HeaderName): string | undefined {
  const value = readHeader(res, header);
  return typeof value === 'string' ? value : undefined;
}

/** The request carries any validator (`If-Match`, `If-Unmodified-Since`, `If-None-Match`, `If-Modified-Since`). */
export function isConditional(req: IncomingMessage): boolean {
  const h = req.headers;
  return Boolean(h['if-match'] || h['if-unmodified-since'] || h['if-none-match'] || h['if-modified-since']);
}

/**
 * `If-Match` (RFC 9110 §13.1.1, weak comparison as Express does) or, when absent,
 * `If-Unmodified-Since` (§13.1.4) fails against the response's validators: answer 412.
 * Without an `ETag` even `If-Match: *` fails; an unreadable date is ignored.
 */
export function isPreconditionFailure(req: IncomingMessage, res: ServerResponse): boolean {
  const ifMatch = req.headers['if-match'];
  if (ifMatch) {
    const etag = responseHeader(res, ETAG);
    if (!etag) return true;
    if (ifMatch === '*') return false;
    const tags = parseTagList(ifMatch);
    for (let i = 0; i < tags.length; i++) {
      const tag = tags[i];
      if (tag === etag || tag === 'W/' + etag || 'W/' + tag === etag) return false;
    }
    return true;
  }
  const unmodifiedSince = parseHttpDate(req.headers['if-unmodified-since']);
  if (!Number.isNaN(unmodifiedSince)) {
    const lastModified = parseHttpDate(responseHeader(res, LAST_MODIFIED));
    return Number.isNaN(lastModified) || lastModified > unmodifiedSince;
  }
  return false;
}

/** Decides freshness from the request's headers and the response's validators, as `fresh` does. */
export type FreshnessFunction = (requestHeaders: HeaderBag, responseHeaders: HeaderBag) => boolean;

/** Headers as `fresh` reads them (declared here, so the published types do not need `@types/fresh`). */
interface HeaderBag {
  [header: string]: string | string[] | number | undefined;
}

/**
 * The client's copy is current (`If-None-Match` / `If-Modified-Since`, RFC 9110 §13.1.2–3, via
 * `isFresh`: `fresh` for Express 4, the profile's for another version): only a 2xx or 304 status can
 * be turned into 304.
 */
export function isFreshFor(req: IncomingMessage, res: ServerResponse, isFresh: FreshnessFunction): boolean {
  const status = res.statusCode;
  if ((status < 200 || status >= 300) && status !== 304) return false;
  const h = req.headers;
  const etag = responseHeader(res, ETAG);
  // The revalidation every cache sends: `If-None-Match` with exactly the tag, nothing else that
  // `fresh` (0.5 or 2) weighs. Both answer fresh then, unless the tag holds a comma or space (which
  // their list parsing would split): decided here without building the validator object.
  const noneMatch = h['if-none-match'];
  if (noneMatch !== undefined && noneMatch === etag && h['if-modified-since'] === undefined && h['cache-control'] === undefined && isSingleToken(etag)) return true;
  return isFresh(h, { etag, 'last-modified': responseHeader(res, LAST_MODIFIED) });
}

/** No comma or space: an entity-tag list parser reads the value as this one tag. */
function isSingleToken(tag: string): boolean {
  return tag.indexOf(',') === -1 && tag.indexOf(' ') === -1;
}

/**
 * `If-Range` (RFC 9110 §13.1.5) still matches, so a `Range` may be honoured: an entity tag must
 * appear in it, a date must not be older than `Last-Modified`. No header: ranges apply.
 */
export function isRangeFresh(req: IncomingMessage, res: ServerResponse): boolean {
  const ifRange = req.headers['if-range'];
  if (!ifRange) return true;
  if (ifRange.indexOf('"') !== -1) {
    const etag = responseHeader(res, ETAG);
    return etag !== undefined && ifRange.indexOf(etag) !== -1;
  }
  const lastModified = parseHttpDate(responseHeader(res, LAST_MODIFIED));
  return parseHttpDate(ifRange) >= lastModified;
}
