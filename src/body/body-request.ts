import { AsyncResource } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type TypeIs from 'type-is';
import { unsupportedCharsetError, verifyFailedError } from '../errors/body-errors';
import { discardRequest } from './discard-request';
import type { CommonSettings } from './options';
import type * as Read from './read';
import { lazyModule } from '../http/lazy-module';

// The reader (limits, inflation through node:zlib) and type-is are required when a first body arrives.
const loadRead = lazyModule(() => require('./read') as typeof Read);
const loadTypeIs = lazyModule(() => require('type-is') as typeof TypeIs);

/**
 * A request as the parsers see it. `_body` is the flag Express's parsers set once a body has been
 * read; Portico sets and honours the same flag, so its parsers and third-party ones never read twice.
 */
export interface BodyRequest extends IncomingMessage {
  body?: unknown;
  _body?: boolean;
}

/** `next` as the parsers call it. */
export type Next = (err?: unknown) => void;

/** What a parser does with the raw body: returns `req.body` or throws an HTTP error. */
export interface ParserPlan extends CommonSettings {
  toBody(buf: Buffer, charset: string | null): unknown;
}

/**
 * The checks before any reading: a body already parsed is left alone (and `req.body` untouched);
 * otherwise `req.body` defaults to `{}` (Express 4) or stays undefined (Express 5), and only a
 * request with a body of a matching type is read.
 */
export function wantsBody(req: BodyRequest, plan: ParserPlan): boolean {
  if (plan.marksBody) {
    if (req._body) return false;
    req.body = req.body || {};
  } else {
    if (isReadToEnd(req)) return false;
    // Express 5 makes `body` an own property, undefined until a parser fills it.
    if (!('body' in req)) req.body = undefined;
  }
  return hasBody(req) && plan.matches(req);
}

/**
 * Express 5's test for a body read before (it has no `_body` mark): the request was read to its
 * end, or its connection can no longer be read from (gone, upgraded, or half-closed by the client).
 */
function isReadToEnd(req: IncomingMessage): boolean {
  const socket = req.socket as IncomingMessage['socket'] | null;
  return Boolean((req as { upgrade?: boolean }).upgrade) || !socket || !socket.readable || (req.complete && !req.readable);
}

/** type-is's `hasBody`; a request with neither framing header (most GETs) has none, known without loading it. */
function hasBody(req: IncomingMessage): boolean {
  const headers = req.headers;
  if (headers['transfer-encoding'] === undefined && headers['content-length'] === undefined) return false;
  return loadTypeIs().hasBody(req);
}

/** Refuses a request before reading (a charset the parser cannot take): discards the body, reports `error`. */
export function refuseBody(req: BodyRequest, res: ServerResponse, next: Next, error: Error): void {
  discardRequest(req, res, null);
  next(error);
}

/**
 * Reads, verifies and converts the body, then sets `req.body` and calls `next`; any failure goes
 * to `next(err)` with `req.body` left as it was. `charset` is the one the body will be decoded with.
 */
export function readAndParse(req: BodyRequest, res: ServerResponse, next: Next, plan: ParserPlan, charset: string | null): void {
  if (plan.marksBody) req._body = true;
  if (plan.verify !== null && charset !== null && !plan.charsetSupported(charset)) {
    // With `verify`, Express checks the charset before anything else; without it, after the stream checks.
    return refuseBody(req, res, next, unsupportedCharsetError(charset));
  }
  // The body arrives on the request's own events, outside the async context the parser was called
  // in: verification, parsing and `next` run back in that context, so an AsyncLocalStorage store
  // entered around the parser is still there after it, as with Express.
  const scope = new AsyncResource('bodyParser');
  loadRead().readBody(req, res, plan, plan.verify === null ? charset : null, (error, buf) => {
    scope.runInAsyncScope(finish, null, req, res, next, plan, charset, error, buf);
  });
}

/** What follows reading: the error, or verification and conversion, then `next`. */
function finish(req: BodyRequest, res: ServerResponse, next: Next, plan: ParserPlan, charset: string | null, error: Error | null, buf: Buffer | null): void {
  if (error !== null) return next(error);
  const body = convert(req, res, plan, charset, buf as Buffer);
  if (body instanceof ConversionFailure) return next(body.error);
  req.body = body;
  next();
}

/** What `convert` returns instead of a body when verification or parsing failed. */
class ConversionFailure {
  constructor(readonly error: unknown) {}
}

/** Verification then conversion, kept apart from `next` so that nothing downstream runs inside the try. */
function convert(req: BodyRequest, res: ServerResponse, plan: ParserPlan, charset: string | null, buf: Buffer): unknown {
  const verify = plan.verify;
  if (verify !== null) {
    try {
      // A plain call, as Express makes it: `this` inside verify is undefined, not the parser's settings.
      verify(req, res, buf, charset);
    } catch (thrown) {
      return new ConversionFailure(verifyFailedError(thrown, buf));
    }
  }
  try {
    return plan.toBody(buf, charset);
  } catch (error) {
    return new ConversionFailure(error);
  }
}
