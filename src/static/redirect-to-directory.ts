import type { IncomingMessage, ServerResponse } from 'node:http';
import encodeUrl from 'encodeurl';
import escapeHtml from 'escape-html';
import { Buffer } from 'node:buffer';
import { directoryLocationOf } from '../files/request-path';

const BODY_START =
  '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Redirecting</title>\n</head>\n<body>\n<pre>Redirecting to ';
const BODY_END = '</pre>\n</body>\n</html>\n';

/**
 * Answers 301 to the same URL with a `/` after the path, as Express's static middleware does for a
 * directory. Leading slashes collapse to one, so `//evil.example/dir` cannot become a protocol-relative
 * redirect; the location is URL-encoded for the header and HTML-escaped in the body.
 */
export function redirectToDirectory(req: IncomingMessage & { originalUrl?: string }, res: ServerResponse): void {
  const original = req.originalUrl ?? req.url ?? '/';
  const location = encodeUrl(directoryLocationOf(original));
  const body = BODY_START + escapeHtml(location) + BODY_END;
  res.statusCode = 301;
  res.setHeader('Content-Type', 'text/html; charset=UTF-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.setHeader('Content-Security-Policy', "default-src 'none'");
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Location', location);
  if (req.method === 'HEAD') res.end();
  else res.end(body);
}
