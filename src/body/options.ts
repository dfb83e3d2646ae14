import type { IncomingMessage, ServerResponse } from 'node:http';
import type bytesModule from 'bytes';
import { compileTypeMatcher, type TypeMatcher, type TypeOption } from './type-matcher';
import { BODY_PROFILE_4, type BodyProfile } from './profile';
import { lazyModule } from '../http/lazy-module';

// Only a `limit` written as a string ('1mb') needs the parser: not loaded by `require('portico')`.
const loadBytes = lazyModule(() => require('bytes') as typeof bytesModule);

/**
 * `verify(req, res, buf, encoding)`: called with the raw (inflated) body before it is parsed;
 * throwing refuses the body with 403. `encoding` is the charset, or null for the raw parser.
 * Declared through a method so that a callback typed for Express's `Request`/`Response` stays assignable.
 */
export type VerifyFunction = {
  bivarianceHack(req: IncomingMessage, res: ServerResponse, buf: Buffer, encoding: string | null): void;
}['bivarianceHack'];

/** Options every parser takes. */
export interface BodyParserOptions {
  /** Inflate gzip, deflate and br bodies (default true); when false they are refused with 415. */
  inflate?: boolean;
  /** Maximum body size: bytes, or a string such as `'100kb'` (default `'100kb'`). */
  limit?: number | string;
  /** Media types to parse: a type, an extension name, a wildcard, a list of those, or a predicate. */
  type?: TypeOption;
  /** Inspects the raw body before parsing; throw to refuse it. */
  verify?: VerifyFunction;
}

/** The options every parser shares, resolved once when the parser is created, with its version's profile. */
export interface CommonSettings {
  limit: number;
  inflate: boolean;
  verify: VerifyFunction | null;
  matches: TypeMatcher;
  marksBody: boolean;
  encodings: ReadonlySet<string>;
  charsetSupported: (charset: string) => boolean;
}

const DEFAULT_LIMIT = 100 * 1024;

/** Resolves the shared options; throws a TypeError for an invalid `limit` or `verify`, as Express does. */
export function resolveCommonOptions(options: BodyParserOptions, defaultType: string, profile: BodyProfile = BODY_PROFILE_4): CommonSettings {
  const verify = options.verify;
  if (verify && typeof verify !== 'function') throw new TypeError('option verify must be function');
  return {
    limit: resolveLimit(options.limit),
    inflate: options.inflate !== false,
    verify: verify || null,
    matches: compileTypeMatcher(options.type, defaultType, profile.lenientContentType),
    marksBody: profile.marksBody,
    encodings: profile.encodings,
    charsetSupported: profile.charsetSupported,
  };
}

/** `limit` as a number of bytes: numbers are taken as they are, strings parsed by `bytes`; null means the default. */
export function resolveLimit(limit: unknown): number {
  if (limit === undefined || limit === null) return DEFAULT_LIMIT;
  const parsed = typeof limit === 'number' ? limit : loadBytes().parse(limit as string);
  if (parsed === null || Number.isNaN(parsed)) throw new TypeError('option limit "' + String(limit) + '" is invalid');
  return parsed;
}

/** The options argument of a factory: anything that is not an object gives the defaults. */
export function optionsObject<T extends object>(options: T | null | undefined): T {
  return options !== null && typeof options === 'object' ? options : ({} as T);
}
