import { createRouter, type Router } from '../router/router';
import { flattenHandlers } from '../router/flatten';
import { compilePathPattern, type PathKey, type PathPattern } from '../router/path-pattern';
import type { NextFunction } from '../router/types';

/** One entry of `app.routes[verb]`, as 3.x apps inspect (and remove) them. */
export interface LegacyRoute {
  path: PathPattern;
  method: string;
  callbacks: unknown[];
  keys: PathKey[];
  regexp: RegExp;
  /** The parameters of the route's latest match (3.x kept them on the route). */
  params?: Record<string, string>;
}

type ParamHandler = (req: unknown, res: unknown, next: NextFunction, value: unknown, name: string) => unknown;
type ParamCustomizer = (name: string, arg: unknown) => unknown;

interface ParamRequest {
  params: Record<string, string>;
  route?: unknown;
}

/**
 * The 3.x route table of one app. Routes live in their own router, apart from the middleware
 * stack: `app.router` is the middleware that dispatches them, placed where the app `use`s it (or,
 * when the app never does, where its first route is defined). Middleware and error handlers
 * `use`d after it therefore run after every route, whenever the routes were defined.
 */
export class LegacyRoutes {
  /** `app.routes`: the records by lower-case verb. */
  readonly map: Record<string, LegacyRoute[]> = Object.create(null) as Record<string, LegacyRoute[]>;
  readonly router: Router = createRouter();
  /** Has `app.router` been read (so placed, or about to be)? */
  used = false;
  private readonly params: Record<string, ParamHandler[]> = Object.create(null) as Record<string, ParamHandler[]>;
  private readonly customizers: ParamCustomizer[] = [];

  /** Registers param callbacks, or (a function alone) a customiser of later `param` calls. */
  param(name: string | ParamCustomizer, fn: unknown): void {
    if (typeof name === 'function') {
      this.customizers.push(name);
      return;
    }
    let callback = fn;
    for (const customize of this.customizers) {
      const replaced = customize(name, callback);
      if (replaced) callback = replaced;
    }
    if (typeof callback !== 'function') throw new Error('invalid param() call for ' + name + ', got ' + String(callback));
    (this.params[name] ??= []).push(callback as ParamHandler);
  }

  /** Adds a route for `verb`; its path compiles with the routing settings read when `app.router` was. */
  add(verb: string, path: PathPattern, handlers: unknown[]): void {
    const callbacks = flattenHandlers<unknown>(handlers);
    const { regexp, keys } = compilePathPattern(path, { sensitive: this.router.caseSensitive, strict: this.router.strict });
    const record: LegacyRoute = { path, method: verb, callbacks, keys, regexp };
    (this.map[verb] ??= []).push(record);
    this.router.route(path).addHandlers(verb, verb, [this.guard(verb, record), ...callbacks]);
  }

  /**
   * The first handler of every route: skips a route removed from `app.routes`, gives `req.params`
   * its 3.x array-like shape and runs the param callbacks. As in 3.x they run again for each
   * matching route (not once per request), and an error they pass reaches the route's own
   * error-handling callbacks first.
   */
  private guard(verb: string, record: LegacyRoute) {
    const map = this.map;
    const params = this.params;
    return function legacyRouteGuard(req: ParamRequest, res: unknown, next: NextFunction): void {
      if (!map[verb]?.includes(record)) return next('route');
      req.params = toArrayLikeParams(req.params) as unknown as Record<string, string>;
      // `req.route` is the 3.x route: path, method, callbacks, keys, regexp and params.
      record.params = req.params;
      req.route = record;
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
        try {
          fn(req, res, step, req.params[key!.name as never], String(key!.name));
        } catch (thrown) {
          step(thrown);
        }
      };
      step();
    };
  }
}

/** 3.x `req.params`: an array whose indexes are the unnamed captures and whose properties are the named ones. */
function toArrayLikeParams(params: Record<string, string>): string[] {
  if (Array.isArray(params)) return params;
  const list: string[] & Record<string, string> = [] as unknown as string[] & Record<string, string>;
  for (const key of Object.keys(params)) list[key] = params[key];
  return list;
}
