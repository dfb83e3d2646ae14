import type { IncomingMessage, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import bytes from 'bytes';
import Negotiator from 'negotiator';
import vary from 'vary';
import { isCompressible } from './compressible';
import { onHeaders } from './on-headers';
import { Buffer } from 'node:buffer';

/** Options of `compress()`; the zlib ones are passed to `zlib.createGzip`/`createDeflate`. */
export interface CompressOptions extends Pick<zlib.ZlibOptions, 'level' | 'memLevel' | 'strategy' | 'chunkSize' | 'windowBits'> {
  /** Smallest body worth compressing, in bytes or a `bytes` string; default `1kb`. */
  threshold?: number | string;
  /** Decides per response; default: the `Content-Type` is a compressible type. */
  filter?: (req: IncomingMessage, res: ServerResponse) => boolean;
}

/** A response with the `flush()` that `compress()` adds, for server-sent events and the like. */
export interface CompressResponse extends ServerResponse {
  flush?: () => void;
}

type Next = (err?: unknown) => void;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;
type Chunk = string | Buffer | Uint8Array;
type Callback = (err?: Error | null) => void;
type Compressor = zlib.Gzip | zlib.Deflate;

const ENCODINGS = ['gzip', 'deflate', 'identity'];
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/** Default filter: compress only types that compress well. */
function compressFilter(_req: IncomingMessage, res: ServerResponse): boolean {
  return isCompressible(res.getHeader('Content-Type'));
}

/**
 * Compresses response bodies with gzip or deflate, as the client's `Accept-Encoding` allows,
 * when the type passes `filter` and the body is at least `threshold` bytes. Bodies stream
 * through zlib (res.write/res.end are wrapped), with back-pressure kept. `Vary: Accept-Encoding`
 * is added to every response the filter accepts. HEAD, 204, 304, already encoded bodies and
 * `Cache-Control: no-transform` are left alone.
 */
export function compress(options: CompressOptions = {}): Middleware {
  const filter = options.filter ?? compressFilter;
  const threshold = parseThreshold(options.threshold);
  const zlibOptions: zlib.ZlibOptions = {};
  for (const name of ['level', 'memLevel', 'strategy', 'chunkSize', 'windowBits'] as const) {
    if (options[name] !== undefined) zlibOptions[name] = options[name];
  }

  return function compressMiddleware(req, response, next) {
    const res = response as CompressResponse;
    // Loose signatures: node's overloads do not survive `.call`.
    const originalWrite = res.write as (this: ServerResponse, ...args: unknown[]) => boolean;
    const originalEnd = res.end as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
    const originalOn = res.on as (this: ServerResponse, event: string | symbol, listener: (...args: unknown[]) => void) => ServerResponse;
    let stream: Compressor | null = null;
    let ended = false;
    const pendingDrain: Array<(...args: unknown[]) => void> = [];

    onHeaders(res, function chooseEncoding() {
      stream = selectCompressor();
      // 'drain' listeners added before the choice go where the writes now go.
      for (const listener of pendingDrain.splice(0)) {
        if (stream) stream.on('drain', listener);
        else originalOn.call(res, 'drain', listener);
      }
      if (stream) pipeToResponse(stream);
    });

    function selectCompressor(): Compressor | null {
      if (!filter(req, res)) return null;
      const cacheControl = res.getHeader('Cache-Control');
      if (typeof cacheControl === 'string' && NO_TRANSFORM.test(cacheControl)) return null;
      vary(res, 'Accept-Encoding');

      const declared = res.getHeader('Content-Length');
      if (declared !== undefined && Number(declared) < threshold) return null;
      const current = res.getHeader('Content-Encoding');
      if (current !== undefined && String(current).toLowerCase() !== 'identity') return null;
      if (req.method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304) return null;

      const method = chooseMethod(req);
      if (method === 'identity') return null;
      res.setHeader('Content-Encoding', method);
      res.removeHeader('Content-Length');
      return method === 'gzip' ? zlib.createGzip(zlibOptions) : zlib.createDeflate(zlibOptions);
    }

    /** Compressed bytes go out through the real write; a full socket pauses zlib until it drains. */
    function pipeToResponse(zstream: Compressor): void {
      zstream.on('data', (chunk: Buffer) => {
        if (originalWrite.call(res, chunk) === false) zstream.pause();
      });
      originalOn.call(res, 'drain', () => zstream.resume());
      zstream.on('end', () => {
        originalEnd.call(res);
      });
    }

    res.write = function compressWrite(this: ServerResponse, chunk: Chunk, encodingOrCb?: BufferEncoding | Callback, cb?: Callback): boolean {
      if (ended) return false;
      if (!this.headersSent) this.writeHead(this.statusCode);
      if (!stream) return originalWrite.call(this, chunk, encodingOrCb, cb);
      return typeof encodingOrCb === 'function' ? stream.write(chunk, encodingOrCb) : stream.write(chunk, encodingOrCb ?? 'utf8', cb);
    } as ServerResponse['write'];

    res.end = function compressEnd(this: ServerResponse, chunk?: Chunk | Callback, encodingOrCb?: BufferEncoding | Callback, cb?: Callback): ServerResponse {
      if (ended) return this;
      if (typeof chunk === 'function') {
        cb = chunk;
        chunk = undefined;
      } else if (typeof encodingOrCb === 'function') {
        cb = encodingOrCb;
        encodingOrCb = undefined;
      }
      const encoding = encodingOrCb as BufferEncoding | undefined;
      if (!this.headersSent) {
        // A body handed whole to end() has a known size: declare it, as node itself would,
        // so the threshold sees it and an uncompressed reply keeps its Content-Length.
        if (this.getHeader('Content-Length') === undefined && mayDeclareLength(req, this.statusCode)) {
          const length = chunk === undefined ? 0 : typeof chunk === 'string' ? Buffer.byteLength(chunk, encoding) : chunk.length;
          this.setHeader('Content-Length', length);
        }
        this.writeHead(this.statusCode);
      }
      if (!stream) return originalEnd.call(this, chunk, encoding, cb);
      ended = true;
      if (cb) this.once('finish', () => cb?.());
      if (chunk !== undefined) stream.end(chunk, encoding ?? 'utf8');
      else stream.end();
      return this;
    } as ServerResponse['end'];

    // pipe() waits for 'drain' on the response; while compressing, that is zlib's drain.
    res.on = function compressOn(this: ServerResponse, event: string | symbol, listener: (...args: unknown[]) => void) {
      if (event !== 'drain') return originalOn.call(this, event, listener);
      if (stream) stream.on('drain', listener);
      else if (!this.headersSent) pendingDrain.push(listener);
      else originalOn.call(this, event, listener);
      return this;
    } as ServerResponse['on'];

    res.flush = function flush() {
      if (stream) stream.flush();
    };

    next();
  };
}

/** Node adds no Content-Length to HEAD responses or to statuses that have no body. */
function mayDeclareLength(req: IncomingMessage, status: number): boolean {
  return req.method !== 'HEAD' && status !== 204 && status !== 304 && status >= 200;
}

/** gzip when the client accepts it at all, else deflate, else identity (deflate is the less interoperable). */
function chooseMethod(req: IncomingMessage): string {
  const accepted = new Negotiator(req).encodings(ENCODINGS);
  const first = accepted[0] ?? 'identity';
  if (first === 'deflate' && accepted.includes('gzip')) return 'gzip';
  return first;
}

function parseThreshold(value: number | string | undefined): number {
  if (value === undefined) return 1024;
  const parsed = typeof value === 'number' ? value : bytes.parse(value);
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : 1024;
}
