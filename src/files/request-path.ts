import { pathnameOf as targetPathnameOf } from '../http/url-parts';
import { isUnusualTarget, withPathname } from '../http/legacy-target';

/**
 * The path part of a request target: before `?`. A target with a fragment, or in absolute form
 * (`http://host/a`), is read the way Node's legacy URL parser reads it, as Express's static
 * middleware reads it (escaped; backslashes before the query count as `/`).
 */
export function pathnameOf(url: string): string {
  if (isUnusualTarget(url)) return targetPathnameOf(url);
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * The URL a directory request is redirected to (before URL-encoding): its path with a `/` added and
 * leading slashes collapsed to one, so `//evil.example/dir` cannot become a protocol-relative
 * redirect; the query is kept, and for a `#` or absolute-form target also the fragment, scheme and
 * host, as the legacy URL formatter writes them back (Express's static middleware writes them so).
 */
export function directoryLocationOf(url: string): string {
  const pathname = pathnameOf(url).replace(/^\/+/, '/') + '/';
  if (isUnusualTarget(url)) return withPathname(url, pathname) ?? pathname;
  const query = url.indexOf('?');
  return query === -1 ? pathname : pathname + url.slice(query);
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
