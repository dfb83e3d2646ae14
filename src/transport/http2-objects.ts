import { Http2ServerRequest, Http2ServerResponse } from 'node:http2';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { Buffer } from 'node:buffer';
import { isConnectionSpecificHeader, withoutConnectionHeaders } from './connection-headers';

/**
 * Portico's request and response prototypes extend node:http's `IncomingMessage` and
 * `ServerResponse`. node:http2's compatibility objects (`Http2ServerRequest`/`Http2ServerResponse`)
 * offer the same public API but are other classes: their `headers`, `url`, `setHeader`, `end`… live
 * on their own prototypes and read private state of theirs. Giving such an object Portico's
 * prototype as it is would replace those members by node:http's, which fail at once.
 *
 * So an HTTP/2 object gets a twin of the prototype in force: an object whose prototype *is* that
 * prototype (so what an app adds to `app.request`/`app.response`, then or later, is seen), carrying
 * the HTTP/2 class's own members on top, except the ones Portico's chain defines itself. It is
 * made once per prototype and kept. A few HTTP/1-only members the chain would otherwise inherit
 * from node:http are shadowed by their HTTP/2 meaning (see `HTTP1_ONLY`).
 */

/** Every twin made, to recognise an HTTP/2 object already adopted (e.g. on leaving a mounted app). */
const twins = new WeakSet<object>();

const h2SetHeader = Http2ServerResponse.prototype.setHeader;
const h2GetHeader = Http2ServerResponse.prototype.getHeader;
const h2HasHeader = Http2ServerResponse.prototype.hasHeader;
const h2RemoveHeader = Http2ServerResponse.prototype.removeHeader;
const h2AppendHeader = (Http2ServerResponse.prototype as { appendHeader?: (name: string, value: unknown) => unknown }).appendHeader;
const h2WriteHead = Http2ServerResponse.prototype.writeHead as (this: Http2ServerResponse, ...args: unknown[]) => unknown;
const h2End = Http2ServerResponse.prototype.end as (this: Http2ServerResponse, ...args: unknown[]) => unknown;

/**
 * node:http gives a response ended before its headers went out a `Content-Length` of what `end`
 * carries (`0` for none), unless it has no body: a HEAD request, 1xx, 204 and 304. node:http2 sends
 * none, so `res.status(202).end()` over HTTP/2 would be the one answer whose length the client must
 * infer from END_STREAM. The same header, where HTTP/1.1 has it.
 */
