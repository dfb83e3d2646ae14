/**
 * What an app can ask of node:http that a `fetch` Response cannot carry. Each is refused with an
 * Error carrying one of these codes (docs/fetch.md lists them), instead of being lost silently.
 */
export const FETCH_ERRORS = {
  /** `res.addTrailers()`: a Response has no trailer fields. */
  ERR_PORTICO_FETCH_TRAILERS: 'Trailers cannot be sent over app.fetch: a Response has no trailer fields',
  /** `writeContinue`, `writeProcessing`, `writeEarlyHints`, or a 1xx status (101 for Upgrade included). */
  ERR_PORTICO_FETCH_INFORMATIONAL: 'Informational (1xx) responses cannot be sent over app.fetch',
  /** A final status a Response cannot have (600–999). */
  ERR_PORTICO_FETCH_STATUS: 'A Response status must be between 200 and 599',
  /** Writing to `req.socket`/`res.socket` directly: there is no connection under app.fetch. */
  ERR_PORTICO_FETCH_SOCKET: 'There is no socket under app.fetch: write to the response instead',
} as const;

/** A code of `FETCH_ERRORS`. */
export type FetchErrorCode = keyof typeof FETCH_ERRORS;

/** The Error for `code`, with `detail` (what was asked) appended to the catalogue's message. */
export function fetchError(code: FetchErrorCode, detail?: string): Error & { code: FetchErrorCode } {
  const message = FETCH_ERRORS[code] + (detail ? ` (${detail})` : '');
  const Base = code === 'ERR_PORTICO_FETCH_STATUS' || code === 'ERR_PORTICO_FETCH_INFORMATIONAL' ? RangeError : Error;
  return codedError(Base, code, message);
}

/**
 * An error shaped as node's own coded errors are, which the transport raises where node:http would
 * (`ERR_HTTP_INVALID_STATUS_CODE`, `ERR_HTTP_HEADERS_SENT`…): `code` its one own enumerable property,
 * `name` the class's, and the code in the stack's first line and in `toString()`
 * (`RangeError [ERR_HTTP_INVALID_STATUS_CODE]: Invalid status code: 99`), which error pages and logs show.
 */
export function codedError<C extends string>(Base: ErrorConstructor | RangeErrorConstructor | TypeErrorConstructor, code: C, message: string): Error & { code: C } {
  const error = new Base(message) as Error & { code: C };
  // The stack's first line is written from `name` when the stack is first read: captured again and
  // read under the coded name, then the class's name is the error's again.
  Object.defineProperty(error, 'name', { configurable: true, enumerable: false, writable: true, value: `${error.name} [${code}]` });
  Error.captureStackTrace?.(error, codedError);
  void error.stack;
  delete (error as { name?: string }).name;
  error.code = code;
  Object.defineProperty(error, 'toString', { configurable: true, enumerable: false, writable: true, value: errorText });
  return error;
}

function errorText(this: Error & { code: string }): string {
  return `${this.name} [${this.code}]: ${this.message}`;
}
