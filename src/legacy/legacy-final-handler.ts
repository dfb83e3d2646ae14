import type { IncomingMessage, ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import escapeHtml from 'escape-html';
import { Buffer } from 'node:buffer';
import { cutResponse } from '../http/cut-response';

/**
 * The responder at the end of a 3.x app's stack, answering as 3.x apps did (and as their tests
 * expect): a bare text line, not the 4.x HTML page.
 *
 * - nothing answered: 404 `Cannot GET /path?query` (the original URL, HTML-escaped);
 * - an error: its `status` or `statusCode`, else the response's status when it is already an
 *   error status, else 500; the body is the escaped stack (or `String(err)`), with line breaks as
 *   `<br>`, or the status text alone when `NODE_ENV` is `production`. Errors are logged to stderr
 *   except when `NODE_ENV` is `test`.
 *
 * The environment is the process's, not the app's `env` setting: 3.x read it there.
 */
export function legacyFinalHandler(req: IncomingMessage, res: ServerResponse, err?: unknown): void {
  const env = process.env.NODE_ENV || 'development';
  let status: number;
  let text: string;
  if (err) {
    status = errorStatus(err, res.statusCode);
    text = env === 'production' ? String(STATUS_CODES[status]) : describeError(err);
    if (env !== 'test') console.error(stackOrString(err));
  } else {
    status = 404;
    const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';
    text = 'Cannot ' + String(req.method) + ' ' + escapeHtml(url);
  }
  if (res.headersSent) {
    // Too late for an error page: a truncated response is better than one that looks complete.
    cutResponse(req, res);
    return;
  }
  const body = Buffer.from(text + '\n', 'utf8');
  res.statusCode = status;
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Length', body.length);
  if (req.method === 'HEAD') res.end();
  else res.end(body);
}

/** The status an error gives; any number the error carries counts, as in 3.x (even past 599). */
function errorStatus(err: unknown, current: number): number {
  if (typeof err === 'object' && err !== null) {
    const e = err as { status?: unknown; statusCode?: unknown };
    const own = e.status || e.statusCode;
    if (typeof own === 'number') return own >= 400 ? own : 500;
  }
  return current >= 400 ? current : 500;
}

function stackOrString(err: unknown): string {
  const stack = typeof err === 'object' && err !== null ? (err as { stack?: unknown }).stack : undefined;
  return stack ? String(stack) : String(err);
}

/** The escaped stack with HTML line breaks, as the 3.x development page showed it. */
function describeError(err: unknown): string {
  return escapeHtml(stackOrString(err)).split('\n').join('<br>').split('  ').join(' &nbsp;');
}
