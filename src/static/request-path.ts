/** The path part of a request target (before `?`). */
export function pathnameOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
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
