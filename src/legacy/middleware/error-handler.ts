import type { IncomingMessage, ServerResponse } from 'node:http';
import { inspect } from 'node:util';
import Negotiator from 'negotiator';
import escapeHtml from 'escape-html';
import { Buffer } from 'node:buffer';
import { cutResponse } from '../../http/cut-response';

type ErrorMiddleware = (err: unknown, req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** `errorHandler()`, with the heading of its HTML page as a property, as 3.x apps set it. */
export interface ErrorHandlerFactory {
  (options?: Record<string, unknown>): ErrorMiddleware;
  /** The `<h1>` of the HTML page (default `Express`, the 3.x heading). */
  title: string;
}

/**
 * The 3.x development error handler: answers any error with its status (`err.status`, else the
 * response's error status, else 500) in the format the client prefers: an HTML page with the
 * message and stack trace, `{"error": {message, stack, ...own properties}}` as JSON, or the stack
 * as plain text. It shows stacks whatever the environment: use it only in development. Errors are
 * logged to stderr unless `NODE_ENV` is `test`.
 */
export const errorHandler: ErrorHandlerFactory = Object.assign(
  function createErrorHandler(_options?: Record<string, unknown>): ErrorMiddleware {
    return function errorHandler(err, req, res, _next) {
      const own = typeof err === 'object' && err !== null ? (err as { status?: unknown }).status : undefined;
      if (own) res.statusCode = Number(own);
      if (res.statusCode < 400) res.statusCode = 500;
      if ((process.env.NODE_ENV || 'development') !== 'test') console.error(stackOf(err) ?? String(err));
      if (res.headersSent) {
        cutResponse(req, res);
        return;
      }
      const preferred = new Negotiator(req).mediaTypes(['text/html', 'application/json', 'text/plain'])[0];
      let type: string;
      let body: string;
      if (preferred === 'text/html') {
        type = 'text/html';
        body = errorPage(err, res.statusCode);
      } else if (preferred === 'application/json') {
        type = 'application/json';
        body = JSON.stringify({ error: errorFields(err) });
      } else {
        type = 'text/plain';
        body = errorText(err);
      }
      const bytes = Buffer.from(body, 'utf8');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Content-Type', type + '; charset=utf-8');
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      res.setHeader('Content-Length', bytes.length);
      res.end(bytes);
    };
  },
  { title: 'Express' },
);

function stackOf(err: unknown): string | undefined {
  const stack = typeof err === 'object' && err !== null ? (err as { stack?: unknown }).stack : undefined;
  return stack ? String(stack) : undefined;
}

/** The stack; else the error's own text, or an inspection of a plain object (whose text says nothing). */
function errorText(err: unknown): string {
  const stack = stackOf(err);
  if (stack !== undefined) return stack;
  if (typeof err === 'object' && err !== null && (err as object).toString === Object.prototype.toString) return inspect(err);
  return String(err);
}

/** `message`, `stack` and every enumerable property of the error (the JSON form). */
function errorFields(err: unknown): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  if (typeof err === 'object' && err !== null) {
    fields.message = (err as { message?: unknown }).message;
    fields.stack = (err as { stack?: unknown }).stack;
  }
  if (err !== null && err !== undefined) {
    for (const key in Object(err) as Record<string, unknown>) fields[key] = (Object(err) as Record<string, unknown>)[key];
  }
  return fields;
}

function errorPage(err: unknown, status: number): string {
  const heading = escapeHtml(String(err));
  const frames = (stackOf(err) ?? '')
    .split('\n')
    .slice(1)
    .map((line) => '<li>' + escapeHtml(line).split('  ').join(' &nbsp;') + '</li>')
    .join('');
  return (
    '<html>\n  <head>\n    <meta charset="utf-8">\n    <title>' + heading + '</title>\n' +
    '    <style>body { padding: 60px 80px; font: 13px sans-serif; color: #555 } h1 { font-size: 48px } ul li { list-style: none }</style>\n' +
    '  </head>\n  <body>\n    <div id="wrapper">\n' +
    '      <h1>' + escapeHtml(errorHandler.title) + '</h1>\n' +
    '      <h2><em>' + status + '</em> ' + heading + '</h2>\n' +
    '      <ul id="stacktrace">' + frames + '</ul>\n' +
    '    </div>\n  </body>\n</html>\n'
  );
}
