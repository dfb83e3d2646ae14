import type { IncomingMessage } from 'node:http';
import type { Application, Response, Route } from '../index';
import type { GlobalRequest } from './express-globals';
import type { NextFunction } from './handlers';
import type { ParamsDictionary, ParsedQs } from './params';
import type { CookieValues, DefaultBody, DefaultLocals } from './type-options';

/** Options of `req.range`. */
export interface RangeOptions {
  /** Merge overlapping and adjacent ranges. */
  combine?: boolean;
}

/** One byte range of `req.range`'s answer, both ends inclusive. */
export interface ByteRange {
  start: number;
  end: number;
}

/** The ranges `req.range` accepted, with their unit (`bytes`). */
export type Ranges = ByteRange[] & { type: string };

/** `req.range`'s answer: the ranges; `-1` unsatisfiable; `-2` malformed; `undefined` without a `Range` header. */
export type RangeResult = Ranges | -1 | -2 | undefined;

/**
 * What the 4.x and the 3.x (`portico/legacy`) requests share: node's `IncomingMessage` plus the Express
 * properties and methods, without `app`, `res` and content negotiation (their types differ).
 *
 * - `P`: `req.params` (read from the route path when the route is registered with a literal).
 * - `ReqBody`: `req.body`, `any` unless the program opted into strict defaults.
 * - `ReqQuery`: `req.query`.
 */
export interface RequestCommon<P, ReqBody, ReqQuery> extends IncomingMessage, GlobalRequest {
  /** The `next` of the layer being run (what `res.render` and `res.format` fall back to). */
  next: NextFunction;
  /** The path the current router was mounted on, as matched (not the pattern). */
  baseUrl: string;
  /** The URL as it arrived; `req.url` is rewritten while mounted routers run. */
  originalUrl: string;
  url: string;
  method: string;
  /** Route parameters, decoded. */
  params: P;
  /** The parsed query string (per the `query parser` setting). Untrusted input. */
  query: ReqQuery;
  /** Set by a body parser; `undefined` before one ran. Untrusted input. */
  body: ReqBody;
  /** The route being dispatched (inside route handlers). */
  route: Route;
  /** Cookies, once a cookie parser ran. */
  cookies: CookieValues;
  /** Signed cookies that verified, once a cookie parser with a secret ran. */
  signedCookies: CookieValues;
  /** The secret the cookie parser was given (used by `res.cookie(..., { signed: true })`). */
  secret?: string;

  /** `http` or `https` (or a trusted `X-Forwarded-Proto`). */
  readonly protocol: string;
  /** `req.protocol === 'https'`. */
  readonly secure: boolean;
  /** The client address, per `trust proxy`; `undefined` when the socket is gone. */
  readonly ip: string | undefined;
  /** The trusted `X-Forwarded-For` chain, client first; empty unless `trust proxy` is set. */
  readonly ips: string[];
  /** The host's subdomains, nearest the root first. */
  readonly subdomains: string[];
  /** The pathname of `req.url`. */
  readonly path: string;
  /** Host name from `Host` (or a trusted `X-Forwarded-Host`), without the port. */
  readonly hostname: string;
  /** @deprecated Use `hostname`. */
  readonly host: string;
  /** The client's cached copy is still valid (`If-None-Match`/`If-Modified-Since`). */
  readonly fresh: boolean;
  /** The opposite of `fresh`. */
  readonly stale: boolean;
  /** `X-Requested-With: XMLHttpRequest`. */
  readonly xhr: boolean;

  /** A request header, case-insensitive; `Referer` and `Referrer` are interchangeable. */
  get(name: 'set-cookie' | 'Set-Cookie'): string[] | undefined;
  get(name: string): string | undefined;
  /** Alias of `get`. */
  header(name: 'set-cookie' | 'Set-Cookie'): string[] | undefined;
  header(name: string): string | undefined;

  /**
   * @deprecated Read `req.params`, `req.body` or `req.query` directly.
   * Looks `name` up in `params`, then `body`, then `query`; else `defaultValue`.
   */
  param(name: string, defaultValue?: string): string;

  /** The `Range` header resolved against a resource of `size` bytes. */
  range(size: number, options?: RangeOptions): RangeResult;

  /** Every charset `Accept-Charset` allows, best first. */
  acceptsCharsets(): string[];
  /** The first acceptable charset, or `false`. */
  acceptsCharsets(charset: string): string | false;
  acceptsCharsets(charsets: readonly string[]): string | false;
  acceptsCharsets(...charsets: string[]): string | false;

  /** Every encoding `Accept-Encoding` allows, best first. */
  acceptsEncodings(): string[];
  /** The first acceptable encoding, or `false`. */
  acceptsEncodings(encoding: string): string | false;
  acceptsEncodings(encodings: readonly string[]): string | false;
  acceptsEncodings(...encodings: string[]): string | false;

  /** Every language `Accept-Language` allows, best first. */
  acceptsLanguages(): string[];
  /** The first acceptable language, or `false`. */
  acceptsLanguages(lang: string): string | false;
  acceptsLanguages(langs: readonly string[]): string | false;
  acceptsLanguages(...langs: string[]): string | false;

  /** @deprecated Use `acceptsEncodings`. */
  acceptsEncoding(encoding: string): string | false;
  acceptsEncoding(encodings: readonly string[]): string | false;
  acceptsEncoding(...encodings: string[]): string | false;
}

/**
 * The members of Portico's request (`req`). The public, mergeable `Request` interface (exported by
 * `portico`) extends this. `ResBody` and `LocalsObj` are those of the matching response (`req.res`);
 * see {@link RequestCommon} for the others.
 */
export interface RequestMembers<
  P = ParamsDictionary,
  ResBody = unknown,
  ReqBody = DefaultBody,
  ReqQuery = ParsedQs,
  LocalsObj extends object = DefaultLocals,
> extends RequestCommon<P, ReqBody, ReqQuery> {
  /** The application handling the request. */
  app: Application;
  /** The response of this request. */
  res: Response<ResBody, LocalsObj>;

  /** Every type `Accept` allows, best first. */
  accepts(): string[];
  /** The best of `types` (MIME types or extension names) for `Accept`, or `false`. */
  accepts(type: string): string | false;
  accepts(types: readonly string[]): string | false;
  accepts(...types: string[]): string | false;

  /** @deprecated Use `acceptsCharsets`. */
  acceptsCharset(charset: string): string | false;
  acceptsCharset(charsets: readonly string[]): string | false;
  acceptsCharset(...charsets: string[]): string | false;
  /** @deprecated Use `acceptsLanguages`. */
  acceptsLanguage(lang: string): string | false;
  acceptsLanguage(langs: readonly string[]): string | false;
  acceptsLanguage(...langs: string[]): string | false;

  /** The matching type when `Content-Type` matches one of `types` (wildcards allowed), `false` otherwise, `null` without a body. */
  is(type: string | readonly string[], ...types: string[]): string | false | null;
}
