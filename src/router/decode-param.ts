/** A URIError that carries the HTTP status of a malformed escape in the path. */
export type ParamDecodeError = URIError & { status: number; statusCode: number };

/**
 * Decodes a captured path segment. A malformed escape stays the runtime's own URIError (as in
 * Express: `err instanceof URIError`), with a message naming the value and status 400, so the
 * final handler answers 400 and error middleware can tell it apart.
 */
export function decodeParam(value: string | undefined, plainError = false): string | undefined {
  if (typeof value !== 'string' || value.length === 0) return value;
  if (value.indexOf('%') === -1) return value;
  try {
    return decodeURIComponent(value);
  } catch (err) {
    if (err instanceof URIError && plainError) throw plainDecodeError(value);
    if (err instanceof URIError) {
      const error = err as ParamDecodeError;
      error.message = "Failed to decode param '" + value + "'";
      // statusCode first: error handlers that list the error's own keys see Express's order.
      error.statusCode = 400;
      error.status = 400;
    }
    throw err;
  }
}

/** The 3.x form of the same failure: a plain `Error` whose only extra field is `status` 400. */
function plainDecodeError(value: string): Error & { status: number } {
  const error = new Error("Failed to decode param '" + value + "'") as Error & { status: number };
  error.status = 400;
  return error;
}
