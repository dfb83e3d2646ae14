import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable, Transform } from 'node:stream';
import {
  abortedError,
  declaredTooLargeError,
  encodingSetError,
  inflateDisabledError,
  notReadableError,
  receivedTooLargeError,
  sizeMismatchError,
  unsupportedCharsetError,
  unsupportedEncodingError,
} from '../errors/body-errors';
import { toHttpError } from '../errors/http-error';
import { discardRequest } from './discard-request';
import { createInflater } from './inflate';
import { Buffer } from 'node:buffer';

/** What reading needs to know, resolved once per parser. */
export interface ReadOptions {
  /** Maximum body size in bytes, after inflation. */
  limit: number;
  /** Whether compressed bodies are inflated (otherwise refused with 415). */
  inflate: boolean;
  /** The Content-Encodings inflated besides identity (the version's profile). */
  encodings: ReadonlySet<string>;
  /** Whether a charset can be decoded (the version's profile). */
  charsetSupported: (charset: string) => boolean;
}

/** Receives the whole body, or the reason there is none; called exactly once. */
export type BodyCallback = (error: Error | null, body: Buffer | null) => void;

const EMPTY = Buffer.alloc(0);

/**
 * Reads a request body into one Buffer, streaming: the limit is checked as bytes arrive (on the
 * inflated size), a Content-Length over the limit is refused before anything is read, a refused
 * body is drained or its connection closed, and every listener is removed when reading ends.
 * `lateCharset`, when given, is checked after the stream checks and before reading, in Express's order.
 */
export function readBody(
  req: IncomingMessage,
  res: ServerResponse,
  options: ReadOptions,
  lateCharset: string | null,
  callback: BodyCallback,
): void {
  const declared = declaredLength(req);
  const encoding = contentEncoding(req);
  const identity = encoding === 'identity';
  if (!identity) {
    if (!options.inflate) return refuse(req, res, inflateDisabledError(encoding), declared, callback);
    if (!options.encodings.has(encoding)) return refuse(req, res, unsupportedEncodingError(encoding), declared, callback);
  }
  // Content-Length counts compressed bytes: it only bounds an identity body.
  const length = identity ? declared : null;
  if (length !== null && length > options.limit) {
    return refuse(req, res, declaredTooLargeError(length, options.limit), length, callback);
  }
  if (req.readableEncoding) return refuse(req, res, encodingSetError(), declared, callback);
  if (!req.readable) return callback(notReadableError(), null);
  if (lateCharset !== null && !options.charsetSupported(lateCharset)) {
    return refuse(req, res, unsupportedCharsetError(lateCharset), declared, callback);
  }
  if (identity) collect(req, res, null, length, options.limit, callback);
  else collect(req, res, createInflater(encoding), null, options.limit, callback);
}

/** Refuses a body before reading it: the rest is discarded and the error reported at once. */
function refuse(req: IncomingMessage, res: ServerResponse, error: Error, remaining: number | null, callback: BodyCallback): void {
  discardRequest(req, res, remaining);
  callback(error, null);
}

/**
 * The Content-Length, or null when absent or not a number. Node only lets valid values through, but
 * a middleware may rewrite the header; then Express's rule applies: a value that is not a number
 * (`10abc`) is ignored, and one that is numeric yet has no digits (`''`) is NaN, which no body matches.
 */
function declaredLength(req: IncomingMessage): number | null {
  const header = req.headers['content-length'];
  if (header === undefined || Number.isNaN(Number(header))) return null;
  return Number.parseInt(header, 10);
}

/** The Content-Encoding in lower case; an absent or empty header is identity. */
function contentEncoding(req: IncomingMessage): string {
  const header = req.headers['content-encoding'];
  return header ? header.toLowerCase() : 'identity';
}

/**
 * Collects the body from `req`, or from `inflater` fed by `req`. With a known length the body is
 * kept as its single chunk or copied into one buffer allocated once; otherwise chunks are joined at
 * the end. State lives on one object; only the listeners the request needs are bound.
 */
function collect(
  req: IncomingMessage,
  res: ServerResponse,
  inflater: Transform | null,
  length: number | null,
  limit: number,
  callback: BodyCallback,
): void {
  new BodyCollector(req, res, inflater, length, limit, callback).start();
}

