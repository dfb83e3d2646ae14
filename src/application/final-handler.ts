import { finished } from 'node:stream';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type encodeUrlModule from 'encodeurl';
import type escapeHtmlModule from 'escape-html';
import type statusesModule from 'statuses';
import { resourceNameOf } from '../http/url-parts';
import { Buffer } from 'node:buffer';
import { cutResponse } from '../http/cut-response';
import { lazyModule } from '../http/lazy-module';
import { dropsUnreadBody } from '../http/unread-body';

// The reason phrases (statuses@2, as Express 4) are read when a request goes unanswered or fails,
// never by a response the app sends itself: loaded then.
const loadStatuses = lazyModule(() => require('statuses') as typeof statusesModule);
// The error page's encoders, required by the first error or 404 page (not by `require('portico')`).
const loadEncodeUrl = lazyModule(() => require('encodeurl') as typeof encodeUrlModule);
const loadEscapeHtml = lazyModule(() => require('escape-html') as typeof escapeHtmlModule);

export interface FinalHandlerOptions {
  /** `production` hides stacks and messages; anything else shows the stack. */
  env: string;
  /** Called with every error before it is answered (the app logs it here). */
  onError?: (err: unknown) => void;
}

/** Headers an error page must not inherit from a half-built response. */
const CONTENT_HEADERS = ['Content-Encoding', 'Content-Language', 'Content-Range'];

/**
 * The responder at the end of the stack: 404 `Cannot METHOD /path` when nothing answered,
 * else the error's status, its `headers`, and the stack (development) or the status text (production).
 * It never writes after headers were sent: for an error the connection is closed instead.
 */
export function createFinalHandler(req: IncomingMessage, res: ServerResponse, options: FinalHandlerOptions) {
  return function finalHandler(err?: unknown): void {
    let status: number;
    let message: string;
    let headers: Record<string, unknown> | undefined;
    if (err) {
      const own = errorStatus(err);
      status = own ?? responseErrorStatus(res);
      // An error's headers apply only when the error also chose the status.
      if (own !== undefined) headers = errorHeaders(err);
      // Express prints the status text, which for a code without one is the word 'undefined'.
      message = options.env === 'production' ? String(loadStatuses().message[status]) : describeError(err, status);
      options.onError?.(err);
    } else {
      status = 404;
      message = 'Cannot ' + req.method + ' ' + loadEncodeUrl()(resourceNameOf(originalUrlOf(req)));
    }
    if (res.headersSent) {
      abandon(req, res, err);
      return;
    }
    const write = (): void => writeErrorPage(req, res, status, headers, message, err);
    // A transport that drops an unread body (app.fetch) has no client to wait for.
    if (req.complete || req.readableEnded || dropsUnreadBody(res)) write();
    else {
      // Answer once the request body is consumed, so the client is not cut off mid-upload.
      req.unpipe();
      finished(req, { writable: false }, write);
      req.resume();
    }
  };
}

function originalUrlOf(req: IncomingMessage): string {
  const original = (req as IncomingMessage & { originalUrl?: string }).originalUrl;
  return typeof original === 'string' ? original : (req.url ?? '/');
}

function validErrorStatus(value: unknown): number | undefined {
  return typeof value === 'number' && value >= 400 && value < 600 ? value : undefined;
}

function errorStatus(err: unknown): number | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const e = err as { status?: unknown; statusCode?: unknown };
  return validErrorStatus(e.status) ?? validErrorStatus(e.statusCode);
}

function responseErrorStatus(res: ServerResponse): number {
  return validErrorStatus(res.statusCode) ?? 500;
}

function errorHeaders(err: unknown): Record<string, unknown> | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const headers = (err as { headers?: unknown }).headers;
  return typeof headers === 'object' && headers !== null ? (headers as Record<string, unknown>) : undefined;
}

function describeError(err: unknown, status: number): string {
  const stack = typeof err === 'object' && err !== null ? (err as { stack?: unknown }).stack : undefined;
  if (stack) return String(stack);
  return String(err) || String(loadStatuses().message[status]);
}

function writeErrorPage(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, unknown> | undefined,
  message: string,
  err: unknown,
): void {
  if (res.headersSent) {
    abandon(req, res, err);
    return;
  }
  const body = errorDocument(message);
  res.statusCode = status;
  // No reason phrase of our own for an unknown code: node then writes its own ('unknown').
  res.statusMessage = loadStatuses().message[status] as string;
  for (const name of CONTENT_HEADERS) res.removeHeader(name);
  if (headers) {
    for (const name of Object.keys(headers)) res.setHeader(name, headers[name] as string);
  }
  res.setHeader('Content-Security-Policy', "default-src 'none'");
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body, 'utf8'));
  // The page goes to node as a UTF-8 string, as Express hands it over: node then writes the head in
  // the body's encoding, so a non-ASCII header value (`res.set('X-A', 'é')`, an attachment's name)
  // leaves as its UTF-8 bytes. A HEAD answer has no body and its head goes out in latin1, as there.
  if (req.method === 'HEAD') res.end();
  else res.end(body, 'utf8');
}

/**
 * What is left to do once the response has started: for an error, cut it (close the connection,
 * reset the HTTP/2 stream) so the client sees a truncated response rather than a complete-looking
 * one; with no error (a handler wrote part of a response and called `next()`), leave the response
 * to its writer, as Express does.
 */
function abandon(req: IncomingMessage, res: ServerResponse, err: unknown): void {
  if (err) cutResponse(req, res);
}

/** The small HTML page of every default error response; the message is escaped, line breaks kept. */
export function errorDocument(message: string): string {
  const html = loadEscapeHtml()(message).replace(/\n/g, '<br>').replace(/ {2}/g, ' &nbsp;');
  return (
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>' +
    html +
    '</pre>\n</body>\n</html>\n'
  );
}
