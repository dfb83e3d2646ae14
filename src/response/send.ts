import type { PorticoResponse } from './response';
import { appSettingBy } from '../request/app-setting';
import { readETagFn } from '../application/settings';
import { setCharset } from '../http/content-type';
import { isBuiltInETag, type ETagFunction } from './etag';
import { statusMessage } from './status';
import { warnDeprecated } from '../deprecation';
import { Buffer } from 'node:buffer';
import { setTrustedHeader, readHeader, CONTENT_TYPE, CONTENT_LENGTH, ETAG } from './trusted-header';

/** What `res.send` sets for a string body when no type was chosen (precomputed: the common case). */
const HTML_UTF8 = 'text/html; charset=utf-8';
const OCTET_STREAM = 'application/octet-stream';
const TEXT_UTF8 = 'text/plain; charset=utf-8';

/**
 * `res.send(body)`, with Express 4's deprecated two-argument and status-only forms.
 * `argc` is the number of arguments the app passed (the forms are told apart by it).
 */
export function send(res: PorticoResponse, argc: number, body: unknown, second: unknown): PorticoResponse {
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
    if (!res.getHeader('Content-Type')) res.setHeader('Content-Type', TEXT_UTF8);
    warnDeprecated('res.send(status): Use res.sendStatus(status) instead');
    res.statusCode = chunk;
    chunk = statusMessage(chunk);
  }
  return sendBody(res, chunk);
}

/** The body of `res.send` once the arguments are sorted out: typing, length, ETag, freshness, HEAD. */
function sendBody(res: PorticoResponse, body: unknown): PorticoResponse {
  let chunk = body;
  let encoding: BufferEncoding | undefined;
  switch (typeof chunk) {
    case 'string': {
      let type = readHeader(res, CONTENT_TYPE);
      if (!type) {
        // Express sets the HTML type, reads it back and sets it again with its charset. Stored
        // directly, the second write would store the same again; a wrapped `setHeader` sees both calls.
        if (setTrustedHeader(res, CONTENT_TYPE, HTML_UTF8)) {
          encoding = 'utf8';
          break;
        }
        type = readHeader(res, CONTENT_TYPE);
      }
      if (typeof type === 'string') {
        const withCharset = setCharset(type, 'utf-8');
        // Set again even when unchanged, as Express does (the stored name becomes `Content-Type`);
        // an unchanged value was validated when it was first set.
        if (withCharset === type) setTrustedHeader(res, CONTENT_TYPE, type);
        else res.setHeader('Content-Type', withCharset);
      }
      encoding = 'utf8';
      break;
    }
    case 'boolean':
    case 'number':
    case 'object':
      if (chunk === null) chunk = '';
      else if (Buffer.isBuffer(chunk)) {
        if (!readHeader(res, CONTENT_TYPE)) setTrustedHeader(res, CONTENT_TYPE, OCTET_STREAM);
      } else return res.json(chunk);
      break;
  }

  const etagFn = appSettingBy(res, readETagFn) as ETagFunction | undefined;
  // Portico's own tag functions take a string and give quoted base64 and hex; an app's gets a
  // Buffer, and its tag is checked by node.
  const ownTag = isBuiltInETag(etagFn);
  const generateETag = typeof etagFn === 'function' && !readHeader(res, ETAG);
  let etag: string | undefined;
  if (chunk !== undefined) {
    let length: number;
    if (Buffer.isBuffer(chunk)) {
      length = chunk.length;
      if (generateETag) etag = etagFn(chunk, undefined);
    } else if (typeof chunk === 'string') {
      length = Buffer.byteLength(chunk, encoding);
      if (generateETag) {
        if (ownTag) etag = etagFn(chunk, encoding);
        else {
          chunk = Buffer.from(chunk, encoding);
          encoding = undefined;
          etag = etagFn(chunk as Buffer, undefined);
        }
      }
      if (typeof chunk === 'string' && (generateETag || chunk.length >= 1000)) {
        // Express hands node a Buffer here, so the head goes out in latin1; node writes the head of
        // a string body in the body's encoding instead (a header `é` would become two bytes).
        // An ASCII body is the same bytes in latin1, so only a non-ASCII one is copied.
        if (length === chunk.length) encoding = 'latin1';
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
    setTrustedHeader(res, CONTENT_LENGTH, String(length));
    if (etag) {
      if (ownTag) setTrustedHeader(res, ETAG, etag);
      else res.setHeader('ETag', etag);
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
    res.setHeader('Content-Length', '0');
    res.removeHeader('Transfer-Encoding');
    chunk = '';
  }

  if (req.method === 'HEAD') res.end();
  else res.end(chunk as string | Buffer | undefined, encoding as BufferEncoding);
  return res;
}
