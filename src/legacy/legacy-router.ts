import { createRouter, PLAIN_DECODE_ERRORS, type Router } from '../router/router';
import { flattenHandlers, describeType } from '../router/flatten';
import { ROUTE_METHODS } from '../router/methods';
import type { PathKey, PathPattern } from '../router/path-pattern';
import type { NextFunction } from '../router/types';
import { routerTracingActive, traceInvocation } from '../router/tracing';
import { markUntraced } from '../router/traced-layer-call';
import { Route, matchParams } from './legacy-route';
import { pathnameOf } from '../http/url-parts';

/** One entry of `router.map[verb]` (`app.routes[verb]`): a `Route`, as 3.x apps inspect (and remove) them. */
export type LegacyRoute = Route;

/** Options of the 3.x `new express.Router(options)`. */
export interface LegacyRouterOptions {
  caseSensitive?: boolean;
  strict?: boolean;
}

type ParamHandler = (req: unknown, res: unknown, next: NextFunction, value: unknown, name: string) => unknown;
type ParamCustomizer = (name: string, arg: unknown) => unknown;

interface ParamRequest {
  params: Record<string, string>;
  route?: unknown;
}

/** What `matchRequest` reads of a request, and the index it records on it. */
export interface MatchableRequest {
  method?: string;
  url?: string;
  /** The index, in its verb's routes, of the route the last `matchRequest` found (3.x records it). */
  _route_index?: number;
}

/**
 * The 3.x `express.Router`: a route table by verb (`map`), apart from the middleware stack.
 * `middleware` is the function that dispatches it, placed where the app `use`s it. Routes run on
 * a core router (one route per path, handlers per verb), so dispatch costs what 4.x dispatch does;
 * the table is the 3.x view of them, and a route removed from it is skipped.
 */
export class LegacyRouter {
  /** The routes by lower-case verb. */
  map: Record<string, LegacyRoute[]> = {};
  params: Record<string, ParamHandler[]> = Object.create(null) as Record<string, ParamHandler[]>;
  _params: ParamCustomizer[] = [];
  caseSensitive: boolean;
  strict: boolean;
  /** The dispatching middleware (`app.use(router.middleware)`). */
  readonly middleware: Router;

  constructor(options: LegacyRouterOptions = {}) {
    this.caseSensitive = Boolean(options.caseSensitive);
    this.strict = Boolean(options.strict);
    this.middleware = createRouter();
    this.middleware[PLAIN_DECODE_ERRORS] = true;
  }

  /** Registers param callbacks, or (a function alone) a customiser of later `param` calls. */
  param(name: string | ParamCustomizer, fn?: unknown): this {
    if (typeof name === 'function') {
      this._params.push(name);
      return this;
    }
    const key = name[0] === ':' ? name.slice(1) : name;
    let callback = fn;
    for (const customize of this._params) {
      const replaced = customize(key, callback);
      if (replaced) callback = replaced;
    }
    if (typeof callback !== 'function') throw new Error('invalid param() call for ' + key + ', got ' + String(callback));
    (this.params[key] ??= []).push(callback as ParamHandler);
    return this;
  }

  /**
   * Adds a route for `method` on `path`; every callback must be a function (3.x threw for `null`
   * and `undefined` too). The path compiles with the router's case and strict settings of now.
   */
  route(method: string, path: PathPattern, ...handlers: unknown[]): this {
    const verb = method.toLowerCase();
    const callbacks = flattenHandlers<unknown>(handlers);
    for (const fn of callbacks) {
      if (typeof fn !== 'function') throw new Error('.' + verb + '() requires callback functions but got a ' + describeType(fn));
    }
    const record = new Route(verb, path, callbacks, { sensitive: this.caseSensitive, strict: this.strict });
    (this.map[verb] ??= []).push(record);
    this.middleware.caseSensitive = this.caseSensitive;
    this.middleware.strict = this.strict;
    this.middleware.route(path).addHandlers(verb, verb, [this.guard(verb, record), ...callbacks]);
    return this;
  }

  /** Adds the route for every verb. */
  all(path: PathPattern, ...handlers: unknown[]): this {
    for (const verb of ROUTE_METHODS) this.route(verb, path, ...handlers);
    return this;
  }

  /**
   * The first route of `method` from index `i` whose pattern matches `url`'s path, with its `params` set; HEAD
   * looks at the GET routes when no HEAD route matches.
   */
  match(method: string, url: string, i = 0): LegacyRoute | undefined {
    return this.find(method, url, i)?.route;
  }

