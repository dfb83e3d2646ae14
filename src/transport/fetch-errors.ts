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
  const error = (code === 'ERR_PORTICO_FETCH_STATUS' || code === 'ERR_PORTICO_FETCH_INFORMATIONAL'
    ? new RangeError(FETCH_ERRORS[code] + (detail ? ` (${detail})` : ''))
    : new Error(FETCH_ERRORS[code] + (detail ? ` (${detail})` : ''))) as Error & { code: FetchErrorCode };
  error.code = code;
  return error;
}
