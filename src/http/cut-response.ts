import type { IncomingMessage, ServerResponse } from 'node:http';

/** RST_STREAM error code INTERNAL_ERROR (RFC 9113 §7), node:http2's `NGHTTP2_INTERNAL_ERROR`. */
const INTERNAL_ERROR = 0x2;

/**
 * How long a reset waits, at most, for the bytes already written to leave the stream: a client that
 * stopped reading (flow control) must not keep a broken response open.
 */
const FLUSH_LIMIT_MS = 2000;
/** How often a waiting reset looks at the stream's buffer again. */
const FLUSH_POLL_MS = 1;

/** The part of node:http2's `Http2Stream` this file uses. */
interface ResettableStream {
  readonly closed: boolean;
  readonly rstCode: number | undefined;
  /** Bytes written but not yet handed to the HTTP/2 session (JavaScript and native queues). */
  readonly bufferSize: number;
  close(code: number): void;
}

/** The HTTP/2 stream under a compatibility response, or `undefined` for an HTTP/1 response. */
function http2StreamOf(res: ServerResponse): ResettableStream | undefined {
  const stream = (res as { stream?: Partial<ResettableStream> }).stream;
  return stream !== undefined && stream !== null && typeof stream.close === 'function' && 'rstCode' in stream ? (stream as ResettableStream) : undefined;
}

/**
 * Ends a response that cannot be finished after its headers went out, so that the client (and any
 * cache or proxy on the way) knows the body is incomplete.
 *  - HTTP/1.1: the connection is closed, as Express does; the client sees a truncated message.
 *  - HTTP/2: only this stream is reset, with INTERNAL_ERROR (RFC 9113 §8.1: an incomplete response
 *    must not end with END_STREAM). Destroying it without a code, as `res.destroy()` and
 *    `req.socket.destroy()` do over node:http2, resets it with NO_ERROR, which node's client (and
 *    others) read as a normal end. A response already ended is complete and left alone. The other
 *    streams of the session go on.
 */
export function cutResponse(req: IncomingMessage, res: ServerResponse): void {
  const stream = http2StreamOf(res);
  if (stream === undefined) {
    req.socket?.destroy();
    return;
  }
  if (stream.closed || res.writableEnded) return;
  resetAfterFlush(stream, Date.now() + FLUSH_LIMIT_MS);
}

/**
 * Resets the stream once what was written before the failure has left it. node:http2 queues a
 * RST_STREAM ahead of DATA still waiting in the stream when the session is busy writing, and the
 * client then sees none of the partial body (over HTTP/1.1 it sees the bytes sent before the cut).
 */
function resetAfterFlush(stream: ResettableStream, deadline: number): void {
  if (stream.closed) return;
  if (stream.bufferSize === 0 || Date.now() >= deadline) {
    stream.close(INTERNAL_ERROR);
    return;
  }
  setTimeout(resetAfterFlush, FLUSH_POLL_MS, stream, deadline);
}
