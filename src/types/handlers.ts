import type { Request, Response } from '../index';
import type { LegacyRequest, LegacyResponse } from './legacy';
import type { Express5Request, Express5Response } from './express5';
import type { ParamsDictionary, ParsedQs } from './params';
import type { DefaultBody, DefaultError, DefaultLocals } from './type-options';

/**
 * `next()` continues with the next handler; `next('route')` skips the rest of the route's handlers;
 * `next('router')` leaves the current router; `next(err)` switches to error handlers.
 */
export interface NextFunction {
  (err?: unknown): void;
  (deferToNext: 'route' | 'router'): void;
}

/**
 * The request and response a handler receives, by kind of application: `v4` for `portico()`,
 * `legacy` for the 3.x interface of `portico/legacy`, `v5` for `portico/5`.
 */
export interface HandlerObjects<P, ResBody, ReqBody, ReqQuery, LocalsObj extends object> {
  v4: { req: Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>; res: Response<ResBody, LocalsObj> };
  legacy: { req: LegacyRequest<P, ResBody, ReqBody, ReqQuery, LocalsObj>; res: LegacyResponse<ResBody, LocalsObj> };
  v5: { req: Express5Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>; res: Express5Response<ResBody, LocalsObj> };
}

/** A kind of application (see {@link HandlerObjects}). */
export type Flavor = 'v4' | 'legacy' | 'v5';

/**
 * A request handler (middleware): `(req, res, next)`. A returned promise that rejects becomes `next(err)`.
 *
 * It returns `void`, as `@types/express` declares it: a function returning anything (a promise, `res`)
 * is assignable to it, and a method typed `(req, res, next) => void | Promise<void>` may return a
 * handler's result.
 */
export interface RequestHandler<
  P = ParamsDictionary,
  ResBody = unknown,
  ReqBody = DefaultBody,
  ReqQuery = ParsedQs,
  LocalsObj extends object = DefaultLocals,
  F extends Flavor = 'v4',
> {
  (
    req: HandlerObjects<P, ResBody, ReqBody, ReqQuery, LocalsObj>[F]['req'],
    res: HandlerObjects<P, ResBody, ReqBody, ReqQuery, LocalsObj>[F]['res'],
    next: NextFunction,
  ): void;
}

/** Alias of {@link RequestHandler}. */
export type Handler = RequestHandler;

/** Error-handling middleware: recognised at run time by its four declared parameters. */
export interface ErrorRequestHandler<
  P = ParamsDictionary,
  ResBody = unknown,
  ReqBody = DefaultBody,
  ReqQuery = ParsedQs,
  LocalsObj extends object = DefaultLocals,
  F extends Flavor = 'v4',
> {
  (
    err: DefaultError,
    req: HandlerObjects<P, ResBody, ReqBody, ReqQuery, LocalsObj>[F]['req'],
    res: HandlerObjects<P, ResBody, ReqBody, ReqQuery, LocalsObj>[F]['res'],
    next: NextFunction,
  ): void;
}

/** A param callback (`app.param(name, fn)`): runs before the route's handlers with the parameter's decoded value. */
export interface RequestParamHandler<F extends Flavor = 'v4'> {
  (
    req: HandlerObjects<ParamsDictionary, unknown, DefaultBody, ParsedQs, DefaultLocals>[F]['req'],
    res: HandlerObjects<ParamsDictionary, unknown, DefaultBody, ParsedQs, DefaultLocals>[F]['res'],
    next: NextFunction,
    value: string,
    name: string,
  ): void;
}

/** The deprecated `app.param(fn)` form: `fn(name, option)` returns the param callback to register. */
export type ParamCustomizer<F extends Flavor = 'v4'> = (name: string, option: unknown) => RequestParamHandler<F> | undefined | void;

/**
 * Any other function the router accepts as middleware: error handlers `(err, req, res, next)`, routers,
 * sub-applications, and middleware typed against another framework's request (for example the
 * `express.RequestHandler` that `@types/express-session` or `@types/multer` return).
 *
 * It has no call signature on purpose: an inline `(req, res, next) => …` written beside such a function
 * still takes its parameter types from {@link RequestHandler}.
 */
export interface MiddlewareFunction {
  readonly length: number;
  readonly name: string;
  call(...args: never[]): unknown;
  apply(...args: never[]): unknown;
}

/** What `use`, `all` and the method functions take: handlers, other middleware, and (nested) arrays of them. */
export type RequestHandlerParams<
  P = ParamsDictionary,
  ResBody = unknown,
  ReqBody = DefaultBody,
  ReqQuery = ParsedQs,
  LocalsObj extends object = DefaultLocals,
  F extends Flavor = 'v4',
> =
  | RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj, F>
  | MiddlewareFunction
  | ReadonlyArray<RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj, F>>;
