import { registerSharedPrototype } from '../request/shared-prototypes';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createApplication } from '../application/create-application';
import { ApplicationCore, type Application } from '../application/application';
import { REQUEST_PROTO, RESPONSE_PROTO } from '../application/prepare-request';
import { createRouter, PLAIN_DECODE_ERRORS, type Router } from '../router/router';
import { ROUTE_METHODS } from '../router/methods';
import type { PathPattern } from '../router/path-pattern';
import { LegacyRequest } from './legacy-request';
import { LegacyResponse } from './legacy-response';
import { createLocals, type LocalsFunction } from './locals-function';
import { compileLegacyETag } from './legacy-etag';
import { legacyFinalHandler } from './legacy-final-handler';
import { LegacyRouter, type LegacyRoute } from './legacy-router';
import { legacyUse } from './legacy-mount';

export type { LegacyRoute } from './legacy-router';

const ROUTES = Symbol('portico.legacyRoutes');
const ROUTER_PLACED = Symbol('portico.legacyRouterPlaced');

/** A 3.x-style application: the 4.x app plus `configure`, `routes` and function `locals`. */
export interface LegacyApplication extends Application {
  /** Runs `fn` when `env` is the app's environment (or always, without `env`). */
  configure(env: string | (() => void), ...rest: Array<string | (() => void)>): LegacyApplication;
  /** Routes by lower-case verb; removing an entry removes the route. */
  routes: Record<string, LegacyRoute[]>;
  locals: LocalsFunction;
  [ROUTES]: LegacyRouter;
  [ROUTER_PLACED]: boolean;
}

type Core = ApplicationCore & Record<string, (...args: unknown[]) => unknown>;
const core = ApplicationCore.prototype as unknown as Core;

/**
 * `express.application` of the legacy entry: the prototype of every 3.x-style app. It inherits
 * the 4.x app's methods and overrides the ones 3.x defined differently; a method an app adds to
 * it appears on every app, as in 3.x.
 */
export const legacyApplication: Record<string, unknown> = Object.create(ApplicationCore.prototype) as Record<string, unknown>;

/** Creates an app with the 3.x interface on the 4.x core. */
export function createLegacyApplication(): LegacyApplication {
  const app = createApplication() as unknown as LegacyApplication;
  Object.setPrototypeOf(app, legacyApplication);
  const env = String(app.set('env'));
  // 3.x indented JSON by 2 in development; elsewhere the setting stays unset.
  if (env === 'development') app.set('json spaces', 2);
  app.set('json replacer', null);
  app.set('etag', app.set('etag'));

  const locals = createLocals();
  locals.settings = app.settings;
  app.locals = locals;
  const router = new LegacyRouter();
  app[ROUTES] = router;
  app[ROUTER_PLACED] = false;
  app.routes = router.map;
  // The mount path: '/' for a top-level app (3.x; not 4.x's `route(path)` method).
  (app as unknown as { route: string }).route = '/';
  app[REQUEST_PROTO] = registerSharedPrototype(Object.create(LegacyRequest.prototype, { app: { configurable: true, writable: true, value: app } }) as object);
  app[RESPONSE_PROTO] = registerSharedPrototype(Object.create(LegacyResponse.prototype, { app: { configurable: true, writable: true, value: app } }) as object);
  app.on('mount', takeMountPath);
  return app;
}

/** A mounted 3.x app's `route` is its mount path, as given. */
function takeMountPath(this: LegacyApplication): void {
  (this as unknown as { route: string }).route = String(this.mountpath);
}

const methods: Record<string, unknown> = {
  /** `etag` compiles to the 3.x tags (MD5), here and whenever the app changes it. */
  set(this: LegacyApplication, name: string, ...value: unknown[]) {
    const result = core.set.call(this, name, ...value);
    if (value.length !== 0 && name === 'etag') {
      Object.defineProperty(this.settings, 'etag fn', { configurable: true, enumerable: true, writable: true, value: compileLegacyETag(value[0]) });
    }
    return result;
  },

  /** The root app ends requests with the 3.x responder; a mounted app hands them back to its parent. */
  handle(this: LegacyApplication, req: IncomingMessage, res: ServerResponse, callback?: (err?: unknown) => void) {
    core.handle.call(this, req, res, callback ?? ((err?: unknown) => legacyFinalHandler(req, res, err)));
  },

  use: legacyUse,

  lazyRouter(this: LegacyApplication): Router {
    if (this._router === undefined) {
      // Mount paths match whatever the case, as Connect's did; routes have their own router.
      const stack = createRouter({ caseSensitive: false, strict: false, dotBoundary: true });
      stack[PLAIN_DECODE_ERRORS] = true;
      // 3.x apps reach their route table through `app._router` too (`app._router.match(…)`).
      const routes = this[ROUTES];
      Object.defineProperties(stack, {
        map: { configurable: true, get: () => routes.map },
        match: { configurable: true, writable: true, value: routes.match.bind(routes) },
        matchRequest: { configurable: true, writable: true, value: routes.matchRequest.bind(routes) },
      });
      this._router = stack;
    }
    return this._router;
  },

  configure(this: LegacyApplication, ...args: Array<string | (() => void)>) {
    const fn = args.pop() as (this: LegacyApplication) => void;
    if (args.length === 0 || args.includes(String(this.set('env')))) fn.call(this);
    return this;
  },

  del(this: LegacyApplication, path: PathPattern, ...handlers: unknown[]) {
    // 3.x spelled DELETE `app.del`, without a deprecation warning.
    addRoute(this, 'delete', path, handlers);
    return this;
  },

  all(this: LegacyApplication, path: PathPattern, ...handlers: unknown[]) {
    for (const verb of ROUTE_METHODS) addRoute(this, verb, path, handlers);
    return this;
  },

  param(this: LegacyApplication, name: unknown, ...fns: unknown[]) {
    const routes = this[ROUTES];
    if (Array.isArray(name)) {
      for (const n of name as string[]) for (const fn of fns) routes.param(n, fn);
    } else if (typeof name === 'function') {
      routes.param(name as (n: string, arg: unknown) => unknown);
    } else {
      for (const fn of fns) routes.param(String(name), fn);
    }
    return this;
  },
};
for (const [name, value] of Object.entries(methods)) defineOwn(legacyApplication, name, value);

for (const verb of ROUTE_METHODS) {
  defineOwn(legacyApplication, verb, function legacyVerb(this: LegacyApplication, path: PathPattern, ...handlers: unknown[]) {
    if (verb === 'get' && handlers.length === 0) return this.set(path as string);
    addRoute(this, verb, path, handlers);
    return this;
  });
}

// Reading `app.router` takes the routing settings of that moment, as 3.x did; the first route
// reads it too when the app has not placed the router itself.
Object.defineProperty(legacyApplication, 'router', {
  configurable: true,
  get(this: LegacyApplication): Router {
    const routes = this[ROUTES];
    this[ROUTER_PLACED] = true;
    routes.caseSensitive = this.enabled('case sensitive routing');
    routes.strict = this.enabled('strict routing');
    return routes.middleware;
  },
});

function addRoute(app: LegacyApplication, verb: string, path: PathPattern, handlers: unknown[]): void {
  if (!app[ROUTER_PLACED]) app.use((app as unknown as { router: Router }).router);
  app[ROUTES].route(verb, path, handlers);
}

function defineOwn(target: object, name: string, value: unknown): void {
  Object.defineProperty(target, name, { configurable: true, writable: true, value });
}
