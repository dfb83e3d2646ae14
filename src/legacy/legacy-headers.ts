import type { ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import escapeHtml from 'escape-html';
import Negotiator from 'negotiator';
import vary from 'vary';
import { Buffer } from 'node:buffer';

/**
 * 3.x `res.set(field, value)`: the value as given, with no charset added to a Content-Type (that
 * came in 4.x); `res.charset` is applied when the headers are written instead (see `applyCharset`).
 */
export function setLegacyHeader(res: ServerResponse & { set(f: string, v: unknown): unknown }, argc: number, field: unknown, value: unknown): void {
  if (argc === 2) {
    res.setHeader(field as string, Array.isArray(value) ? value.map(String) : String(value));
    return;
  }
  const fields = field as Record<string, unknown>;
  for (const key in fields) res.set(key, fields[key]);
}

const HAS_CHARSET = /;\s*charset\s*=/i;

/** `res.charset` labels a Content-Type that names no charset, whoever set it, when the headers go out. */
export function applyCharset(res: ServerResponse, charset: string | undefined): void {
  if (!charset) return;
  const type = res.getHeader('Content-Type');
  if (typeof type === 'string' && !HAS_CHARSET.test(type)) res.setHeader('Content-Type', type + '; charset=' + charset);
}

/**
 * The body of a 3.x redirect, by `Accept`: `Found. Redirecting to <url>` as text, a paragraph with a
 * link as HTML, nothing for other types. The charset is spelled `UTF-8`, as 3.x did.
 */
export function writeLegacyRedirect(
  res: ServerResponse & { req: { headers: Record<string, string | string[] | undefined>; method?: string } },
  status: number,
  address: string,
): void {
  const type = new Negotiator(res.req as never).mediaTypes(['text/plain', 'text/html'])[0];
  const text = String(STATUS_CODES[status]) + '. Redirecting to ';
  let body = '';
  vary(res, 'Accept');
  if (type === 'text/plain') {
    body = text + address;
    res.setHeader('Content-Type', 'text/plain; charset=UTF-8');
  } else if (type === 'text/html') {
    const escaped = escapeHtml(address);
    body = '<p>' + text + '<a href="' + escaped + '">' + escaped + '</a></p>';
    res.setHeader('Content-Type', 'text/html; charset=UTF-8');
  }
  res.statusCode = status;
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(res.req.method === 'HEAD' ? undefined : body);
}
