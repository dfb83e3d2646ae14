/*
 * The module `express-serve-static-core`, as Portico provides it.
 *
 * TypeScript code written for Express adds to `req` and `res` with
 * `declare module 'express-serve-static-core' { interface Request { user?: User } }`, and imports names
 * such as `ParamsDictionary` from that module. This file declares the module (it is a script, not a
 * module, so `declare module` here declares rather than augments) and dist/index.d.ts references it, so
 * the name exists in every program that uses Portico, whether `@types/express-serve-static-core` is
 * installed or not. A declared module takes precedence over a file found on disk: with that package
 * installed beside Portico (it comes with `@types/express`, on which `@types/passport` and others
 * depend), augmentations, and `@types/express` itself, use this module, so `express.Request` in another
 * package's types is Portico's request.
 *
 * Its `Request`, `Response`, `Locals` and `Application` interfaces are the merge points: Portico's own
 * interfaces extend them, so what an augmentation adds reaches `req`, `res`, `res.locals` and the app.
 * The type parameters and their defaults are those of `@types/express-serve-static-core` (an augmentation
 * must repeat them exactly); `any` where that package has it.
 *
 * Relative import types are used because a declared module cannot import relative paths; the helper
 * aliases they need are kept private by the explicit export list.
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- the defaults of @types/express-serve-static-core, which augmentations must repeat */
/* eslint-disable @typescript-eslint/no-empty-object-type -- merge points: empty on purpose */
declare module 'express-serve-static-core' {
  type Portico = import('../index').Express;
  type PorticoRouter = import('../index').Router;
  type PorticoRequestMembers<P, ResBody, ReqBody, ReqQuery, LocalsObj extends object> = import('./request').RequestMembers<
    P,
    ResBody,
    ReqBody,
    ReqQuery,
    LocalsObj
  >;
  type PorticoResponseMembers<ResBody, LocalsObj extends object> = import('./response').ResponseMembers<ResBody, LocalsObj>;
  type PorticoApplicationMembers = import('./application').ApplicationMembers;
  type PorticoNextFunction = import('./handlers').NextFunction;
  type PorticoGlobalLocals = import('./express-globals').GlobalLocals;

  type ParamsDictionary = import('./params').ParamsDictionary;
  type Query = import('./params').ParsedQs;
  type PathParams = import('./params').PathParams;
  type RouteParameters<Route extends string> = import('./params').RouteParameters<Route>;

  /** The request: Portico's, plus what augmentations of this module add. */
  interface Request<
    P = ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = Query,
    LocalsObj extends object = Record<string, any>,
  > extends PorticoRequestMembers<P, ResBody, ReqBody, ReqQuery, LocalsObj> {}

  /** The response: Portico's, plus what augmentations add. (`StatusCode` is accepted and not used.) */
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- an augmentation must repeat the type parameters by name
  interface Response<ResBody = any, LocalsObj extends object = Record<string, any>, StatusCode extends number = number>
    extends PorticoResponseMembers<ResBody, LocalsObj> {}

  /** The type of `res.locals` and `app.locals` beyond their `LocalsObj`. */
  interface Locals extends PorticoGlobalLocals {}

  /** An application. (`LocalsObj` is accepted and not used: `app.locals` is typed by `Locals`.) */
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- an augmentation must repeat the type parameters by name
  interface Application<LocalsObj extends object = Record<string, any>> extends PorticoApplicationMembers {}

  /** What `express()` returns: Portico's application. */
  interface Express extends Portico {}

  /** A router. */
  interface Router extends PorticoRouter {}

  /** `next`. */
  interface NextFunction extends PorticoNextFunction {}

  type RequestHandler<
    P = ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = Query,
    LocalsObj extends object = Record<string, any>,
  > = import('./handlers').RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
  type ErrorRequestHandler<
    P = ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = Query,
    LocalsObj extends object = Record<string, any>,
  > = import('./handlers').ErrorRequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
  type RequestHandlerParams<
    P = ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = Query,
    LocalsObj extends object = Record<string, any>,
  > = import('./handlers').RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
  type Handler = import('./handlers').Handler;
  type RequestParamHandler = import('./handlers').RequestParamHandler;
  type IRouter = import('./router').IRouter;
  type IRoute<Route extends string = string> = import('./router').IRoute<Route>;
  type IRouterMatcher<T> = import('./router').IRouterMatcher<T>;
  type IRouterHandler<T> = import('./router').IRouterHandler<T>;
  type CookieOptions = import('./options').CookieOptions;
  type ByteRange = import('./request').ByteRange;
  type RequestRanges = import('./request').Ranges;
  type Send<ResBody = any, T = Response<ResBody>> = (body?: ResBody) => T;
  /** The callback of `res.sendFile` and `res.download`. */
  type Errback = (err: Error) => void;
  /** One entry of a parsed `Accept` header. */
  interface MediaType {
    value: string;
    quality: number;
    type: string;
    subtype: string;
  }

  export {
    Request,
    Response,
    Locals,
    Application,
    Express,
    Router,
    NextFunction,
    ParamsDictionary,
    Query,
    PathParams,
    RouteParameters,
    RequestHandler,
    ErrorRequestHandler,
    RequestHandlerParams,
    Handler,
    RequestParamHandler,
    IRouter,
    IRoute,
    IRouterMatcher,
    IRouterHandler,
    CookieOptions,
    ByteRange,
    RequestRanges,
    Send,
    Errback,
    MediaType,
  };
}
