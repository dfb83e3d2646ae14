import { BODY_ERROR_TYPES, type BodyErrorType } from './body-error-types';
import { createHttpError, httpErrorFrom, type HttpError } from './http-error';

// One constructor per row of the table. The field order of each is Express 4's, so that
// `Object.keys(err)` and `JSON.stringify(err)` come out the same on both frameworks.

function bodyError(type: BodyErrorType, message: string, fields: Record<string, unknown>): HttpError {
  return createHttpError(BODY_ERROR_TYPES[type], message, fields);
}

/**
 * 415 `charset.unsupported`: the charset (the Content-Type's, or text's `defaultCharset` as
 * configured) cannot be decoded. The message shouts it; the field has it in lower case.
 */
export function unsupportedCharsetError(charset: string): HttpError {
  const type: BodyErrorType = 'charset.unsupported';
  return bodyError(type, 'unsupported charset "' + charset.toUpperCase() + '"', { charset: charset.toLowerCase(), type });
}

/**
 * 415 `encoding.unsupported` when `inflate` is false, with the refused `encoding` and no other
 * field: Express 4 sets no `charset` on it, so an app reading `err.charset` finds none here either.
 */
export function inflateDisabledError(encoding: string): HttpError {
  const type: BodyErrorType = 'encoding.unsupported';
  return bodyError(type, 'content encoding unsupported', { encoding, type });
}

/** 415 `encoding.unsupported`: a Content-Encoding other than identity, gzip, deflate and br. */
export function unsupportedEncodingError(encoding: string): HttpError {
  const type: BodyErrorType = 'encoding.unsupported';
  return bodyError(type, 'unsupported content encoding "' + encoding + '"', { encoding, type });
}

/** 413 `entity.too.large` known from Content-Length, before any of the body is read. */
export function declaredTooLargeError(length: number, limit: number): HttpError {
  const type: BodyErrorType = 'entity.too.large';
  return bodyError(type, 'request entity too large', { expected: length, length, limit, type });
}

/** 413 `entity.too.large` found while reading (no Content-Length, or an inflated body). */
export function receivedTooLargeError(limit: number, received: number): HttpError {
  const type: BodyErrorType = 'entity.too.large';
  return bodyError(type, 'request entity too large', { limit, received, type });
}

/** 400 `request.size.invalid`: the bytes read differ from the Content-Length header. */
export function sizeMismatchError(length: number, received: number): HttpError {
  const type: BodyErrorType = 'request.size.invalid';
  return bodyError(type, 'request size did not match content length', { expected: length, length, received, type });
}

/** 400 `request.aborted`: the client went away before the body was complete. */
export function abortedError(length: number | null, received: number): HttpError {
  const type: BodyErrorType = 'request.aborted';
  return bodyError(type, 'request aborted', { code: 'ECONNABORTED', expected: length, length, received, type });
}

/** 500 `stream.encoding.set`: someone called `req.setEncoding()` before the parser. */
export function encodingSetError(): HttpError {
  const type: BodyErrorType = 'stream.encoding.set';
  return bodyError(type, 'stream encoding should not be set', { type });
}

/** 500 `stream.not.readable`: the body was already consumed by something else. */
export function notReadableError(): HttpError {
  const type: BodyErrorType = 'stream.not.readable';
  return bodyError(type, 'stream is not readable', { type });
}

/** 413 `parameters.too.many`: more URL-encoded parameters than `parameterLimit`. */
export function tooManyParametersError(body: string): HttpError {
  const type: BodyErrorType = 'parameters.too.many';
  return bodyError(type, 'too many parameters', { type, body });
}

/** 400 `querystring.parse.rangeError`: URL-encoded keys nested deeper than `depth`. */
export function depthExceededError(body: string): HttpError {
  const type: BodyErrorType = 'querystring.parse.rangeError';
  return bodyError(type, 'The input exceeded the depth', { type, body });
}

/** 400 `entity.parse.failed`: the parser's own error (a JSON `SyntaxError`) with the body that failed. */
export function parseFailedError(thrown: unknown, body: string): HttpError {
  const type: BodyErrorType = 'entity.parse.failed';
  return httpErrorFrom(thrown, BODY_ERROR_TYPES[type], { body, type });
}

/** 403 `entity.verify.failed`: what `verify` threw, with the raw body; a `type` it carries is kept. */
export function verifyFailedError(thrown: unknown, body: Buffer): HttpError {
  const own = thrown instanceof Error ? (thrown as Error & { type?: unknown }).type : undefined;
  const type = own || 'entity.verify.failed';
  return httpErrorFrom(thrown, BODY_ERROR_TYPES['entity.verify.failed'], { body, type });
}
