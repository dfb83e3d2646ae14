/**
 * The path part of a request target: before `?`, or before `#` when a fragment comes first.
 * A target with a fragment is read the way Node's legacy URL parser reads it (Express falls back to
 * it for such targets): backslashes before the fragment count as `/`.
 */
export function pathnameOf(url: string): string {
  const query = url.indexOf('?');
  const hash = url.indexOf('#');
  if (hash === -1 || (query !== -1 && query < hash)) return query === -1 ? url : url.slice(0, query);
  const path = url.slice(0, hash);
  return path.indexOf('\\') === -1 ? path : path.replace(/\\/g, '/');
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