  /**
   * `match` for a request's method and URL. As in 3.x, the request keeps the index of the route found
   * (`req._route_index`), so a caller can resume the search after it with `matchRequest(req, index + 1)`.
   */
  matchRequest(req: MatchableRequest, i = 0): LegacyRoute | undefined {
    const found = this.find(String(req.method), String(req.url), i);
    if (found === undefined) return undefined;
    req._route_index = found.index;
    return found.route;
  }

  /** The first matching route from index `i` and its index; HEAD falls back to the GET routes. */
  private find(method: string, url: string, i: number): { route: LegacyRoute; index: number } | undefined {
    const verb = method.toLowerCase();
    const path = pathnameOf(url);
    const found = this.matchVerb(verb, path, i);
    return found === undefined && verb === 'head' ? this.matchVerb('get', path, i) : found;
  }

  private matchVerb(verb: string, path: string, i: number): { route: LegacyRoute; index: number } | undefined {
    // `map` is a plain object, as in 3.x: a method named like one of its inherited keys has no routes.
    const routes = Object.prototype.hasOwnProperty.call(this.map, verb) ? this.map[verb] : undefined;
    if (!Array.isArray(routes)) return undefined;
    // As in 3.x, `i` is where the search starts in the verb's routes (the next route to try).
    for (let j = Math.max(0, i); j < routes.length; j++) {
      if (routes[j].match(path)) return { route: routes[j], index: j };
    }
    return undefined;
  }

  /**
   * The first handler of every route: skips a route removed from `map`, gives `req.params` its
   * 3.x array-like shape and runs the param callbacks. As in 3.x they run again for each matching
   * route (not once per request), and an error they pass reaches the route's own error-handling
   * callbacks first.
   */
  private guard(verb: string, record: LegacyRoute) {
    const map = (): Record<string, LegacyRoute[]> => this.map;
    const paramsOf = (): Record<string, ParamHandler[]> => this.params;
    const guard = function legacyRouteGuard(req: ParamRequest, res: unknown, next: NextFunction): void {
      if (!map()[verb]?.includes(record)) return next('route');
      // The core router matched the path with the 4.x compiler. The route's own 3.x expression has
      // the last word (a few patterns match more in 4.x: `/:p?/` takes `/.`), and gives the params
      // their 3.x places (`/*/:p` numbers its captures after the named ones).
      const matched = matchParams(record, pathnameOf((req as { url?: string }).url));
      if (matched === undefined) return next('route');
      req.params = matched;
      // `req.route` is the 3.x route: path, method, callbacks, keys, regexp and params.
      record.params = req.params;
      req.route = record;
      const params = paramsOf();
      const keys = record.keys;
      let keyIndex = 0;
      let fns: ParamHandler[] | undefined;
      let fnIndex = 0;
      let key: PathKey | undefined;
      const step = (err?: unknown): void => {
        if (err) return next(err);
        while (fns === undefined || fnIndex >= fns.length) {
          key = keys[keyIndex++];
          if (key === undefined) return next();
          fns = params[String(key.name)];
          fnIndex = 0;
          if (req.params[key.name as never] === undefined) fns = undefined;
        }
        const fn = fns[fnIndex++];
        const value: unknown = req.params[key!.name as never];
        const name = String(key!.name);
        if (routerTracingActive()) {
          // A 3.x param callback is reported with its route (3.x ignored returned promises).
          const ctx = { req, res, layer: record, handler: fn, route: record.path, param: name };
          traceInvocation(ctx, step, false, (tracedNext) => fn(req, res, tracedNext, value, name));
          return;
        }
        try {
          fn(req, res, step, value, name);
        } catch (thrown) {
          step(thrown);
        }
      };
      step();
    };
    // The guard is Portico's, not the app's: the tracing channel reports the route's own callbacks.
    markUntraced(guard);
    return guard;
  }
}

// `router.get(path, ...callbacks)` and the other verbs: `route(verb, …)`.
for (const verb of ROUTE_METHODS) {
  Object.defineProperty(LegacyRouter.prototype, verb, {
    configurable: true,
    writable: true,
    value: function legacyRouterVerb(this: LegacyRouter, path: PathPattern, ...handlers: unknown[]) {
      return this.route(verb, path, ...handlers);
    },
  });
}

