import type { Request, Response, Route } from '../index';
import type { Flavor, NextFunction, ParamCustomizer, RequestHandler, RequestHandlerParams, RequestParamHandler, MiddlewareFunction } from './handlers';
import type { ParamsDictionary, ParsedQs, PathParams, RegExpParams } from './params';
import type { RouteParametersOf } from './params5';
import type { DefaultBody, DefaultLocals } from './type-options';

/**
 * `router.METHOD(path, ...handlers)` and `router.all(path, ...handlers)`. A literal path types `req.params`
 * (`'/users/:id'` → `{ id: string }`), a regular expression gives index access; `P` and the other
 * parameters can also be given explicitly, or come from an annotated handler.
 */
export interface IRouterMatcher<T, F extends Flavor = 'v4'> {
  <
    Path extends string,
    P = RouteParametersOf<Path, F>,
    ResBody = unknown,
    ReqBody = DefaultBody,
    ReqQuery = ParsedQs,
    LocalsObj extends object = DefaultLocals,
  >(
    path: Path,
    ...handlers: Array<RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj, F>>
  ): T;
  <P = RegExpParams, ResBody = unknown, ReqBody = DefaultBody, ReqQuery = ParsedQs, LocalsObj extends object = DefaultLocals>(
    path: RegExp,
    ...handlers: Array<RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj, F>>
  ): T;
  <P = ParamsDictionary, ResBody = unknown, ReqBody = DefaultBody, ReqQuery = ParsedQs, LocalsObj extends object = DefaultLocals>(
    path: PathParams,
    ...handlers: Array<RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj, F>>
  ): T;
}

/**
 * `use(...handlers)` without a path (every request); at least one handler.
 *
 * The second signature takes a spread array (`app.use(...middlewares)`, which `@types/express` accepts):
 * when the arguments' type is an array of unknown length it is taken as is, while a call with no argument
 * at all (a fixed length of 0) still needs one handler, as `use` throws without one at run time.
 */
export interface IRouterHandler<T, F extends Flavor = 'v4'> {
  <P = ParamsDictionary, ResBody = unknown, ReqBody = DefaultBody, ReqQuery = ParsedQs, LocalsObj extends object = DefaultLocals>(
    handler: RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj, F>,
    ...handlers: Array<RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj, F>>
  ): T;
  <Handlers extends Array<RequestHandlerParams<ParamsDictionary, unknown, DefaultBody, ParsedQs, DefaultLocals, F>>>(
    ...handlers: number extends Handlers['length'] ? Handlers : [RequestHandlerParams<ParamsDictionary, unknown, DefaultBody, ParsedQs, DefaultLocals, F>]
  ): T;
}

/** `route.METHOD(...handlers)`: `req.params` comes from the route's path. */
export interface IRouteHandler<T, Path extends string, F extends Flavor = 'v4'> {
  <P = RouteParametersOf<Path, F>, ResBody = unknown, ReqBody = DefaultBody, ReqQuery = ParsedQs, LocalsObj extends object = DefaultLocals>(
    ...handlers: Array<RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj, F>>
  ): T;
}

/** One parameter of a compiled path: its name, or its index for unnamed captures. */
export interface PathKey {
  name: string | number;
  optional: boolean;
}

/** One entry of a router's or a route's stack. */
export interface ILayer {
  /** The middleware, route dispatcher or handler this layer runs. */
  readonly handle: MiddlewareFunction;
  /** The function's name (`<anonymous>` when it has none). */
  readonly name: string;
  readonly regexp: RegExp;
  readonly keys: PathKey[];
  /** For layers inside a route: the lower-case method served (`undefined`: every method). */
  method: string | undefined;
  /** For a router's layer that dispatches to a route: that route. */
  route: Route | undefined;
}

