import { STATUS_CODES } from 'node:http';

/** Extra fields an HTTP error may carry (body-parser's `type`, `limit`, `length`, …). */
export type HttpErrorFields = Record<string, unknown>;

/**
 * An error with an HTTP status, as every Portico middleware raises it:
 * `status`/`statusCode` is the suggested status, `expose` says whether the message may reach the client.
 */
export class HttpError extends Error {
  status: number;
  statusCode: number;
  expose: boolean;
  type?: string;
  headers?: Record<string, string>;
  [field: string]: unknown;

  constructor(status: number, message?: string, fields?: HttpErrorFields) {
    const code = normalizeStatus(status);
    super(message ?? STATUS_CODES[code] ?? String(code));
    this.status = code;
    this.statusCode = code;
    this.expose = code < 500;
    Object.defineProperty(this, 'name', { value: errorNameFor(code), configurable: true, writable: true, enumerable: false });
    if (fields) Object.assign(this, fields);
  }
}

/** Status codes outside 400–599 are not error statuses: they become 500, as http-errors does. */
function normalizeStatus(status: number): number {
  return Number.isInteger(status) && status >= 400 && status < 600 ? status : 500;
}

/** `Payload Too Large` → `PayloadTooLargeError`; an unnamed code gets `ClientError`/`ServerError`. */
function errorNameFor(status: number): string {
  const text = STATUS_CODES[status];
  if (!text) return status < 500 ? 'ClientError' : 'ServerError';
  const words = text.replace(/[^ A-Za-z0-9]/g, '').split(' ');
  const name = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  return name.endsWith('Error') ? name : name + 'Error';
}

/**
 * Turns an existing error into an HTTP error in place (keeping its class, name and stack),
 * as body parsers do with a JSON `SyntaxError`.
 */
export function toHttpError<E extends Error>(error: E, status: number, fields?: HttpErrorFields): E & HttpError {
  const target = error as E & HttpError;
  const code = normalizeStatus(status);
  target.status = code;
  target.statusCode = code;
  target.expose = code < 500;
  if (fields) Object.assign(target, fields);
  return target;
}
