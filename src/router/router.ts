import { Layer } from './layer';
import { Route } from './route';
import { ROUTE_METHODS } from './methods';
import { splitUseArguments, describeUseType } from './flatten';
import { handleRequest } from './router-handle';
import { warnDeprecated } from '../errors/deprecation';
import type { NextFunction } from './types';
import type { PathPattern } from './path-pattern';
import { processParams, type ParamCallback } from './param-callbacks';

/** Options of `portico.Router()`. */
export interface RouterOptions {
  /** `/Foo` and `/foo` are different paths. */
  caseSensitive?: boolean;
  /** Keep the parent router's `req.params`; the child's values win on a conflict. */
  mergeParams?: boolean;
  /** `/foo` and `/foo/` are different paths. */
  strict?: boolean;
  /** Middleware mounted on `/a` also runs for `/a.json` (the 3.x rule; used by portico/legacy). */
  dotBoundary?: boolean;
}

/** A function that customises `param()` (the deprecated form): returns the callback to register. */
export type ParamCustomizer = (name: string, arg: unknown) => ParamCallback | undefined | void;

type AnyFunction = (...args: never[]) => unknown;

/** Marks a router whose layers fail on a malformed escape with 3.x's plain `Error` (see decodeParam). */
export const PLAIN_DECODE_ERRORS = Symbol('portico.plainDecodeErrors');

/**
 * The router's methods. A router is a function `(req, res, next)` whose prototype is this class's,
 * so it can be mounted anywhere a middleware function can.
 */
export class RouterCore {
  declare stack: Layer[];
  declare params: Record<string, ParamCallback[]>;
  declare _params: ParamCustomizer[];
  declare caseSensitive: boolean;
  declare mergeParams: boolean;
  declare strict: boolean;
  declare dotBoundary: boolean;
  /** Set by portico/legacy on its routers: their layers report malformed escapes the 3.x way. */
  declare [PLAIN_DECODE_ERRORS]?: boolean;
  /** Runs the param callbacks for a matched layer (Express's name; see processParams). */
  declare process_params: typeof processParams;

  /** Runs a request through this router; `out` is called when the router is done with it. */
  handle(req: unknown, res: unknown, out: NextFunction): void {
    handleRequest(this, req, res, out);
  }

  /** Registers a param callback for `name` (or, deprecated, a customiser of `param()` itself). */
  param(name: string | ParamCustomizer, fn?: unknown): this {
    if (typeof name === 'function') {
      warnDeprecated('router.param(fn): Refactor to use path params');
      this._params.push(name);
      return this;
    }
    let key = name;
    if (key[0] === ':') {
      warnDeprecated('router.param(' + JSON.stringify(key) + ', fn): Use router.param(' + JSON.stringify(key.slice(1)) + ', fn) instead');
      key = key.slice(1);
    }
    let callback = fn;
    for (const customize of this._params) {
      const replaced = customize(key, callback);
      if (replaced) callback = replaced;
    }
    if (typeof callback !== 'function') {
      throw new Error('invalid param() call for ' + key + ', got ' + String(callback));
    }
    (this.params[key] ??= []).push(callback as ParamCallback);
    return this;
  }

  /** Mounts middleware, optionally on a path (string, pattern, RegExp or array). */
  use(...args: unknown[]): this {
    const { path, handlers } = splitUseArguments(args);
    if (handlers.length === 0) throw new TypeError('Router.use() requires a middleware function');
    for (const fn of handlers) {
      if (typeof fn !== 'function') {
        throw new TypeError('Router.use() requires a middleware function but got a ' + describeUseType(fn));
      }
      const layer = new Layer(
        path as PathPattern,
        { sensitive: this.caseSensitive, strict: false, end: false, dotBoundary: this.dotBoundary, plainDecodeError: this[PLAIN_DECODE_ERRORS] === true },
        fn as AnyFunction,
      );
      // A router's middleware layers show `route` too (undefined), as Express's do.
      layer.route = undefined;
      this.stack.push(layer);
    }
    return this;
  }

  /** Creates a route on `path` and returns it; its position in the stack is fixed now. */
  route(path: PathPattern): Route {
    const route = new Route(path);
    const dispatch = function routeDispatch(req: never, res: never, next: NextFunction): void {
      route.dispatch(req, res, next);
    };
    // Express's route layers are named after their bound `dispatch`; route-listing tools look for it.
    Object.defineProperty(dispatch, 'name', { value: 'bound dispatch' });
    const layer = new Layer(path, { sensitive: this.caseSensitive, strict: this.strict, end: true, plainDecodeError: this[PLAIN_DECODE_ERRORS] === true }, dispatch);
    layer.route = route;
    this.stack.push(layer);
    return route;
  }

  /** Routes every method on `path` (one route whose handlers ignore the method). */
  all(path: PathPattern, ...handlers: unknown[]): this {
    this.route(path).all(...handlers);
    return this;
  }
}

/** A router: callable as middleware, with the router methods. */
export interface Router extends RouterCore {
  (req: unknown, res: unknown, next: NextFunction): void;
  [method: string]: unknown;
}

Object.setPrototypeOf(RouterCore.prototype, Function.prototype);
Object.defineProperty(RouterCore.prototype, 'process_params', { configurable: true, writable: true, value: processParams });

for (const method of ROUTE_METHODS) {
  Object.defineProperty(RouterCore.prototype, method, {
    configurable: true,
    writable: true,
    value: function routeMethod(this: RouterCore, path: PathPattern, ...handlers: unknown[]): RouterCore {
      this.route(path).addHandlers(method, method, handlers);
      return this;
    },
  });
}

/** The router's own `handle`; a router whose `handle` was replaced is entered through the replacement. */
const OWN_HANDLE = RouterCore.prototype.handle;

/** Creates a router (`portico.Router(options)`). */
export function createRouter(options: RouterOptions = {}): Router {
  const router = function router(req: unknown, res: unknown, next: NextFunction): void {
    const handle = (router as unknown as Router).handle;
    if (handle === OWN_HANDLE) handleRequest(router as unknown as RouterCore, req, res, next);
    else handle.call(router, req, res, next);
  } as unknown as Router;
  // The factory itself is every router's prototype, as in Express: code that replaces
  // `Router.use` or `Router.handle` on the exported factory reaches every router.
  Object.setPrototypeOf(router, createRouter);
  router.stack = [];
  router.params = Object.create(null);
  router._params = [];
  // Any truthy value turns an option on, as in Express.
  router.caseSensitive = Boolean(options.caseSensitive);
  router.mergeParams = Boolean(options.mergeParams);
  router.strict = Boolean(options.strict);
  router.dotBoundary = options.dotBoundary === true;
  return router;
}

Object.setPrototypeOf(createRouter, RouterCore.prototype);
