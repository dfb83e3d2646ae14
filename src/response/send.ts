import type { PorticoResponse } from './response';
import { appSettingBy } from '../settings/app-setting';
import { readETagFn } from '../settings/settings';
import { setCharset } from '../http/content-type';
import { isBuiltInETag, takesStringBody, type ETagFunction } from '../http/etag';
import { statusMessage } from './status';
import { warnDeprecated } from '../errors/deprecation';
import { Buffer } from 'node:buffer';
import { OutgoingMessage } from 'node:http';
import { setTrustedHeader, readHeader, CONTENT_TYPE, CONTENT_LENGTH, ETAG } from '../http/trusted-header';
import { usesOwnHeaderMethods } from '../http/own-header-methods';
import { hasUnwrappedHttp2Body } from '../http/http2-body-methods';

/** What `res.send` sets for a string body when no type was chosen (precomputed: the common case). */
export const HTML_UTF8 = 'text/html; charset=utf-8';
const OCTET_STREAM = 'application/octet-stream';
const TEXT_UTF8 = 'text/plain; charset=utf-8';

/**
 * Set (true) on a response prototype whose `send` leaves out Content-Length when a
 * Transfer-Encoding is set (Express 5.3); Express 4 sends both, and a client then refuses the head.
 */
export const LENGTH_YIELDS_TO_TRANSFER_ENCODING = Symbol('portico.lengthYieldsToTransferEncoding');

/** node's own `end`: while a response uses it, how the body is handed over cannot be observed. */
const nodeEnd = OutgoingMessage.prototype.end;

/**
 * `res.send(body)`, with Express 4's deprecated two-argument and status-only forms.
 * `argc` is the number of arguments the app passed (the forms are told apart by it).
 */
export function send(res: PorticoResponse, argc: number, body: unknown, second: unknown): PorticoResponse {
  // With an app's own get/set/type, every header goes through them, in Express's order.
  const own = usesOwnHeaderMethods(res);
  let chunk = body;
  if (argc === 2) {
    if (typeof body !== 'number' && typeof second === 'number') {
      warnDeprecated('res.send(body, status): Use res.status(status).send(body) instead');
      res.statusCode = second;
    } else {
      warnDeprecated('res.send(status, body): Use res.status(status).send(body) instead');
      res.statusCode = body as number;
      chunk = second;
    }
  }
  if (typeof chunk === 'number' && argc === 1) {
    if (!own) {
      if (!res.get('Content-Type')) res.type('txt');
    } else if (!res.getHeader('Content-Type')) res.setHeader('Content-Type', TEXT_UTF8);
    warnDeprecated('res.send(status): Use res.sendStatus(status) instead');
    res.statusCode = chunk;
    chunk = statusMessage(chunk);
  }
  return own ? sendBody(res, chunk) : sendBodyThroughMethods(res, chunk);
}

/** The body of `res.send` once the arguments are sorted out: typing, then {@link finishBody}. */
function sendBody(res: PorticoResponse, body: unknown): PorticoResponse {
  let chunk = body;
  let encoding: BufferEncoding | undefined;
  // Tests of `typeof` against constants, not a `switch` on it: V8 compiles these inline, where the
  // switch calls a builtin for the type's name.
  if (typeof chunk === 'string') {
    encoding = 'utf8';
    // Express sets the HTML type, reads it back and sets it again with its charset. Stored
    // directly, the second write would store the same again; a wrapped `setHeader` sees both calls.
    const type = readHeader(res, CONTENT_TYPE);
    if (type) reflectUtf8(res, type);
    else if (!setTrustedHeader(res, CONTENT_TYPE, HTML_UTF8)) reflectUtf8(res, readHeader(res, CONTENT_TYPE));
  } else if (typeof chunk === 'object' || typeof chunk === 'number' || typeof chunk === 'boolean') {
    if (chunk === null) {
      // An empty string body, typed like any string except that no HTML type is chosen for it:
      // a type the app set gets the UTF-8 charset (or fails to parse, as in Express).
      chunk = '';
      encoding = 'utf8';
      reflectUtf8(res, readHeader(res, CONTENT_TYPE));
    } else if (Buffer.isBuffer(chunk)) {
      if (!readHeader(res, CONTENT_TYPE)) setTrustedHeader(res, CONTENT_TYPE, OCTET_STREAM);
    } else return res.json(chunk);
  }
  return finishBody(res, chunk, encoding, true);
}

/** Puts `charset=utf-8` on the stored Content-Type `type` of a string body; throws on a malformed type. */
function reflectUtf8(res: PorticoResponse, type: unknown): void {
  if (typeof type !== 'string') return;
  const withCharset = setCharset(type, 'utf-8');
  // Set again even when unchanged, as Express does (the stored name becomes `Content-Type`);
  // an unchanged value was validated when it was first set.
  if (withCharset === type) setTrustedHeader(res, CONTENT_TYPE, type);
  else res.setHeader('Content-Type', withCharset);
}

/**
 * `res.send(body)` of a string whose Content-Type the caller has settled (Express 5's send, which
 * types strings its own way): the rest of the work, through `res.get`/`res.set` unless `own`.
 */
export function sendSettledString(res: PorticoResponse, body: string, own: boolean): PorticoResponse {
  return finishBody(res, body, 'utf8', own);
}

