import { Layer, RAW_PATH } from './layer';
import { Route5 } from './route5';
import { RouterCore } from './router';
import { handleRequest } from './router-handle';
import { splitUseArguments } from './flatten';
import { EXPRESS5_ROUTING } from './express5-marker';
import type { NextFunction } from './types';
import type { PathPattern } from './path-pattern';
import type { ParamCallback } from './param-callbacks';

/** Options of an Express 5 router (`express.Router(options)` of portico/5, router 2's). */
export interface Router5Options {
  /** `/Foo` and `/foo` are different paths. */
  caseSensitive?: boolean;
  /** Keep the parent router's `req.params`; the child's values win on a conflict. */
  mergeParams?: boolean;
  /** `/foo` and `/foo/` are different paths. */
  strict?: boolean;
}

/** One entry of `router.listRoutes()`. */
export interface ListedRoute {
  path: unknown;
  /** The route's methods in registration order, `*` for `all()`; undefined for a mounted router. */
  methods: string[] | undefined;
  /** The router mounted there with `use(path, router)`. */
  router: unknown;
}

type AnyFunction = (...args: never[]) => unknown;

/**
 * The methods of an Express 5 router: the 4.x router's dispatch with router 2's path syntax
 * (path-to-regexp 8, compiled by the layers), its argument checks and its `param` without the
 * removed forms (`param(fn)`, `:name` is not stripped).
 */
export class Router5Core extends RouterCore {
  declare [EXPRESS5_ROUTING]: boolean;

  /** Router 2 insists on a callback: a router is always called as middleware. */
  override handle(req: unknown, res: unknown, out: NextFunction): void {
    if (!out) throw new TypeError('argument callback is required');
    handleRequest(this, req, res, out);
  }

  override param(name: unknown, fn?: unknown): this {
    if (!name) throw new TypeError('argument name is required');
    if (typeof name !== 'string') throw new TypeError('argument name must be a string');
    if (!fn) throw new TypeError('argument fn is required');
    if (typeof fn !== 'function') throw new TypeError('argument fn must be a function');
    (this.params[name] ??= []).push(fn as ParamCallback);
    return this;
  }

  override use(...args: unknown[]): this {
    const { path, handlers } = splitUseArguments(args);
    if (handlers.length === 0) throw new TypeError('argument handler is required');
    for (const fn of handlers) {
      if (typeof fn !== 'function') throw new TypeError('argument handler must be a function');
      const layer = new Layer(path as PathPattern, { sensitive: this.caseSensitive, strict: false, end: false, syntax: 5 }, fn as AnyFunction);
      layer.route = undefined;
      this.stack.push(layer);
    }
    return this;
  }

  override route(path: PathPattern): Route5 {
    const layer = new Layer(path, { sensitive: this.caseSensitive, strict: this.strict, end: true, syntax: 5 }, function handle(req: never, res: never, next: NextFunction): void {
      route.dispatch(req, res, next);
    });
    const route = new Route5(path);
    layer.route = route;
    this.stack.push(layer);
    return route;
  }

  /** Router 2.3's listing: one entry per registered path of each route and mounted router. */
  listRoutes(): ListedRoute[] {
    const out: ListedRoute[] = [];
    for (const layer of this.stack) {
      const route = layer.route as Route5 | undefined;
      const handle = layer.handle as unknown as { stack?: unknown };
      const router = route === undefined && Array.isArray(handle.stack) ? layer.handle : undefined;
      if (route === undefined && router === undefined) continue;
      const methods = route !== undefined ? route.listMethods(true) : undefined;
      const raw = layer[RAW_PATH] as unknown;
      if (Array.isArray(raw)) {
        for (const path of raw.flat(Infinity)) out.push({ path, methods: methods && methods.slice(), router });
      } else out.push({ path: raw, methods, router });
    }
    return out;
  }
}

/** An Express 5 router: callable as middleware, with the router methods. */
export interface Router5 extends Router5Core {
  (req: unknown, res: unknown, next: NextFunction): void;
  [method: string]: unknown;
}

/**
 * Creates an Express 5 router (router 2 semantics): what portico/5 exposes as `express.Router`
 * and builds its applications' routers with. `Router5Core.prototype` carries the methods; code
 * that replaces them on `createRouter5` reaches every 5.x router, as with `Router` in 4.x.
 */
export function createRouter5(options: Router5Options = {}): Router5 {
  const router = function router(req: unknown, res: unknown, next: NextFunction): void {
    (router as unknown as Router5).handle(req, res, next);
  } as unknown as Router5;
  Object.setPrototypeOf(router, createRouter5);
  router.stack = [];
  router.params = Object.create(null) as Record<string, ParamCallback[]>;
  router._params = [];
  router.caseSensitive = Boolean(options.caseSensitive);
  router.mergeParams = Boolean(options.mergeParams);
  router.strict = Boolean(options.strict);
  router.dotBoundary = false;
  router[EXPRESS5_ROUTING] = true;
  return router;
}

Object.setPrototypeOf(createRouter5, Router5Core.prototype);
// Router 2's `Router.prototype` is where every router's methods live (a router inherits from it,
// `router instanceof Router` holds): APM agents for Express 5 wrap `express.Router.prototype.route`
// and `.use` to reach every router, the application's included.
createRouter5.prototype = Router5Core.prototype;
/** The Route class of portico/5 (`Router.Route` in router 2). */
Object.defineProperty(createRouter5, 'Route', { configurable: true, writable: true, value: Route5 });
