import type { Locals } from '../index';
import type { ApplicationCommon } from './application';
import type { FileCallback } from './response';
import type { ResponseCommon } from './response';
import type { RequestCommon } from './request';
import type { ParamsDictionary, ParsedQs, PathParams } from './params';
import type { PathKey } from './router';
import type { DefaultBody, DefaultLocals, Loose } from './type-options';
import type { NextFunction, RequestParamHandler } from './handlers';

/** One media range of `req.accepted` (3.x). */
export interface AcceptedType {
  value: string;
  quality: number;
  /** The range's parameters other than `q`. */
  params: Record<string, string>;
  /** Its position in the header. */
  originalIndex: number;
  type: string;
  subtype: string;
}

/** 3.x `app.locals`/`res.locals`: a function; calling it with an object merges the object's properties in. */
export interface LegacyLocals {
  (values: Record<string, unknown>): LegacyLocals;
  [name: string]: Loose;
}

/**
 * The request of a 3.x-style app (`portico/legacy`): the 4.x request with the 3.x answers
 * (`accepts` gives `undefined` when nothing is acceptable, `is` a Boolean) and the `accepted*` lists.
 */
export interface LegacyRequest<
  P = ParamsDictionary,
  ResBody = unknown,
  ReqBody = DefaultBody,
  ReqQuery = ParsedQs,
  LocalsObj extends object = DefaultLocals,
> extends RequestCommon<P, ReqBody, ReqQuery> {
  /** The application handling the request. */
  app: LegacyApplication;
  /** The response of this request. */
  res: LegacyResponse<ResBody, LocalsObj>;
  /** Every type `Accept` allows, best first. */
  accepts(): string[];
  /** The best of `types` for `Accept`, or `undefined`. */
  accepts(type: string): string | undefined;
  accepts(types: readonly string[]): string | undefined;
  accepts(...types: string[]): string | undefined;
  /** Is `charset` acceptable? */
  acceptsCharset(charset: string): boolean;
  /** Is `lang` acceptable? */
  acceptsLanguage(lang: string): boolean;
  /** Does the body's `Content-Type` match? */
  is(type: string | readonly string[], ...types: string[]): boolean;
  /** The media ranges of `Accept`, highest quality first. */
  readonly accepted: AcceptedType[];
  /** The languages of `Accept-Language`, highest quality first. */
  readonly acceptedLanguages: string[];
  /** The charsets of `Accept-Charset`, highest quality first. */
  readonly acceptedCharsets: string[];
  /** The entries of `Accept-Encoding` as listed. */
  readonly acceptedEncodings: string[];
  /** The credentials of a Basic `Authorization` header (deprecated). */
  readonly auth: { username: string; password: string } | undefined;
}

/** Options of the 3.x `res.sendfile`. */
export interface LegacySendfileOptions {
  /** `Cache-Control` max-age in milliseconds (or an `ms` string). */
  maxAge?: number | string;
  /** Directory a relative path is resolved in. */
  root?: string;
}

/**
 * The response of a 3.x-style app: the 4.x response plus the 3.x forms (status first in `send`, `json`
 * and `jsonp`; `sendfile`; `charset`; `res.locals` as a merging function).
 */
export interface LegacyResponse<ResBody = unknown, LocalsObj extends object = DefaultLocals> extends ResponseCommon<ResBody, LegacyRequest> {
  /** The application handling the request. */
  app: LegacyApplication;
  /** Template variables of this request-response cycle; call it with an object to merge it in. */
  locals: LegacyLocals & LocalsObj & Locals;
  /** The charset a string body is labelled with (`utf-8` until assigned). */
  charset?: string;
  send(body?: ResBody): this;
  /** Sends `body` with `status` (a number alone sends its status text). */
  send(status: number, body?: ResBody): this;
  json(body?: ResBody): this;
  /** Sends `body` as JSON with `status`. */
  json(status: number, body?: ResBody): this;
  jsonp(body?: ResBody): this;
  /** Sends JSON or JSONP with `status`. */
  jsonp(status: number, body?: ResBody): this;
  /** Transfers a file; a relative path is relative to `root`, else to the working directory. */
  sendfile(path: string, callback?: FileCallback): void;
  sendfile(path: string, options: LegacySendfileOptions, callback?: FileCallback): void;
}

/** One entry of `app.routes[verb]` (3.x). */
export interface LegacyRoute {
  path: PathParams;
  method: string;
  callbacks: unknown[];
  keys: PathKey[];
  regexp: RegExp;
  /** The parameters of the route's latest match. */
  params?: Record<string, string>;
}

/** A 3.x-style application (`require('portico/legacy')()`): the 4.x core with `configure`, `routes` and function `locals`. */
export interface LegacyApplication extends ApplicationCommon<'legacy'> {
  /** `app.on('mount', parent => …)`: the app was mounted on `parent`. */
  on: (event: string, callback: (parent: LegacyApplication) => void) => this;
  /** The app this one is mounted on. */
  parent: LegacyApplication | undefined;
  /** Variables for every view; call it with an object to merge it in. */
  locals: LegacyLocals & Locals;
  /** The prototype of this app's requests. */
  request: LegacyRequest;
  /** The prototype of this app's responses. */
  response: LegacyResponse;
  /** Runs `callback` when the app's `env` is one of `envs` (or always, without one). */
  configure(callback: (this: LegacyApplication) => void): this;
  configure(env: string, callback: (this: LegacyApplication) => void): this;
  configure(env: string, env2: string, callback: (this: LegacyApplication) => void): this;
  configure(...envsThenCallback: Array<string | ((this: LegacyApplication) => void)>): this;
  /** Routes by lower-case verb; removing an entry removes the route. */
  routes: Record<string, LegacyRoute[]>;
  /** The middleware that dispatches the routes: `app.use(app.router)` places them in the stack. */
  readonly router: (req: LegacyRequest, res: LegacyResponse, next: NextFunction) => void;
  /** Registers param callbacks for `name` (or each name of a list), run for every matching route. */
  param(name: string | readonly string[], ...handlers: Array<RequestParamHandler<'legacy'>>): this;
  /** Customises `param()` itself (a 3.x extension point). */
  param(customizer: (name: string, option: unknown) => RequestParamHandler<'legacy'> | undefined | void): this;
  /** With a customiser registered by `param(fn)`: hands it `option` (a RegExp, say) for `name`. */
  param(name: string | readonly string[], option: object): this;
}
