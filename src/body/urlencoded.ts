import type { ServerResponse } from 'node:http';
import { unsupportedCharsetError } from '../errors/body-errors';
import { readAndParse, refuseBody, wantsBody, type BodyRequest, type Next, type ParserPlan } from './body-request';
import { warnDeprecated } from '../errors/deprecation';
import { optionsObject, resolveCommonOptions, type BodyParserOptions } from './options';
import { BODY_PROFILE_4, type BodyProfile } from './profile';
import type { UrlencodedSettings } from './urlencoded-parse';
import type * as UrlencodedParse from './urlencoded-parse';
import { lazyModule } from '../http/lazy-module';

// The form parsers (and qs behind the extended one) are required with the first form body.
const loadParse = lazyModule(() => require('./urlencoded-parse') as typeof UrlencodedParse);

/** Options of `urlencoded()`. */
export interface UrlencodedOptions extends BodyParserOptions {
  /** true: qs (nested objects and arrays); false: flat keys. Express 4: leaving it unset is deprecated (true); Express 5: false. */
  extended?: boolean;
  /** Maximum number of parameters (default 1000); more gives 413 `parameters.too.many`. */
  parameterLimit?: number;
  /** Maximum nesting depth of keys with `extended` (default 32); deeper gives 400. */
  depth?: number;
}

/** Options of Express 5's `urlencoded()`. */
export interface UrlencodedOptions5 extends UrlencodedOptions {
  /** The charset when the Content-Type names none: `utf-8` (default) or `iso-8859-1`. */
  defaultCharset?: string;
  /** A `utf8=✓` field picks the charset (and is removed). */
  charsetSentinel?: boolean;
  /** Decode `&#9786;` numeric entities in ISO-8859-1 forms. */
  interpretNumericEntities?: boolean;
}

/** The charsets Express 5's form parser decodes; Express 4's takes UTF-8 alone. */
const FORM_CHARSETS_5 = new Set(['utf-8', 'iso-8859-1']);

/** Creates the URL-encoded body parser: `req.body` becomes the object of the form's fields. */
export function urlencoded(options?: UrlencodedOptions | null): (req: BodyRequest, res: ServerResponse, next: Next) => void {
  return createUrlencodedParser(options, BODY_PROFILE_4);
}

/** The URL-encoded parser of the given Express version's profile. */
export function createUrlencodedParser(options: UrlencodedOptions5 | null | undefined, profile: BodyProfile): (req: BodyRequest, res: ServerResponse, next: Next) => void {
  const opts = optionsObject(options);
  const express5 = profile.express5;
  if (!express5 && opts.extended === undefined) warnDeprecated('undefined extended: provide extended option');
  const extended = express5 ? Boolean(opts.extended) : opts.extended !== false;
  const settings = resolveUrlencodedSettings(opts, extended, express5);
  const defaultCharset = express5 ? resolveFormCharset(opts.defaultCharset) : 'utf-8';
  const requestCharset = profile.requestCharset;
  const plan: ParserPlan = {
    ...resolveCommonOptions(opts, 'application/x-www-form-urlencoded', profile),
    toBody: (buf, charset) => {
      const body = profile.decode(buf, charset as string);
      if (body.length === 0) return {};
      if (express5) return loadParse().parseForm5(body, settings, extended, charset as string);
      return extended ? loadParse().parseExtended(body, settings) : loadParse().parseSimple(body, settings);
    },
  };

  return function urlencodedParser(req: BodyRequest, res: ServerResponse, next: Next): void {
    if (!wantsBody(req, plan)) return next();
    // The form encoding is defined over UTF-8 (WHATWG URL §5.1); Express 5 also takes ISO-8859-1.
    // Any other charset is refused before reading.
    const charset = requestCharset(req) || defaultCharset;
    if (charset !== 'utf-8' && !(express5 && FORM_CHARSETS_5.has(charset))) {
      return refuseBody(req, res, next, unsupportedCharsetError(charset));
    }
    readAndParse(req, res, next, plan, charset);
  };
}

/** Express 5's `defaultCharset`: unset (or empty) is UTF-8; anything but the two names it decodes is refused. */
function resolveFormCharset(option: unknown): string {
  const charset = option || 'utf-8';
  if (charset !== 'utf-8' && charset !== 'iso-8859-1') {
    throw new TypeError('option defaultCharset must be either utf-8 or iso-8859-1');
  }
  return charset;
}

/** `parameterLimit` and `depth`, validated with Express's messages. */
function resolveUrlencodedSettings(opts: UrlencodedOptions5, extended: boolean, express5: boolean): UrlencodedSettings {
  const parameterLimit = opts.parameterLimit !== undefined ? Number(opts.parameterLimit) : 1000;
  if (Number.isNaN(parameterLimit) || parameterLimit < 1) {
    throw new TypeError('option parameterLimit must be a positive number');
  }
  const settings: UrlencodedSettings = { parameterLimit, depth: extended ? resolveDepth(opts.depth) : 0 };
  if (express5) {
    settings.charsetSentinel = Boolean(opts.charsetSentinel);
    settings.interpretNumericEntities = Boolean(opts.interpretNumericEntities);
  }
  return settings;
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
