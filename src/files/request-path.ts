import { protohostOf } from '../http/url-parts';

/**
 * The path part of a request target: before `?`, or before `#` when a fragment comes first; for an
 * absolute-form target (`http://host/a`), the path after the authority.
 * A target with a fragment is read the way Node's legacy URL parser reads it (Express falls back to
 * it for such targets): backslashes before the fragment count as `/`.
 */
export function pathnameOf(url: string): string {
  if (url.charCodeAt(0) !== 0x2f /* / */) {
    const host = protohostOf(url);
    if (host) {
      const rest = url.slice(host.length);
      return pathnameOf(rest.charCodeAt(0) === 0x2f ? rest : '/' + rest);
    }
  }
  const query = url.indexOf('?');
  const hash = url.indexOf('#');
  if (hash === -1 || (query !== -1 && query < hash)) return query === -1 ? url : url.slice(0, query);
  const path = url.slice(0, hash);
  return path.indexOf('\\') === -1 ? path : path.replace(/\\/g, '/');
}

/**
 * The scheme and authority of an absolute-form target (`http://Example.com/a` → `http://example.com`),
 * as a redirect writes them back: scheme and host in lower case, credentials as sent. '' otherwise.
 */
export function originOf(url: string): string {
  if (url.charCodeAt(0) === 0x2f /* / */) return '';
  const host = protohostOf(url);
  if (!host) return '';
  const authority = host.indexOf('://') + 3;
  const at = host.lastIndexOf('@');
  if (at < authority) return host.toLowerCase();
  return host.slice(0, authority).toLowerCase() + host.slice(authority, at + 1) + host.slice(at + 1).toLowerCase();
}

/** What follows the path in a request target: the query and the fragment as written ('' when none). */
export function suffixOf(url: string): string {
  const query = url.indexOf('?');
  const hash = url.indexOf('#');
  const end = query === -1 ? hash : hash === -1 ? query : Math.min(query, hash);
  return end === -1 ? '' : url.slice(end);
}

/** Percent-decodes a URL path; `null` when an escape is malformed (the request is then a 400). */
export function decodeUrlPath(path: string): string | null {
  if (path.indexOf('%') === -1) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}