function declareImplicitLength(res: Http2ServerResponse, chunk: unknown, encoding: unknown): void {
  const status = res.statusCode;
  if (status === 204 || status === 304 || status < 200 || res.hasHeader('content-length')) return;
  if ((res as { req?: { method?: string } }).req?.method === 'HEAD') return;
  let length = 0;
  if (typeof chunk === 'string') length = Buffer.byteLength(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  else if (chunk instanceof Uint8Array) length = chunk.byteLength;
  else if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') return;
  h2SetHeader.call(res, 'content-length', length as unknown as string);
}

/**
 * node:http2 keys a response's headers by `name.trim().toLowerCase()` in a dictionary-mode object.
 * For a name spelled with capitals (`Content-Type`, `ETag`: what `res.send`, `res.json` and most
 * middleware pass), that is a new string on every call, which V8 must then look up in its string
 * table before it can be used as a key. Given a name that is already trimmed, lower-case and
 * interned, node's `trim()` and `toLowerCase()` return it unchanged and the lookup is direct, so the
 * twin hands node that form: the same key, the same errors (node reports the lower-case name), less
 * work. The forms are kept for the first names seen only, so names built from input cannot make the
 * table grow without bound; any other name is passed as it is.
 */
const lowerNames = new Map<string, string>();
const LOWER_NAMES_KEPT = 128;

function lowerHeaderName(name: string): string {
  let lower = lowerNames.get(name);
  if (lower === undefined) {
    if (lowerNames.size >= LOWER_NAMES_KEPT) return name;
    // A property key is interned: this gives the interned copy of the lower-case name.
    lower = Object.keys({ [name.trim().toLowerCase()]: 0 })[0] as string;
    lowerNames.set(name, lower);
  }
  return lower;
}

/**
 * Response members of the twin that differ from the HTTP/2 class's own. Connection-specific headers
 * are dropped instead of reaching node, which refuses the whole response for them (RFC 9113 §8.2.2).
 */
const responseOverrides: PropertyDescriptorMap = {
  setHeader: method(function setHeader(this: Http2ServerResponse, name: string, value: unknown): Http2ServerResponse {
    // Answers the response as node:http's does (node:http2's answers nothing), so calls chain on both.
    if (typeof name !== 'string') h2SetHeader.call(this, name, value as string);
    else if (!isConnectionSpecificHeader(name, value)) h2SetHeader.call(this, lowerHeaderName(name), value as string);
    return this;
  }),
  // The same key as node's (see lowerHeaderName); anything but a string goes to node as it is, for its error.
  getHeader: method(function getHeader(this: Http2ServerResponse, name: string): unknown {
    return h2GetHeader.call(this, typeof name === 'string' ? lowerHeaderName(name) : name);
  }),
  hasHeader: method(function hasHeader(this: Http2ServerResponse, name: string): boolean {
    return h2HasHeader.call(this, typeof name === 'string' ? lowerHeaderName(name) : name);
  }),
  removeHeader: method(function removeHeader(this: Http2ServerResponse, name: string): void {
    h2RemoveHeader.call(this, typeof name === 'string' ? lowerHeaderName(name) : name);
  }),
  writeHead: method(function writeHead(this: Http2ServerResponse, ...args: unknown[]): unknown {
    const last = args.length - 1;
    if (last > 0 && typeof args[last] === 'object') args[last] = withoutConnectionHeaders(args[last]);
    return h2WriteHead.apply(this, args);
  }),
  end: method(function end(this: Http2ServerResponse, chunk?: unknown, encoding?: unknown, callback?: unknown): unknown {
    if (!this.headersSent) declareImplicitLength(this, chunk, encoding);
    return h2End.call(this, chunk, encoding, callback);
  }),
  // node:http's alias of writeHead, which would otherwise reach node:http's own writeHead.
  writeHeader: method(function writeHeader(this: Http2ServerResponse, ...args: unknown[]): unknown {
    return (this as unknown as { writeHead(...a: unknown[]): unknown }).writeHead(...args);
  }),
  // HTTP/2 has no reason phrase (RFC 9113 §8.3.2); node warns on each assignment, which the final
  // handler and HTTP/1 code make as a matter of course. Accepted and ignored, read as node reads it.
  statusMessage: {
    configurable: true,
    enumerable: false,
    get(): string {
      return '';
    },
    set(_value: string) {},
  },
  // node:http keeps `destroyed` as a field of each response; over HTTP/2 it is the stream's state.
  destroyed: {
    configurable: true,
    enumerable: false,
    get(this: Http2ServerResponse): boolean {
      return this.stream === undefined || this.stream.destroyed;
    },
  },
  // node:http's version reads its own header store, which an HTTP/2 response has not.
  getRawHeaderNames: method(function getRawHeaderNames(this: Http2ServerResponse): string[] {
    return this.getHeaderNames();
  }),
};
if (h2AppendHeader !== undefined) {
  responseOverrides.appendHeader = method(function appendHeader(this: Http2ServerResponse, name: string, value: unknown): unknown {
    if (typeof name === 'string' && isConnectionSpecificHeader(name, value)) return this;
    return h2AppendHeader.call(this, name, value);
  });
}

/**
 * The `end` and `write` an HTTP/2 response has while nothing wrapped them; whoever loads this module
 * hands them to src/http/http2-body-methods.ts, which `res.send` asks (this layer imports nothing of ours).
 */
export const http2BodyMethods = { end: responseOverrides.end?.value as unknown, write: Http2ServerResponse.prototype.write as unknown };

/**
 * Request members node:http defines that act on the connection: node:http's `_destroy` destroys the
 * socket, which over HTTP/2 is the whole session with every other stream on it.
 */
const requestOverrides: PropertyDescriptorMap = {
  _destroy: method(Readable.prototype._destroy),
};

function method(fn: (...args: never[]) => unknown): PropertyDescriptor {
  return { configurable: true, writable: true, enumerable: false, value: fn };
}

/** Is `proto` the prototype of an HTTP/2 compatibility object, as node made it or as Portico adopted it? */
export function isHttp2Prototype(proto: object | null): boolean {
  // node's own prototypes first: what every HTTP/2 request has as it enters the outermost app.
  return proto !== null && (proto === Http2ServerRequest.prototype || proto === Http2ServerResponse.prototype || twins.has(proto) ||
    proto instanceof Http2ServerRequest || proto instanceof Http2ServerResponse);
}

/** Is `proto` a twin, i.e. its object an HTTP/2 compatibility object Portico already adopted? */
export function isHttp2Twin(proto: object): boolean {
  return twins.has(proto);
}

/**
 * node:http's `writeHead` for an HTTP/1 response, the HTTP/2 class's (without connection headers) for
 * an HTTP/2 one: for a prototype that overrides `writeHead` and must then call the transport's own.
 */
export function transportWriteHead(res: object): (...args: unknown[]) => unknown {
  return twins.has(Object.getPrototypeOf(res) as object)
    ? (responseOverrides.writeHead?.value as (...args: unknown[]) => unknown)
    : (ServerResponse.prototype.writeHead as (...args: unknown[]) => unknown);
}

/** What the application does to an HTTP/2 object once, as it is made (or first adopted). */
export type Http2Preparation = (message: object) => void;

/** A constructor node:http2 can be given as `Http2ServerRequest` or `Http2ServerResponse`. */
export type Http2RequestClass = typeof Http2ServerRequest;
export type Http2ResponseClass = typeof Http2ServerResponse;

const requestClasses = new WeakMap<object, Http2RequestClass>();
const responseClasses = new WeakMap<object, Http2ResponseClass>();
/** The prototype asked for last and its class (see `http2RequestClass`): held strongly, so at most that one outlives its app. */
let lastRequestProto: object | undefined;
let lastRequestClass: Http2RequestClass | undefined;
let lastResponseProto: object | undefined;
let lastResponseClass: Http2ResponseClass | undefined;

/**
 * The class whose instances are HTTP/2 requests with the prototype an HTTP/1 request would take as
 * `proto`: its prototype is the twin of `proto`. Made once per prototype; `prepare` runs on each
 * instance node:http2 constructs (it is not run for an object adopted later, see `adoptHttp2Object`).
 */
export function http2RequestClass(proto: object, prepare: Http2Preparation): Http2RequestClass {
  // Asked as every HTTP/2 request enters an app: nearly always for the prototype asked last.
  if (proto === lastRequestProto) return lastRequestClass as Http2RequestClass;
  let cls = requestClasses.get(proto);
  if (cls === undefined) {
    cls = class PorticoHttp2Request extends Http2ServerRequest {
      constructor(...args: ConstructorParameters<typeof Http2ServerRequest>) {
        super(...args);
        adaptHttp2Request(this);
        prepare(this);
      }
    };
    makeTwin(cls.prototype, proto, IncomingMessage.prototype, Http2ServerRequest.prototype, requestOverrides);
    requestClasses.set(proto, cls);
  }
  lastRequestProto = proto;
  lastRequestClass = cls;
  return cls;
}

/** The response counterpart of `http2RequestClass`. */
export function http2ResponseClass(proto: object, prepare: Http2Preparation): Http2ResponseClass {
  if (proto === lastResponseProto) return lastResponseClass as Http2ResponseClass;
  let cls = responseClasses.get(proto);
  if (cls === undefined) {
    const made = class PorticoHttp2Response extends Http2ServerResponse {
      constructor(...args: ConstructorParameters<typeof Http2ServerResponse>) {
        super(...args);
        prepare(this);
      }
    };
    makeTwin(made.prototype, proto, ServerResponse.prototype, Http2ServerResponse.prototype, responseOverrides);
    cls = made as unknown as Http2ResponseClass;
    responseClasses.set(proto, cls);
  }
  lastResponseProto = proto;
  lastResponseClass = cls;
  return cls;
}

/**
 * Turns `twin`, the prototype of a fresh subclass of node:http2's class, into the twin of `proto`:
 * `proto` becomes its prototype, and it carries the HTTP/2 class's members that Portico's chain
 * (above node:http's class) does not define. node:http2's constructor still runs on each instance
 * (the subclass's `super`), and V8 gives every instance the same map, as for any class.
 */
function makeTwin(twin: object, proto: object, http1Base: object, http2Class: object, overrides: PropertyDescriptorMap): void {
  const defined = new Set<PropertyKey>();
  for (let p: object | null = proto; p !== null && p !== http1Base; p = Object.getPrototypeOf(p) as object | null) {
    for (const key of Reflect.ownKeys(p)) defined.add(key);
  }
  const members: PropertyDescriptorMap = {};
  const descriptors = Object.getOwnPropertyDescriptors(http2Class);
  for (const key of Reflect.ownKeys(descriptors)) {
    if (key === 'constructor' || defined.has(key)) continue;
    members[key as string] = descriptors[key as string] as PropertyDescriptor;
  }
  for (const key of Object.keys(overrides)) if (!defined.has(key)) members[key] = overrides[key] as PropertyDescriptor;
  // `req.constructor` stays the one of `proto`'s chain (PorticoRequest…), as before the twin.
  delete (twin as { constructor?: unknown }).constructor;
  Object.setPrototypeOf(twin, proto);
  Object.defineProperties(twin, members);
  twins.add(twin);
}

/**
 * What an HTTP/2 request needs once, as it enters: HTTP/2 carries the host in the `:authority`
 * pseudo-header, and a body's length only when the client chose to send `content-length`.
 *  - `host` is filled from `:authority` when absent, so `req.get('host')`, `req.hostname` and every
 *    middleware that reads `req.headers.host` see what an HTTP/1.1 request would carry (RFC 9113 §8.3.1).
 *  - A request whose HEADERS frame did not end the stream and that has no `content-length` is marked
 *    `transfer-encoding: chunked`, the HTTP/1.1 spelling of "a body of unknown length": the body
 *    parsers (and type-is's `hasBody`, which multer and others use) read it instead of ignoring it.
 */
export function adaptHttp2Request(req: Http2ServerRequest): void {
  const headers = req.headers as Record<string, string | string[] | undefined>;
  if (headers.host === undefined && headers[':authority'] !== undefined) headers.host = headers[':authority'];
  if (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined && req.stream?.endAfterHeaders === false) {
    headers['transfer-encoding'] = 'chunked';
  }
}