class BodyCollector {
  private received = 0; // body bytes, counted after inflation
  private consumed = 0; // bytes taken from the request (the same as `received` for identity)
  private requestEnded = false;
  private finished = false;
  private single: Buffer | null = null;
  private chunks: Buffer[] | null = null;
  private readonly source: Readable;
  private readonly onData = this.data.bind(this);
  private readonly onEnd = this.end.bind(this);
  private readonly onClose = this.close.bind(this);
  private readonly onRequestError = this.requestError.bind(this);
  private onRequestData: ((chunk: Buffer) => void) | null = null;
  private onRequestEnd: (() => void) | null = null;
  private onInflaterDrain: (() => void) | null = null;
  private onInflateError: ((error: Error) => void) | null = null;

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    private readonly inflater: Transform | null,
    private readonly length: number | null,
    private readonly limit: number,
    private readonly callback: BodyCallback,
  ) {
    this.source = inflater ?? req;
  }

  start(): void {
    const { req, inflater } = this;
    this.source.on('data', this.onData);
    this.source.on('end', this.onEnd);
    req.on('close', this.onClose);
    req.on('error', this.onRequestError);
    if (inflater !== null) {
      this.onRequestData = this.requestData.bind(this);
      this.onRequestEnd = this.requestEnd.bind(this);
      this.onInflaterDrain = req.resume.bind(req);
      this.onInflateError = this.inflateError.bind(this);
      inflater.on('error', this.onInflateError);
      inflater.on('drain', this.onInflaterDrain);
      req.on('data', this.onRequestData);
      req.on('end', this.onRequestEnd);
    }
    if (req.isPaused()) req.resume();
  }

  private data(chunk: Buffer): void {
    const received = (this.received += chunk.length);
    if (this.inflater === null) this.consumed = received;
    if (received > this.limit) return this.fail(receivedTooLargeError(this.limit, received), true);
    const length = this.length;
    if (length !== null && !(received <= length)) {
      // More bytes than Content-Length said (or it is NaN): the answer will be 400; keep counting, stop keeping.
      this.single = this.chunks = null;
    } else if (this.chunks !== null) this.chunks.push(chunk);
    else if (this.single === null) this.single = chunk;
    else {
      // Chunks are joined once at the end, never into a buffer of the announced length allocated
      // up front: the Content-Length is the client's word, and every request cut off mid-body
      // would leave a buffer of that size for the collector (abort storms ran twice as long).
      this.chunks = [this.single, chunk];
      this.single = null;
    }
  }

  private end(): void {
    const { length, received } = this;
    if (length !== null && received !== length) return this.fail(sizeMismatchError(length, received), false);
    const body = this.single ?? (this.chunks === null ? EMPTY : Buffer.concat(this.chunks, received));
    this.finish();
    this.callback(null, body);
  }

  private requestData(chunk: Buffer): void {
    this.consumed += chunk.length;
    if (!(this.inflater as Transform).write(chunk)) this.req.pause();
  }

  private requestEnd(): void {
    this.requestEnded = true;
    (this.inflater as Transform).end();
  }

  private inflateError(error: Error): void {
    this.fail(toHttpError(error, 400), true);
  }

  // 'close' before the request's end, or an 'error' on it, is a client that went away.
  private close(): void {
    if (!this.requestEnded) this.fail(abortedError(this.length, this.received), false);
  }

  private requestError(): void {
    this.fail(abortedError(this.length, this.received), false);
  }

  private finish(): void {
    const { req, inflater } = this;
    this.finished = true;
    this.single = this.chunks = null;
    this.source.removeListener('data', this.onData);
    this.source.removeListener('end', this.onEnd);
    req.removeListener('close', this.onClose);
    req.removeListener('error', this.onRequestError);
    if (inflater !== null) {
      req.removeListener('data', this.onRequestData as (chunk: Buffer) => void);
      req.removeListener('end', this.onRequestEnd as () => void);
      inflater.removeListener('drain', this.onInflaterDrain as () => void);
      inflater.removeListener('error', this.onInflateError as (error: Error) => void);
    }
  }

  private fail(error: Error, drain: boolean): void {
    if (this.finished) return;
    this.finish();
    if (this.inflater !== null) {
      // A late zlib error after destroy must not become an uncaught 'error'.
      this.inflater.on('error', ignore);
      this.inflater.destroy();
    }
    const callback = this.callback;
    if (!drain) return callback(error, null);
    const remaining = remainingOf(this.req, this.consumed);
    // A compressed body is refused on its inflated size, typically while the client is still
    // sending: as Express does, the answer waits until the rest is read and discarded (bounded by
    // DRAIN_LIMIT; see discardRequest), so that a client writing its whole request first sees it.
    // An identity body over the limit is answered at once, the rest discarded behind the answer.
    if (this.inflater !== null) discardRequest(this.req, this.res, remaining, () => callback(error, null));
    else {
      discardRequest(this.req, this.res, remaining);
      callback(error, null);
    }
  }
}

/** Bytes Content-Length still announces after `consumed` were read, or null when unknown. */
function remainingOf(req: IncomingMessage, consumed: number): number | null {
  const declared = declaredLength(req);
  return declared === null ? null : Math.max(0, declared - consumed);
}

function ignore(): void {}
