import { STATUS_CODES } from 'node:http';

/** Extra fields an HTTP error may carry (body-parser's `type`, `limit`, `length`, …). */
export type HttpErrorFields = Record<string, unknown>;

/**
 * An error with an HTTP status, as every Portico middleware raises it:
 * `status`/`statusCode` is the suggested status, `expose` says whether the message may reach the client.
 */
export class HttpError extends Error {
  // `declare`d so that no own `undefined` fields appear on instances (ES2022 class fields would add them).
  declare status: number;
  declare statusCode: number;
  declare expose: boolean;
  declare type?: string;
  declare headers?: Record<string, string>;
  [field: string]: unknown;

  constructor(status: number, message?: string, fields?: HttpErrorFields) {
    const code = normalizeStatus(status);
    super(message ?? STATUS_CODES[code] ?? String(code));
    Object.defineProperty(this, 'name', { value: errorNameFor(code), configurable: true, writable: true, enumerable: false });
    // A named subclass (see createHttpError) carries these on its prototype, as http-errors' classes do.
    if (this.status !== code) {
      this.status = code;
      this.statusCode = code;
      this.expose = code < 500;
    }
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

type NamedHttpErrorClass = new (status: number, message?: string, fields?: HttpErrorFields) => HttpError;
const namedClasses = new Map<number, NamedHttpErrorClass>();

/**
 * The class for one status (`PayloadTooLargeError`, …), made once: its prototype carries
 * `status`, `statusCode` and `expose`, so instances own only `message` and their fields.
 */
function namedClassFor(status: number): NamedHttpErrorClass {
  let named = namedClasses.get(status);
  if (named === undefined) {
    const name = errorNameFor(status);
    // A computed key gives the class its name (`err.constructor.name`), without eval.
    named = { [name]: class extends HttpError {} }[name] as NamedHttpErrorClass;
    Object.assign(named.prototype, { status, statusCode: status, expose: status < 500 });
    namedClasses.set(status, named);
  }
  return named;
}

/**
 * Creates an error the way http-errors' `createError(status, message, fields)` lays it out:
 * an instance of the status's named class (`BadRequestError`), with an enumerable `message`
 * followed by `fields` in the given order, so `Object.keys(err)` and `JSON.stringify(err)` match Express.
 */
export function createHttpError(status: number, message?: string, fields?: HttpErrorFields): HttpError {
  const code = normalizeStatus(status);
  const error = new (namedClassFor(code))(code);
  Object.defineProperty(error, 'message', {
    value: message ?? STATUS_CODES[code] ?? String(code),
    enumerable: true,
    configurable: true,
    writable: true,
  });
  if (fields) Object.assign(error, fields);
  return error;
}

/** A status an existing error may keep: any known code, or any 4xx/5xx (http-errors' rule). */
function isKeepableStatus(status: unknown): status is number {
  return typeof status === 'number' && (STATUS_CODES[status] !== undefined || (status >= 400 && status < 600));
}

/**
 * Turns an existing error into an HTTP error in place (keeping its class, name and stack),
 * as body parsers do with a JSON `SyntaxError`. A status the error already carries wins over
 * `status`; `fields` are added after `expose`/`statusCode`/`status`, never replacing those two.
 */
export function toHttpError<E extends Error>(error: E, status: number, fields?: HttpErrorFields): E & HttpError {
  const target = error as E & HttpError;
  const own = (target.status as unknown) || (target.statusCode as unknown) || status;
  const code = isKeepableStatus(own) ? own : 500;
  if (!isHttpErrorOf(target, code)) {
    target.expose = code < 500;
    target.statusCode = code;
    target.status = code;
  }
  if (fields) {
    const bag = target as Record<string, unknown>;
    for (const key of Object.keys(fields)) {
      if (key !== 'status' && key !== 'statusCode') bag[key] = fields[key];
    }
  }
  return target;
}

/**
 * Whether `error` is already an HTTP error of status `code`, to be left as it is: one of ours, or one
 * of http-errors' classes (what `createError(401)` makes), which carry `status`, `statusCode` and
 * `expose` on their prototype. Express leaves those alone too, so an `expose` set on one is kept.
 */
function isHttpErrorOf(error: Error & HttpError, code: number): boolean {
  if (error.status !== code) return false;
  if (error instanceof HttpError) return true;
  const proto: unknown = Object.getPrototypeOf(error);
  const has = (key: string): boolean => Object.prototype.hasOwnProperty.call(proto, key);
  return proto !== null && has('status') && has('statusCode') && has('expose');
}

/**
 * Whatever was thrown (by a `verify` callback, a reviver…) as an HTTP error with `status`:
 * an Error is converted in place, a string becomes the message, anything else gets the status text.
 */
export function httpErrorFrom(thrown: unknown, status: number, fields?: HttpErrorFields): HttpError {
  if (thrown instanceof Error) return toHttpError(thrown, status, fields);
  return createHttpError(status, typeof thrown === 'string' ? thrown : undefined, fields);
}