/** A route (`app.route(path)`, `req.route`): one path, handlers per method (every method node's HTTP parser knows). */
export interface IRoute<Path extends string = string, F extends Flavor = 'v4'> {
  /** The path the route was created with. */
  readonly path: PathParams;
  /** The handlers, one layer each. */
  readonly stack: ILayer[];
  /** Lower-case method names served (`_all` after `all()`). */
  readonly methods: Record<string, boolean>;
  /** Adds handlers for every method. */
  all: IRouteHandler<this, Path, F>;
  acl: IRouteHandler<this, Path, F>;
  bind: IRouteHandler<this, Path, F>;
  checkout: IRouteHandler<this, Path, F>;
  connect: IRouteHandler<this, Path, F>;
  copy: IRouteHandler<this, Path, F>;
  delete: IRouteHandler<this, Path, F>;
  get: IRouteHandler<this, Path, F>;
  head: IRouteHandler<this, Path, F>;
  link: IRouteHandler<this, Path, F>;
  lock: IRouteHandler<this, Path, F>;
  'm-search': IRouteHandler<this, Path, F>;
  merge: IRouteHandler<this, Path, F>;
  mkactivity: IRouteHandler<this, Path, F>;
  mkcalendar: IRouteHandler<this, Path, F>;
  mkcol: IRouteHandler<this, Path, F>;
  move: IRouteHandler<this, Path, F>;
  notify: IRouteHandler<this, Path, F>;
  options: IRouteHandler<this, Path, F>;
  patch: IRouteHandler<this, Path, F>;
  post: IRouteHandler<this, Path, F>;
  propfind: IRouteHandler<this, Path, F>;
  proppatch: IRouteHandler<this, Path, F>;
  purge: IRouteHandler<this, Path, F>;
  put: IRouteHandler<this, Path, F>;
  query: IRouteHandler<this, Path, F>;
  rebind: IRouteHandler<this, Path, F>;
  report: IRouteHandler<this, Path, F>;
  search: IRouteHandler<this, Path, F>;
  source: IRouteHandler<this, Path, F>;
  subscribe: IRouteHandler<this, Path, F>;
  trace: IRouteHandler<this, Path, F>;
  unbind: IRouteHandler<this, Path, F>;
  unlink: IRouteHandler<this, Path, F>;
  unlock: IRouteHandler<this, Path, F>;
  unsubscribe: IRouteHandler<this, Path, F>;
}

/**
 * What routers and applications share: `use`, `all`, `route` and the method functions (every method
 * node's HTTP parser knows), each returning the router or app for chaining. Both are middleware, so
 * a value typed `IRouter` is a handler `use` accepts, as with `@types/express`.
 */
export interface IRouter<F extends Flavor = 'v4'> extends RequestHandler<ParamsDictionary, unknown, DefaultBody, ParsedQs, DefaultLocals, F> {
  /** Mounts middleware, routers and sub-apps, optionally on a path (matched as a prefix). */
  use: IRouterHandler<this, F> & IRouterMatcher<this, F>;
  /** Routes every method on `path`. */
  all: IRouterMatcher<this, F>;
  acl: IRouterMatcher<this, F>;
  bind: IRouterMatcher<this, F>;
  checkout: IRouterMatcher<this, F>;
  connect: IRouterMatcher<this, F>;
  copy: IRouterMatcher<this, F>;
  delete: IRouterMatcher<this, F>;
  get: IRouterMatcher<this, F>;
  head: IRouterMatcher<this, F>;
  link: IRouterMatcher<this, F>;
  lock: IRouterMatcher<this, F>;
  'm-search': IRouterMatcher<this, F>;
  merge: IRouterMatcher<this, F>;
  mkactivity: IRouterMatcher<this, F>;
  mkcalendar: IRouterMatcher<this, F>;
  mkcol: IRouterMatcher<this, F>;
  move: IRouterMatcher<this, F>;
  notify: IRouterMatcher<this, F>;
  options: IRouterMatcher<this, F>;
  patch: IRouterMatcher<this, F>;
  post: IRouterMatcher<this, F>;
  propfind: IRouterMatcher<this, F>;
  proppatch: IRouterMatcher<this, F>;
  purge: IRouterMatcher<this, F>;
  put: IRouterMatcher<this, F>;
  query: IRouterMatcher<this, F>;
  rebind: IRouterMatcher<this, F>;
  report: IRouterMatcher<this, F>;
  search: IRouterMatcher<this, F>;
  source: IRouterMatcher<this, F>;
  subscribe: IRouterMatcher<this, F>;
  trace: IRouterMatcher<this, F>;
  unbind: IRouterMatcher<this, F>;
  unlink: IRouterMatcher<this, F>;
  unlock: IRouterMatcher<this, F>;
  unsubscribe: IRouterMatcher<this, F>;
  /** Creates a route on `path`; its position in the stack is fixed now. */
  route<Path extends string>(path: Path): IRoute<Path, F>;
  route(path: PathParams): IRoute<string, F>;
}

/** The members of a router beyond {@link IRouter}: it is itself middleware. */
export interface RouterMembers extends IRouter {
  (req: Request, res: Response, next: NextFunction): void;
  /** Registers a param callback for route parameter `name`. */
  param(name: string, handler: RequestParamHandler): this;
  /** @deprecated Customises `param()` itself. */
  param(customizer: ParamCustomizer): this;
  /** @deprecated With a customiser registered by `param(fn)`: hands it `option` (a RegExp, say) for `name`. */
  param(name: string, option: object): this;
  /** The layers, in order. */
  stack: ILayer[];
  /** Param callbacks by parameter name. */
  params: Record<string, RequestParamHandler[]>;
  caseSensitive: boolean;
  mergeParams: boolean;
  strict: boolean;
  /** Runs a request through the router; `out` runs when the router is done with it. */
  handle(req: Request, res: Response, out: NextFunction): void;
}
