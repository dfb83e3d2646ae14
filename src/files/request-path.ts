import { pathnameOf as targetPathnameOf } from '../http/url-parts';
import { isUnusualTarget } from '../http/legacy-target';

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

/** What follows the path of an ordinary target (`/…` without `#`): its query as written ('' when none). */
export function querySuffixOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? '' : url.slice(query);
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
