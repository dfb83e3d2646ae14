import { createApplication } from '../application/create-application';
import type { Application } from '../application/application';
import { REQUEST_PROTO, RESPONSE_PROTO } from '../application/prepare-request';
import { createRouter, type Router } from '../router/router';
import { ROUTE_METHODS } from '../router/methods';
import { flattenHandlers } from '../router/flatten';
import { compilePathPattern, type PathKey, type PathPattern } from '../router/path-pattern';
import type { NextFunction } from '../router/types';
import { LegacyRequest } from './legacy-request';
import { LegacyResponse } from './legacy-response';
import { createLocals, type LocalsFunction } from './locals-function';

/** One entry of `app.routes[verb]`, as 3.x apps inspect (and remove) them. */
export interface LegacyRoute {
  path: PathPattern;
  method: string;
  callbacks: unknown[];
  keys: PathKey[];
  regexp: RegExp;
}

/** A 3.x-style application: the 4.x app plus `configure`, `routes` and function `locals`. */
export interface LegacyApplication extends Application {
  /** Runs `fn` when `env` is the app's environment (or always, without `env`). */
  configure(env: string | (() => void), ...rest: Array<string | (() => void)>): LegacyApplication;
  /** Routes by lower-case verb; removing an entry removes the route. */
  routes: Record<string, LegacyRoute[]>;
  locals: LocalsFunction;
}

/** Creates an app with the 3.x interface on the 4.x core. */
export function createLegacyApplication(): LegacyApplication {
  const app = createApplication() as LegacyApplication;
  const env = String(app.set('env'));
  app.set('json spaces', env === 'development' ? 2 : 0);
  app.set('json replacer', null);

  const locals = createLocals();
  locals.settings = app.settings;
  app.locals = locals;
  app.routes = Object.create(null) as Record<string, LegacyRoute[]>;
  app[REQUEST_PROTO] = Object.create(LegacyRequest.prototype, { app: { configurable: true, writable: true, value: app } });
  app[RESPONSE_PROTO] = Object.create(LegacyResponse.prototype, { app: { configurable: true, writable: true, value: app } });

  defineOwn(app, 'lazyRouter', function lazyRouter(this: LegacyApplication): Router {
    if (this._router === undefined) {
      this._router = createRouter({
        caseSensitive: this.enabled('case sensitive routing'),
        strict: this.enabled('strict routing'),
        dotBoundary: true,
      });
    }
    return this._router;
  });

  defineOwn(app, 'configure', function configure(this: LegacyApplication, ...args: Array<string | (() => void)>) {
    const fn = args.pop() as (this: LegacyApplication) => void;
    if (args.length === 0 || args.includes(String(this.set('env')))) fn.call(this);
    return this;
  });

  for (const verb of ROUTE_METHODS) {
    const core = app[verb] as (...a: unknown[]) => unknown;
    defineOwn(app, verb, function legacyVerb(this: LegacyApplication, path: PathPattern, ...handlers: unknown[]) {
      if (verb === 'get' && handlers.length === 0) return core.call(this, path);
      addLegacyRoute(this, verb, path, handlers);
      return this;
    });
  }
  defineOwn(app, 'all', function all(this: LegacyApplication, path: PathPattern, ...handlers: unknown[]) {
    for (const verb of ROUTE_METHODS) addLegacyRoute(this, verb, path, handlers);
    return this;
  });
  return app;
}

/** Registers a route on the 4.x router behind a guard that honours removal from `app.routes`. */
function addLegacyRoute(app: LegacyApplication, verb: string, path: PathPattern, handlers: unknown[]): void {
  const callbacks = flattenHandlers<unknown>(handlers);
  const { regexp, keys } = compilePathPattern(path, {
    sensitive: app.enabled('case sensitive routing'),
    strict: app.enabled('strict routing'),
  });
  const record: LegacyRoute = { path, method: verb, callbacks, keys, regexp };
  const list = (app.routes[verb] ??= []);
  list.push(record);
  const route = app.lazyRouter().route(path);
  route.addHandlers(verb, verb, [
    function legacyRouteGuard(req: LegacyRequest, _res: unknown, next: NextFunction) {
      if (!app.routes[verb]?.includes(record)) return next('route');
      req.params = toArrayLikeParams(req.params) as unknown as Record<string, string>;
      next();
    },
    ...callbacks,
  ]);
}

/** 3.x `req.params`: an array whose indexes are the unnamed captures and whose properties are the named ones. */
function toArrayLikeParams(params: Record<string, string>): string[] {
  const list: string[] & Record<string, string> = [] as unknown as string[] & Record<string, string>;
  for (const key of Object.keys(params)) list[key] = params[key];
  return list;
}

function defineOwn(target: object, name: string, value: unknown): void {
  Object.defineProperty(target, name, { configurable: true, writable: true, value });
}
