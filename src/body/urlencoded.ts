import type { ServerResponse } from 'node:http';
import { unsupportedCharsetError } from '../errors/body-errors';
import { readAndParse, refuseBody, wantsBody, type BodyRequest, type Next, type ParserPlan } from './body-request';
import { decodeBody, requestCharset } from './charset';
import { warnDeprecated } from '../errors/deprecation';
import { optionsObject, resolveCommonOptions, type BodyParserOptions } from './options';
import { parseExtended, parseSimple, type UrlencodedSettings } from './urlencoded-parse';

/** Options of `urlencoded()`. */
export interface UrlencodedOptions extends BodyParserOptions {
  /** true: qs (nested objects and arrays); false: node's querystring. Leaving it unset is deprecated. */
  extended?: boolean;
  /** Maximum number of parameters (default 1000); more gives 413 `parameters.too.many`. */
  parameterLimit?: number;
  /** Maximum nesting depth of keys with `extended` (default 32); deeper gives 400. */
  depth?: number;
}

/** Creates the URL-encoded body parser: `req.body` becomes the object of the form's fields. */
export function urlencoded(options?: UrlencodedOptions | null): (req: BodyRequest, res: ServerResponse, next: Next) => void {
  const opts = optionsObject(options);
  if (opts.extended === undefined) warnDeprecated('undefined extended: provide extended option');
  const extended = opts.extended !== false;
  const settings = resolveUrlencodedSettings(opts, extended);
  const parse = extended ? parseExtended : parseSimple;
  const plan: ParserPlan = {
    ...resolveCommonOptions(opts, 'application/x-www-form-urlencoded'),
    toBody: (buf) => {
      const body = decodeBody(buf, 'utf-8');
      return body.length === 0 ? {} : parse(body, settings);
    },
  };

  return function urlencodedParser(req: BodyRequest, res: ServerResponse, next: Next): void {
    if (!wantsBody(req, plan)) return next();
    // The form encoding is defined over UTF-8 (WHATWG URL §5.1): any other charset is refused before reading.
    const charset = requestCharset(req) || 'utf-8';
    if (charset !== 'utf-8') return refuseBody(req, res, next, unsupportedCharsetError(charset));
    readAndParse(req, res, next, plan, charset);
  };
}

/** `parameterLimit` and `depth`, validated with Express's messages. */
function resolveUrlencodedSettings(opts: UrlencodedOptions, extended: boolean): UrlencodedSettings {
  const parameterLimit = opts.parameterLimit !== undefined ? Number(opts.parameterLimit) : 1000;
  if (Number.isNaN(parameterLimit) || parameterLimit < 1) {
    throw new TypeError('option parameterLimit must be a positive number');
  }
  return { parameterLimit, depth: extended ? resolveDepth(opts.depth) : 0 };
}

/** qs's depth when none, or a value that is not a number, reaches it. */
const QS_DEFAULT_DEPTH = 5;

/**
 * `depth`, which only nesting (`extended`) uses, so only then is it checked. Anything that reads
 * as a number passes the check, but qs itself takes only a number or `false`: a numeric string,
 * `null` or `true` leaves qs at its own default depth, exactly as Express hands the option over.
 */
function resolveDepth(option: unknown): number {
  const depth = option !== undefined ? option : 32;
  const numeric = typeof depth === 'symbol' ? NaN : Number(depth);
  if (Number.isNaN(numeric) || numeric < 0) throw new TypeError('option depth must be a zero or a positive number');
  if (typeof depth === 'number') return depth;
  return depth === false ? 0 : QS_DEFAULT_DEPTH;
}
