import { Layer } from './layer';
import { ROUTE_METHODS } from './methods';
import { flattenHandlers, describeType } from './flatten';
import { noteForwarded } from './forwarded-errors';
import { MATCHED_ROUTE, routerTracingActive, type MatchedRouteRequest } from './tracing';
import { traceLayerCall } from './traced-layer-call';
import type { NextFunction, RoutedRequest } from './types';
import type { PathPattern } from './path-pattern';

export type RouteHandler = (...args: never[]) => unknown;

/**
 * A route: one path and, per method, the handlers that serve it. `all` handlers run for every
 * method, in the order they were added among the others.
 */
/** Lower-cased method names, kept so the dispatch of every request does not allocate a new string. */
const LOWER_METHODS = new Map<string, string>();

function lowerMethod(method: string): string {
  // The parser hands out the same string for each method, so these compare as pointers.
  if (method === 'GET') return 'get';
  if (method === 'POST') return 'post';
  // `router.handle` called by hand with a request that has no method: no method route matches it.
  if (typeof method !== 'string') return method;
  let lower = LOWER_METHODS.get(method);
  if (lower === undefined) {
    lower = method.toLowerCase();
    // Bounded: methods are tokens from a small set; anything unusual is simply not remembered.
    if (LOWER_METHODS.size < 64) LOWER_METHODS.set(method, lower);
  }
  return lower;
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the per-method adders are defined on the prototype below
export class Route {
  // Declared and assigned in the constructor (see Layer): a route is built per registered path.
  declare readonly path: PathPattern;
  declare readonly stack: Layer[];
  /**
   * Lower-case method name → true; `_all` when `all()` was used. A plain object, as in Express,
   * because tools read it with `hasOwnProperty`; lookups compare with `=== true`.
   */
  declare readonly methods: Record<string, boolean>;

  constructor(path: PathPattern) {
    this.path = path;
    this.stack = [];
    this.methods = {};
  }

  /** Does this route serve `method` (upper or lower case)? GET also serves HEAD unless HEAD has its own. */
  handlesMethod(method: string): boolean {
    if (this.methods._all) return true;
    let name = lowerMethod(method);
    if (name === 'head' && !this.methods.head) name = 'get';
    return this.methods[name] === true;
  }

  /** The upper-case methods for an automatic OPTIONS answer. */
  allowedMethods(): string[] {
    const names = Object.keys(this.methods);
    if (this.methods.get && !this.methods.head) names.push('head');
    return names.map((n) => n.toUpperCase());
  }

  /** Runs the route's handlers for `req.method`; `next('route')` leaves the route. */
  dispatch(req: RoutedRequest, res: unknown, done: NextFunction): void {
    const stack = this.stack;
    if (stack.length === 0) {
      done();
      return;
    }
    let method = lowerMethod(req.method);
    if (method === 'head' && !this.methods.head) method = 'get';
    req.route = this;
    // Route handlers report the route's path as `route` (read once per dispatch).
    const traced = routerTracingActive();
    // The pattern the router matched (an array path's element), when the router was traced too.
    const matched = traced ? (req as MatchedRouteRequest)[MATCHED_ROUTE] : undefined;
    const routePath = matched !== undefined ? matched : this.path;
    if (stack.length === 1) {
      // One handler: what the route's own `next` would do after it (`done(err)`, `done()` for
      // 'route') is what `done`, the router's `next`, does with the same argument (the router
      // knows it entered a route, and treats 'route' from it as no error).
      const only = stack[0];
      if (only.method !== undefined && only.method !== method) done();
      else if (traced) traceLayerCall(only, routePath, undefined, req, res, done);
      else only.handle_request(req, res, done);
      return;
    }
    let index = 0;
    let sync = 0;
    const next: NextFunction = (err?: unknown): void => {
      if (err) noteForwarded(err);
      if (err === 'route') return done();
      if (err === 'router') return done(err);
      // Deeply synchronous stacks yield to the event loop rather than overflow the call stack.
      if (++sync > 100) {
        setImmediate(next, err);
        return;
      }
      let layer = stack[index++];
      while (layer !== undefined && layer.method !== undefined && layer.method !== method) layer = stack[index++];
      if (layer === undefined) return done(err);
      if (traced) traceLayerCall(layer, routePath, err, req, res, next);
      else if (err) layer.handle_error(err, req, res, next);
      else layer.handle_request(req, res, next);
      sync = 0;
    };
    next();
  }

  /** Adds handlers for every method. */
  all(...handlers: unknown[]): this {
    return this.addHandlers(undefined, 'all', handlers);
  }

  /** The layer that holds one handler of this route (its path is never matched). */
  protected createLayer(handle: RouteHandler): Layer {
    return new Layer('/', {}, handle);
  }

  /** Adds handlers for one method (lower case); used by the generated `get`, `post`, … */
  addHandlers(method: string | undefined, label: string, handlers: unknown[]): this {
    for (const handle of flattenHandlers<unknown>(handlers)) {
      if (typeof handle !== 'function') {
        // Express throws a TypeError from `all()` but a plain Error from the method adders.
        const message = 'Route.' + label + '() requires a callback function but got a ' + describeType(handle);
        throw method === undefined ? new TypeError(message) : new Error(message);
      }
      const layer = this.createLayer(handle as RouteHandler);
      layer.method = method;
      if (method === undefined) this.methods._all = true;
      else this.methods[method] = true;
      this.stack.push(layer);
    }
    return this;
  }
}

/** The per-method adders of a route (`route.get(fn)`, `route['m-search'](fn)`). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the class
export interface Route {
  [method: string]: unknown;
}

for (const method of ROUTE_METHODS) {
  Object.defineProperty(Route.prototype, method, {
    configurable: true,
    writable: true,
    value: function addMethodHandlers(this: Route, ...handlers: unknown[]): Route {
      return this.addHandlers(method, method, handlers);
    },
  });
}

// Express's private spellings of the two method queries, which routing tools call directly.
Object.defineProperty(Route.prototype, '_handles_method', {
  configurable: true,
  writable: true,
  value: Route.prototype.handlesMethod,
});
Object.defineProperty(Route.prototype, '_options', {
  configurable: true,
  writable: true,
  value: Route.prototype.allowedMethods,
});
