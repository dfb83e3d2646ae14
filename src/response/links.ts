import type { PorticoResponse } from './response';

/** `res.links({ rel: url })`: appends `<url>; rel="rel"` entries to the `Link` header (RFC 8288). */
export function addLinks(res: PorticoResponse, links: Record<string, unknown>): PorticoResponse {
  // Read through `res.get`, as Express does, so that an app's own `get` is asked.
  let link = (res.get('Link') as string | undefined) || '';
  if (link) link += ', ';
  const entries = Object.keys(links).map((rel) => '<' + String(links[rel]) + '>; rel="' + rel + '"');
  return res.set('Link', link + entries.join(', '));
}
