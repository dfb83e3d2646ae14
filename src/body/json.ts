import type { ServerResponse } from 'node:http';
import { parseFailedError, unsupportedCharsetError } from '../errors/body-errors';
import { readAndParse, refuseBody, wantsBody, type BodyRequest, type Next, type ParserPlan } from './body-request';
import { firstTokenIndex, opensContainer, strictModeError, stripToMessageAndStack } from './json-syntax';
import { optionsObject, resolveCommonOptions, type BodyParserOptions } from './options';
import { BODY_PROFILE_4, type BodyProfile } from './profile';

/** Options of `json()`. */
export interface JsonOptions extends BodyParserOptions {
  /**
   * Passed as the second argument of `JSON.parse`. `value` is `any`, as `JSON.parse` (and `@types/body-parser`)
   * types it, so `(key, value) => new Date(value)` compiles as it did against `@types/express`.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON.parse's own reviver type; @types/body-parser relies on it
  reviver?: (this: any, key: string, value: any) => any;
  /** Accept only objects and arrays (default true). */
  strict?: boolean;
}

/** Options of Express 5's `json()`. */
export interface JsonOptions5 extends JsonOptions {
  /** The charset when the Content-Type names none (default `utf-8`). */
  defaultCharset?: string;
}

type Reviver = (this: unknown, key: string, value: unknown) => unknown;

/** Creates the JSON body parser: `req.body` becomes the parsed value (`{}` for an empty body). */
export function json(options?: JsonOptions | null): (req: BodyRequest, res: ServerResponse, next: Next) => void {
  return createJsonParser(options, BODY_PROFILE_4);
}

/** The JSON parser of the given Express version's profile. */
export function createJsonParser(options: JsonOptions5 | null | undefined, profile: BodyProfile): (req: BodyRequest, res: ServerResponse, next: Next) => void {
  const opts = optionsObject(options);
  // Express 4 has no `defaultCharset` for JSON: a body without a charset is UTF-8 there.
  const defaultCharset = profile.express5 && opts.defaultCharset ? String(opts.defaultCharset).toLowerCase() : 'utf-8';
  const requestCharset = profile.requestCharset;
  const strict = opts.strict !== false;
  // JSON.parse ignores a reviver that is not a function; so does this parser.
  const reviver = typeof opts.reviver === 'function' ? (opts.reviver as Reviver) : undefined;
  const plan: ParserPlan = {
    ...resolveCommonOptions(opts, 'application/json', profile),
    toBody: (buf, charset) => parseJson(profile.decode(buf, charset as string), strict, reviver),
  };

  return function jsonParser(req: BodyRequest, res: ServerResponse, next: Next): void {
    if (!wantsBody(req, plan)) return next();
    // Any Unicode encoding is JSON's (RFC 8259 §8.1 allows only those); the rest is refused before reading.
    const charset = requestCharset(req) || defaultCharset;
    if (!charset.startsWith('utf-')) return refuseBody(req, res, next, unsupportedCharsetError(charset));
    readAndParse(req, res, next, plan, charset);
  };
}

/** Parses a JSON body; an empty body is `{}`; errors become 400 `entity.parse.failed` carrying the body. */
function parseJson(text: string, strict: boolean, reviver: Reviver | undefined): unknown {
  if (text.length === 0) return {};
  try {
    if (strict) {
      const first = firstTokenIndex(text);
      if (first < text.length && !opensContainer(text, first)) throw strictModeError(text, first);
    }
    return JSON.parse(text, reviver);
  } catch (error) {
    throw parseFailedError(stripToMessageAndStack(error), text);
  }
}
