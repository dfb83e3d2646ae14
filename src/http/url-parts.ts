/**
 * The pieces of a request-target the router needs, without allocating a URL object:
 * origin-form (`/a/b?x`) is by far the common case; absolute-form (`http://h/a`) keeps its
 * scheme and authority aside as the "protohost" so mounting never strips it.
 */

/**
 * The pathname of a request-target: up to the first `?` or `#`. The empty string means the
 * target has no pathname at all (`''`, `?x`, `#x`, or no URL), which no layer can match.
 */
export function pathnameOf(url: string | undefined): string {
  if (typeof url !== 'string') return '';
  // indexOf is a native scan, cheaper than a charCodeAt loop over strings from the parser.
  const q = url.indexOf('?');
  const h = url.indexOf('#');
  const end = q === -1 ? h : h === -1 ? q : Math.min(q, h);
  return absolutePath(end === -1 ? url : url.slice(0, end));
}

function absolutePath(target: string): string {
  const host = protohostOf(target);
  if (!host) return target;
  const rest = target.slice(host.length);
  return rest === '' ? '/' : rest;
}

/** `http://example.com` for an absolute-form target, else the empty string. */
export function protohostOf(url: string | undefined): string {
  if (typeof url !== 'string' || url.length === 0 || url.charCodeAt(0) === 0x2f /* / */) return '';
  const q = url.indexOf('?');
  const end = q === -1 ? url.length : q;
  const scheme = url.indexOf('://');
  if (scheme === -1 || scheme > end) return '';
  const slash = url.indexOf('/', scheme + 3);
  return slash === -1 || slash > end ? url.slice(0, end) : url.slice(0, slash);
}
