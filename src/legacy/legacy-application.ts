import type { IncomingMessage, ServerResponse } from 'node:http';
import { createApplication } from '../application/create-application';
import type { Application } from '../application/application';
import { REQUEST_PROTO, RESPONSE_PROTO } from '../application/prepare-request';
import { createRouter, type Router } from '../router/router';
import { ROUTE_METHODS } from '../router/methods';
import type { PathPattern } from '../router/path-pattern';
import { LegacyRequest } from './legacy-request';
import { LegacyResponse } from './legacy-response';
import { createLocals, type LocalsFunction } from './locals-function';
import { compileLegacyETag } from './legacy-etag';
import { legacyFinalHandler } from './legacy-final-handler';
import { LegacyRoutes, type LegacyRoute } from './legacy-routes';

export type { LegacyRoute } from './legacy-routes';

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
  // `etag` compiles to the 3.x tags (MD5), here and whenever the app changes it.
  const coreSet = app.set;
  defineOwn(app, 'set', function set(this: LegacyApplication, name: string, ...value: unknown[]) {
    const result = coreSet.call(this, name, ...value);
    if (value.length !== 0 && name === 'etag') {
      Object.defineProperty(this.settings, 'etag fn', { configurable: true, enumerable: true, writable: true, value: compileLegacyETag(value[0]) });
    }
    return result;
  });
  app.set('etag', app.set('etag'));

  const locals = createLocals();
  locals.settings = app.settings;
  app.locals = locals;
  const routes = new LegacyRoutes();
  app.routes = routes.map;
  app[REQUEST_PROTO] = Object.create(LegacyRequest.prototype, { app: { configurable: true, writable: true, value: app } });
  app[RESPONSE_PROTO] = Object.create(LegacyResponse.prototype, { app: { configurable: true, writable: true, value: app } });

  // The root app ends requests with the 3.x responder; a mounted app hands them back to its parent.
  const coreHandle = app.handle;
  defineOwn(app, 'handle', function handle(this: LegacyApplication, req: IncomingMessage, res: ServerResponse, callback?: (err?: unknown) => void) {
    coreHandle.call(this, req, res, callback ?? ((err?: unknown) => legacyFinalHandler(req, res, err)));
  });

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

  // Reading `app.router` takes the routing settings of that moment, as 3.x did; the first route
  // reads it too when the app has not placed the router itself.
  Object.defineProperty(app, 'router', {
    configurable: true,
    get(this: LegacyApplication): Router {
      routes.used = true;
      routes.router.caseSensitive = this.enabled('case sensitive routing');
      routes.router.strict = this.enabled('strict routing');
      return routes.router;
    },
  });
  const addRoute = (self: LegacyApplication, verb: string, path: PathPattern, handlers: unknown[]): void => {
    if (!routes.used) self.use(routerOf(self));
    routes.add(verb, path, handlers);
  };

  for (const verb of ROUTE_METHODS) {
    const core = app[verb] as (...a: unknown[]) => unknown;
    defineOwn(app, verb, function legacyVerb(this: LegacyApplication, path: PathPattern, ...handlers: unknown[]) {
      if (verb === 'get' && handlers.length === 0) return core.call(this, path);
      addRoute(this, verb, path, handlers);
      return this;
    });
  }
  // 3.x spelled DELETE `app.del`, without a deprecation warning.
  defineOwn(app, 'del', app.delete);
  defineOwn(app, 'all', function all(this: LegacyApplication, path: PathPattern, ...handlers: unknown[]) {
    for (const verb of ROUTE_METHODS) addRoute(this, verb, path, handlers);
    return this;
  });
  defineOwn(app, 'param', function param(this: LegacyApplication, name: unknown, ...fns: unknown[]) {
    if (Array.isArray(name)) {
      for (const n of name as string[]) for (const fn of fns) routes.param(n, fn);
    } else if (typeof name === 'function') {
      routes.param(name as (n: string, arg: unknown) => unknown, undefined);
    } else {
      const key = String(name);
      for (const fn of fns) routes.param(key[0] === ':' ? key.slice(1) : key, fn);
    }
    return this;
  });
  return app;
}

/** `app.router` (typed `never` on the 4.x app, which throws there). */
function routerOf(app: LegacyApplication): Router {
  return (app as unknown as { router: Router }).router;
}

function defineOwn(target: object, name: string, value: unknown): void {
  Object.defineProperty(target, name, { configurable: true, writable: true, value });
}
