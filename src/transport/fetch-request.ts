import type { IncomingMessage } from 'node:http';
import { Buffer } from 'node:buffer';
import type { FetchSocket } from './fetch-socket';

/** Where the state of a request's body pump is kept. */
const BODY = Symbol('portico.fetchBody');

interface BodyPump {
  reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  reading: boolean;
  /** The app asked for the body (`_read` was called) at least once. */
  consuming: boolean;
  done: boolean;
}

type FetchIncoming = IncomingMessage & { [BODY]: BodyPump };

/** How the request object is made: node's class, or the app's (made with the prototype in force). */
export type RequestFactory = (socket: FetchSocket) => IncomingMessage;

/**
 * node:http's `IncomingMessage`, made from a fetch `Request`: the same class (so the app's
 * prototype is adopted as for any node:http request), with the head the parser would have set and
 * the body pulled from `request.body` only as the app reads it. A parser that stops reading (a
 * refused, over-limit body) leaves the rest unread; the reader is cancelled when the exchange ends.
 */
export function createFetchRequest(request: Request, url: URL, socket: FetchSocket, make: RequestFactory): IncomingMessage {
  const req = make(socket) as FetchIncoming;
  // workerd's IncomingMessage ignores the socket it is given (its `socket` and `connection` are
  // getters answering null): the stand-in is then the request's own, as node:http's server leaves it.
  if (req.socket !== (socket as unknown)) adoptSocket(req, socket);
  // A plain object, as node:http's (code calls `req.headers.hasOwnProperty`).
  const headers: Record<string, string | string[]> = {};
  const rawHeaders: string[] = [];
  request.headers.forEach((value, name) => {
    if (SINGLE_VALUED.has(name)) {
      // node:http keeps the first of repeated Host or Content-Length headers; a Request has them
      // joined with ', ', which neither value can contain.
      const comma = value.indexOf(',');
      headers[name] = comma === -1 ? value : value.slice(0, comma);
    } else if (name === 'set-cookie') {
      const list = (headers[name] as string[] | undefined) ?? [];
      list.push(value);
      headers[name] = list;
    } else headers[name] = value;
  });
  // A Request whose headers leave out Host (some runtimes hold it apart) still has one in its URL.
  if (headers.host === undefined) {
    headers.host = url.host;
  }
  // A GET or HEAD Request has no body (the constructor refuses one), so it is not asked: some hosts
  // build the whole Request only when `body` is read, as @hono/node-server does.
  const body = request.method === 'GET' || request.method === 'HEAD' ? null : request.body;
  if (body === null && ((headers['content-length'] !== undefined && headers['content-length'] !== '0') || headers['transfer-encoding'] !== undefined)) {
    // A Request has no body for GET and HEAD, whatever its head declared: the declaration goes
    // too, so that the parsers see a request without a body rather than one cut short.
    delete headers['content-length'];
    delete headers['transfer-encoding'];
  }
  // A body of unknown length: the HTTP/1.1 spelling, so that the parsers (and type-is) read it.
  if (body !== null && headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) {
    headers['transfer-encoding'] = 'chunked';
  }
  for (const name of Object.keys(headers)) {
    const value = headers[name] as string | string[];
    if (typeof value === 'string') rawHeaders.push(name, value);
    else for (const item of value) rawHeaders.push(name, item);
  }
  req.headers = headers as IncomingMessage['headers'];
  req.rawHeaders = rawHeaders;
  req.method = request.method;
  req.url = requestTarget(request.url, url);
  req.httpVersion = '1.1';
  req.httpVersionMajor = 1;
  req.httpVersionMinor = 1;
  const pump: BodyPump = { reader: undefined, reading: false, consuming: false, done: body === null };
  req[BODY] = pump;
  if (body === null) {
    req.complete = true;
    req.push(null);
  } else {
    pump.reader = body.getReader();
    Object.defineProperty(req, '_read', { configurable: true, writable: true, enumerable: false, value: readFromRequest });
  }
  return req;
}

/** Headers node:http keeps once (the first) that cannot hold a comma. */
const SINGLE_VALUED = new Set(['host', 'content-length']);

/**
 * The request-target as node:http gives it in `req.url`: the URL's path and query, from its
 * serialisation, which keeps a `?` with nothing after it (`url.search` is then empty).
 */
function requestTarget(href: string, url: URL): string {
  const start = href.indexOf('/', href.indexOf('//') + 2);
  if (start === -1) return url.pathname + url.search;
  const hash = href.indexOf('#', start);
  return hash === -1 ? href.slice(start) : href.slice(start, hash);
}

/** The request's `_read`: one chunk from the Request's body per call, as the Readable asks. */
function readFromRequest(this: FetchIncoming): void {
  const pump = this[BODY];
  pump.consuming = true;
  if (pump.reading || pump.done || pump.reader === undefined) return;
  pump.reading = true;
  pump.reader.read().then(
    (result) => {
      pump.reading = false;
      if (pump.done) return;
      if (result.done) {
        pump.done = true;
        this.complete = true;
        this.push(null);
        return;
      }
      const chunk = result.value;
      // Pushed empty, a chunk would end nothing and ask for nothing: read on.
      if (chunk.byteLength === 0) readFromRequest.call(this);
      else if (this.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength))) readFromRequest.call(this);
    },
    () => {
      // The client's body broke off (it went away): as node:http, the request is aborted.
      pump.reading = false;
      if (pump.done) return;
      pump.done = true;
      this.socket?.destroy();
    },
  );
}

/** Stops reading the Request's body: what is left of it is never pulled. */
export function cancelRequestBody(req: IncomingMessage): void {
  const pump = (req as FetchIncoming)[BODY];
  if (pump === undefined || pump.done) return;
  pump.done = true;
  pump.reader?.cancel().catch(() => undefined);
}

/**
 * What becomes of the request once its response is complete. Over node:http the server reads on (it
 * discards what the app left, to keep the connection usable); a fetch host has no connection for
 * the app to keep, so the rest of the body is not pulled at all: the reader is cancelled and the
 * request is destroyed (`aborted`, `close`), which is what it is, a body not received. A request
 * whose body was complete but never read ends as node:http's dumped ones do (`end`, `close`).
 */
export function settleRequestBody(req: IncomingMessage): void {
  const pump = (req as FetchIncoming)[BODY];
  if (pump === undefined || req.destroyed) return;
  if (!pump.done) {
    cancelRequestBody(req);
    req.destroy();
  } else if (!pump.consuming && !req.readableEnded) req.resume();
}

/** Gives `req` the socket stand-in as own `socket` and `connection`, in front of a runtime's getters. */
function adoptSocket(req: IncomingMessage, socket: FetchSocket): void {
  Object.defineProperty(req, 'socket', { configurable: true, enumerable: true, writable: true, value: socket });
  if ((req as { connection?: unknown }).connection !== (socket as unknown)) {
    Object.defineProperty(req, 'connection', { configurable: true, enumerable: false, writable: true, value: socket });
  }
}
