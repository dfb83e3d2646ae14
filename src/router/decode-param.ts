import { HttpError } from '../errors/http-error';

/** Decodes a captured path segment; a malformed escape is a 400 error naming the value. */
export function decodeParam(value: string | undefined): string | undefined {
  if (typeof value !== 'string' || value.length === 0) return value;
  if (value.indexOf('%') === -1) return value;
  try {
    return decodeURIComponent(value);
  } catch (err) {
    if (err instanceof URIError) {
      const error = new HttpError(400, "Failed to decode param '" + value + "'");
      Object.defineProperty(error, 'name', { value: 'URIError', configurable: true, writable: true });
      throw error;
    }
    throw err;
  }
}
