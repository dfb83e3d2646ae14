import { createHttpError, type HttpError } from '../errors/http-error';

/** File system errors that mean "no such file here" and become 404; any other stat failure is a 500. */
const NOT_FOUND_CODES = new Set(['ENOENT', 'ENAMETOOLONG', 'ENOTDIR']);

/** An HTTP error of the file sender (400, 403, 404, 412, 416, 500), with the standard message. */
export function fileHttpError(status: number, message?: string, fields?: Record<string, unknown>): HttpError {
  return createHttpError(status, message, fields);
}

/**
 * Gives a failed `fs.stat` error its HTTP status in place, keeping its message, code, errno, syscall
 * and path (the message names the path, so it is not exposed to clients).
 */
export function statError(err: NodeJS.ErrnoException): NodeJS.ErrnoException & { status: number; statusCode: number; expose: boolean } {
  const status = err.code !== undefined && NOT_FOUND_CODES.has(err.code) ? 404 : 500;
  // Same field order as Express's errors, so a serialised error reads the same.
  return Object.assign(err, { expose: false, statusCode: status, status });
}
