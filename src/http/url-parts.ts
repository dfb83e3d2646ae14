import { isUnusualTarget, parseUnusualTarget, queryStartOf } from './legacy-target';

/**
 * The pieces of a request-target the router needs, without allocating a URL object:
 * origin-form (`/a/b?x`) is by far the common case; absolute-form (`http://h/a`) keeps its
 * scheme and authority aside as the "protohost" so mounting never strips it.
 */

/**
 * The pathname of a request-target, as Express 4 derives it: for `/…` without `#`, up to the first
 * `?`; otherwise what Node's legacy URL parser makes of it (see legacy-target.ts). The empty string
 * means the target has no pathname at all (`''`, `?x`, `#x`, `p://host`, or no URL), which no layer
 * can match.
 */
export function pathnameOf(url: string | undefined): string {
  if (typeof url !== 'string') return '';
  const q = queryStartOf(url);
  if (q === -1) return unusualPathnameOf(url);
  return q === url.length ? url : url.slice(0, q);
}

/** The pathname Express's legacy parsing gives an unusual target ('' when it has none or throws). */
function unusualPathnameOf(url: string): string {
  if (url.length === 0) return '';
  return parseUnusualTarget(url)?.pathname ?? '';
}

/**
 * The resource a 404 page names: the pathname, or what Express prints when its parser found none
 * (`null`) or threw (`resource`).
 */
export function resourceNameOf(url: string): string {
  if (!isUnusualTarget(url)) return pathnameOf(url);
  const parsed = parseUnusualTarget(url);
  return parsed === undefined ? 'resource' : String(parsed.pathname);
}

/** `http://example.com` for an absolute-form target, else the empty string. */
export function protohostOf(url: string | undefined): string {
  // Kept small for the router, which asks for every request: an origin-form target is answered here.
  if (typeof url !== 'string' || url.length === 0 || url.charCodeAt(0) === 0x2f /* / */) return '';
  return protohostOfOtherTarget(url);
}

function protohostOfOtherTarget(url: string): string {
  const q = url.indexOf('?');
  const end = q === -1 ? url.length : q;
  const scheme = url.indexOf('://');
  if (scheme === -1 || scheme > end) return '';
  const slash = url.indexOf('/', scheme + 3);
  return slash === -1 || slash > end ? url.slice(0, end) : url.slice(0, slash);
}