/**
 * `res.send(body)` of a string whose Content-Type, charset included, the caller has just stored
 * directly (`res.json`): what {@link sendBody} would add for it changes nothing, so only the rest runs.
 */
export function sendTypedString(res: PorticoResponse, body: string): PorticoResponse {
  return finishBody(res, body, 'utf8', true);
}

/**
 * {@link sendBody} for a response whose `get`, `set` or `type` the app replaced: the same typing
 * through those methods, each call as Express makes it (`type('html')`, then the type read back and
 * set again with its charset; `type('bin')` for a Buffer).
 */
function sendBodyThroughMethods(res: PorticoResponse, body: unknown): PorticoResponse {
  let chunk = body;
  if (typeof chunk === 'string') {
    if (!res.get('Content-Type')) res.type('html');
  } else if (typeof chunk === 'object' || typeof chunk === 'number' || typeof chunk === 'boolean') {
    if (chunk === null) chunk = '';
    else if (Buffer.isBuffer(chunk)) {
      if (!res.get('Content-Type')) res.type('bin');
    } else return res.json(chunk);
  }
  let encoding: BufferEncoding | undefined;
  if (typeof chunk === 'string') {
    encoding = 'utf8';
    const type = res.get('Content-Type');
    if (typeof type === 'string') res.set('Content-Type', setCharset(type, 'utf-8'));
  }
  return finishBody(res, chunk, encoding, false);
}

/**
 * The rest of `res.send`: length, ETag, freshness, the bodiless statuses, HEAD. `own` says whether
 * the headers may be read and written directly or must go through `res.get`/`res.set`.
 */
function finishBody(res: PorticoResponse, body: unknown, bodyEncoding: BufferEncoding | undefined, own: boolean): PorticoResponse {
  let chunk = body;
  let encoding = bodyEncoding;
  const etagFn = appSettingBy(res, readETagFn) as ETagFunction | undefined;
  // Portico's own tag functions take a string and give quoted base64 and hex; an app's gets a
  // Buffer, and its tag is checked by node.
  const ownTag = isBuiltInETag(etagFn);
  // The ETag header is read first, as Express reads it (through res.get when the app replaced it).
  const untagged = own ? !readHeader(res, ETAG) : !res.get('ETag');
  const tagFn = untagged && typeof etagFn === 'function' ? etagFn : undefined;
  const generateETag = tagFn !== undefined;
  let etag: string | undefined;
  if (chunk !== undefined) {
    let length: number;
    if (Buffer.isBuffer(chunk)) {
      length = chunk.length;
      if (tagFn) etag = tagFn(chunk, undefined);
    } else if (typeof chunk === 'string') {
      length = Buffer.byteLength(chunk, encoding);
      if (tagFn) {
        if (takesStringBody(tagFn, res)) etag = tagFn(chunk, encoding);
        else {
          chunk = Buffer.from(chunk, encoding);
          encoding = undefined;
          etag = tagFn(chunk as Buffer, undefined);
        }
      }
      if (typeof chunk === 'string' && (generateETag || chunk.length >= 1000)) {
        // Express hands node a Buffer here, so the head goes out in latin1; node writes the head of
        // a string body in the body's encoding instead (a header `é` would become two bytes).
        // An ASCII body is the same bytes in latin1, so only a non-ASCII one is copied, unless
        // `res.end` was wrapped (a body logger, compression): that gets the Buffer Express gives it.
        // HTTP/2 has no such head; its unwrapped response takes the string too (http2-body-methods.ts).
        if (length === chunk.length && (res.end === nodeEnd || hasUnwrappedHttp2Body(res))) encoding = 'latin1';
        else {
          chunk = Buffer.from(chunk, encoding);
          encoding = undefined;
        }
      }
    } else {
      // A function, symbol or bigint: fail with the TypeError Express 4 gives for it.
      const odd = chunk as string;
      length = !generateETag && odd.length < 1000 ? Buffer.byteLength(odd) : Buffer.from(odd).length;
    }
    const withLength = !(res as unknown as Record<symbol, boolean>)[LENGTH_YIELDS_TO_TRANSFER_ENCODING] || !(own ? res.getHeader('Transfer-Encoding') : res.get('Transfer-Encoding'));
    if (!own) {
      if (withLength) res.set('Content-Length', length);
      if (etag) res.set('ETag', etag);
    } else {
      if (withLength) setTrustedHeader(res, CONTENT_LENGTH, String(length));
      if (etag) {
        if (ownTag) setTrustedHeader(res, ETAG, etag);
        else res.setHeader('ETag', etag);
      }
    }
  }

  const req = res.req;
  // Asked through the getter, as Express does, so that a `fresh` an app defines on `app.request` decides.
  if (req.fresh) res.statusCode = 304;

  const status = res.statusCode;
  if (status === 204 || status === 304) {
    res.removeHeader('Content-Type');
    res.removeHeader('Content-Length');
    res.removeHeader('Transfer-Encoding');
    chunk = '';
  } else if (status === 205) {
    // Reset Content: no body allowed, and an explicit zero length.
    if (own) res.setHeader('Content-Length', '0');
    else res.set('Content-Length', '0');
    res.removeHeader('Transfer-Encoding');
    chunk = '';
  }

  if (req.method === 'HEAD') res.end();
  else res.end(chunk as string | Buffer | undefined, encoding as BufferEncoding);
  return res;
}
