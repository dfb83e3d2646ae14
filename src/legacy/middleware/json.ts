import type { IncomingMessage, ServerResponse } from 'node:http';
import { json as coreJson, type JsonOptions } from '../../body/index';

type Next = (err?: unknown) => void;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

/** The media types 3.x's `json()` read by default: `application/json` and every `+json` type. */
const JSON_TYPES = ['application/json', '+json'];

/**
 * The 3.x `json()`: the core JSON parser with 3.x's default types and, in strict mode (the
 * default), 3.x's `invalid json` message for a body that is not an object or array.
 */
export function legacyJson(options: JsonOptions = {}): Middleware {
  const parser = coreJson({ ...options, type: options.type || JSON_TYPES }) as Middleware;
  if (options.strict === false) return parser;
  return function jsonParser(req, res, next) {
    parser(req, res, (err) => next(err ? asStrictJsonError(err) : undefined));
  };
}

/**
 * In strict mode 3.x refused a JSON body that is not an object or array with a plain
 * `Error: invalid json` (not a SyntaxError, and not the parser's message): a final handler that
 * prints the stack shows that first line. The parser's properties (status, body, type…) are kept.
 */
export function asStrictJsonError(err: unknown): unknown {
  if (typeof err !== 'object' || err === null) return err;
  const e = err as { type?: unknown; body?: unknown };
  if (e.type !== 'entity.parse.failed' || typeof e.body !== 'string') return err;
  const first = e.body.trimStart()[0];
  if (first === undefined || first === '{' || first === '[') return err;
  return Object.assign(new Error('invalid json'), err);
}
