import { IncomingMessage, ServerResponse } from 'node:http';
import { Buffer } from 'node:buffer';
import type { FetchSocket } from './fetch-socket';
import { codedError } from './fetch-errors';

/*
 * The state a fetch response keeps (under a Symbol, on the response itself), and what the writing
 * members (fetch-response.ts) and the head (fetch-head.ts) share: the probe of node's `_header`,
 * and node's errors for a misused response.
 */

/** Where a fetch response keeps its state. */
export const STATE = Symbol('portico.fetchResponse');

/** node:http's high-water mark for a response (a socket's): what `write` buffers before answering false. */
export const HIGH_WATER_MARK = 16 * 1024;

/** The body of `end()` without data. */
export const EMPTY = new Uint8Array(0);

/** What a fetch response knows of its head, body stream and life. */
export interface ResponseState {
  resolve: ((response: Response) => void) | undefined;
  res: FetchResponse;
  socket: FetchSocket;
  /** The request's AbortSignal while this state listens to it (removed once the response closes). */
  signal: AbortSignal | undefined;
  headSent: boolean;
  /** The body given to `end` while the head had not gone out yet (for the implicit head it causes). */
  ending: Uint8Array | undefined;
  controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  streamClosed: boolean;
  needDrain: boolean;
  ended: boolean;
  finished: boolean;
  closed: boolean;
  cut: boolean;
}

/** node's response as the fetch transport holds it. */
export type FetchResponse = ServerResponse & { [STATE]: ResponseState; _header?: unknown; _implicitHeader?: () => void };

/**
 * Whether node keeps the head in `_header`, reads `headersSent` from it and refuses headers once it
 * is set (node's own ServerResponse does; another runtime's may not). Then the head is recorded there as well, so that
 * `setHeader` after the head throws node's ERR_HTTP_HEADERS_SENT and middleware reading `_header`
 * sees a head; otherwise the header methods are wrapped to throw the same error.
 */
// `PORTICO_HEADER_SHORTCUT=off` (read once, as src/http/trusted-header.ts reads it) takes the
// public-API path, the one a runtime without the field gets: the tests run both.
export const HEADER_FIELD = process.env.PORTICO_HEADER_SHORTCUT === 'off' ? false : probeHeaderField();

function probeHeaderField(): boolean {
  try {
    const res = new ServerResponse(new IncomingMessage(null as never)) as FetchResponse;
    if (!Object.prototype.hasOwnProperty.call(res, '_header')) return false;
    res._header = 'HTTP/1.1 200 OK\r\n\r\n';
    // The response's own `headersSent` and `writableEnded` must read `_header` and `finished`, as
    // node's do (Bun's keeps `_header` and refuses headers after it, but reports `headersSent` from
    // state of its own): else the transport reports them itself.
    if (res.headersSent !== true) return false;
    (res as { finished: boolean }).finished = true;
    if (res.writableEnded !== true) return false;
    try {
      res.setHeader('x-probe', '1');
      return false;
    } catch (error) {
      return (error as { code?: unknown }).code === 'ERR_HTTP_HEADERS_SENT';
    }
  } catch {
    return false;
  }
}

export function headersSentError(action: 'set' | 'write' | 'remove'): Error {
  return codedError(Error, 'ERR_HTTP_HEADERS_SENT', `Cannot ${action} headers after they are sent to the client`);
}

function invalidChunk(chunk: unknown): TypeError {
  return codedError(
    TypeError,
    'ERR_INVALID_ARG_TYPE',
    'The "chunk" argument must be of type string or an instance of Buffer or Uint8Array. Received ' + (chunk === undefined ? 'undefined' : typeof chunk),
  );
}

export function streamError(code: string, message: string): Error {
  const error = new Error(message) as Error & { code: string };
  error.code = code;
  return error;
}

/** The bytes of a body chunk, or undefined when there is none; throws node's errors for anything else. */
export function toBytes(chunk: unknown, encoding: unknown): Buffer | Uint8Array {
  if (typeof chunk === 'string') return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  if (chunk instanceof Uint8Array) return chunk;
  if (chunk === null) throw Object.assign(new TypeError('May not write null values to stream'), { code: 'ERR_STREAM_NULL_VALUES' });
  throw invalidChunk(chunk);
}
