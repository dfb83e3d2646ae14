import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import { createRouter, RouterCore, type Router } from '../router/router';
import { handleRequestToEnding, type Ending } from '../router/router-handle';
import { addAppEntryLayers } from '../router/app-entry-layers';
import type { Route } from '../router/route';
import { ROUTE_METHODS } from '../router/methods';
import { splitUseArguments } from '../router/flatten';
import type { NextFunction } from '../router/types';
import type { PathPattern } from '../router/path-pattern';
import { createFinalHandler } from './final-handler';
import { PorticoRequest } from '../request/request';
import { PorticoResponse } from '../response/response';
import { registerEngine } from '../views/register-engine';
import type { RenderCallback } from '../views/render-application';
import type * as RenderApplication from '../views/render-application';
import { lazyModule } from '../http/lazy-module';
import type { EngineFunction } from '../views/types';
import { readSetting, writeSetting, applyDefaultSettings, type Settings } from '../settings/settings';
import { prepareRequest, API_REQUEST_PROTO, API_RESPONSE_PROTO, REQUEST_PROTO, RESPONSE_PROTO } from './prepare-request';
import { inheritFromParent, inheritedRequestPrototype, inheritedResponsePrototype, isApplication, mountApplication, ownPrototype, relinkMountedApps, MOUNTED_APPS } from './mount-application';
import { warnDeprecated } from '../errors/deprecation';
import { captureQueryParser } from '../request/query';
import { REGISTRATION_ROUTER } from './app-router';
import { DEFERRED_DISPATCH, onDispatchSetting, requestListenerFor, setDispatchFailure } from './deferred-dispatch';
import type * as AppFetchModule from './app-fetch';

// View lookup and rendering are required on the first render.
const loadRenderApplication = lazyModule(() => require('../views/render-application') as typeof RenderApplication);
// The fetch transport is required on the first read of `app.fetch`: node:http apps never load it.
const loadAppFetch = lazyModule(() => require('./app-fetch') as typeof AppFetchModule);

/**
 * The methods of an application. An app is a function `(req, res, next)` whose prototype
 * carries these methods (and EventEmitter's), as `express()` returns a function.
 */
export class ApplicationCore {
  declare settings: Settings;
  declare locals: Record<string, unknown>;
  declare engines: Record<string, EngineFunction>;
  declare cache: Record<string, unknown>;
  declare mountpath: PathPattern;
  declare parent: Application | undefined;
  declare _router: Router | undefined;
  declare [REQUEST_PROTO]: object | undefined;
  declare [RESPONSE_PROTO]: object | undefined;
  declare [MOUNTED_APPS]: Application[] | undefined;
  /** `app.get(name)` reads a setting; `app.get(path, ...handlers)` routes GET (defined with the other methods). */
  declare get: (nameOrPath: string | PathPattern, ...handlers: unknown[]) => unknown;

  /** Gives a new app its state (Express's `app.init`, which code assembling an app by hand calls). */
  init(): void {
    this.settings = {};
    // A plain object, as in Express: view classes call hasOwnProperty on it. Its keys all start
    // with a dot, so nothing on Object.prototype can be mistaken for an engine.
    this.engines = {};
    this.cache = Object.create(null);
    this._router = undefined;
    this.defaultConfiguration();
  }

  /** The default settings, locals and mount behaviour of a new app (Express's `app.defaultConfiguration`). */
  defaultConfiguration(): void {
    applyDefaultSettings(this.settings);
    this.locals = Object.create(null);
    this.locals.settings = this.settings;
    this.mountpath = '/';
    this.parent = undefined;
    (this as unknown as Application).on('mount', inheritFromParent);
  }

  /** Returns the value of setting `name` (one argument), or assigns it and returns the app. */
  set(name: string, ...value: unknown[]): unknown {
    // Exactly one argument reads, as in Express; `app.set()` with none stores `undefined` under 'undefined'.
    if (arguments.length === 1) return readSetting(this.settings, name);
    if (name === DEFERRED_DISPATCH) onDispatchSetting(this as unknown as Application, value[0]);
    writeSetting(this.settings, name, value[0]);
    return this;
  }

  /** Sets a Boolean setting to true. */
  enable(name: string): this {
    this.set(name, true);
    return this;
  }

  /** Sets a Boolean setting to false. */
  disable(name: string): this {
    this.set(name, false);
    return this;
  }

  /** Is the setting truthy? */
  enabled(name: string): boolean {
    return Boolean(this.set(name));
  }

  /** Is the setting falsy? */
  disabled(name: string): boolean {
    return !this.set(name);
  }

  /** The router of this app, created on first use with the routing settings of that moment. */
  lazyRouter(): Router {
    if (this._router === undefined) {
      captureQueryParser(this as unknown as Parameters<typeof captureQueryParser>[0]);
      const router = createRouter({
        caseSensitive: this.enabled('case sensitive routing'),
        strict: this.enabled('strict routing'),
      });
      this._router = router;
      addAppEntryLayers(router);
    }
    return this._router;
  }

  /** Express's spelling of `lazyRouter`, which some middleware calls to reach `app._router`. */
  lazyrouter(): Router {
    return this.lazyRouter();
  }

  /** Handles a request: the app's stack, then `callback` (or the final handler). */
  handle(req: unknown, res: unknown, callback?: NextFunction): void {
    dispatchThroughRouter(this as unknown as Application, this._router, req, res, callback, ROUTER_HANDLE);
  }

  /** Mounts middleware, routers and sub-apps, optionally on a path. */
  use(...args: unknown[]): this {
    const { path, handlers } = splitUseArguments(args);
    if (handlers.length === 0) throw new TypeError('app.use() requires a middleware function');
    const router = registrationRouter(this);
    for (const fn of handlers) {
      if (!isApplication(fn)) {
        router.use(path, fn);
        continue;
      }
      mountApplication(this as unknown as Application, path as PathPattern, fn);
    }
    return this;
  }

  /** A route on `path`, to which method handlers are added. */
  route(path: PathPattern): Route {
    return registrationRouter(this).route(path);
  }

  /** Registers a template engine for files with extension `ext`. */
  engine(ext: string, fn: EngineFunction): this {
    registerEngine(this, ext, fn);
    return this;
  }

  /** Registers param callbacks (`name` may be an array; the function form is deprecated). */
  param(name: string | string[] | ((...args: never[]) => unknown), fn?: unknown): this {
    const router = registrationRouter(this);
    if (Array.isArray(name)) {
      for (const n of name) this.param(n, fn);
      return this;
    }
    router.param(name as string, fn);
    return this;
  }

  /** The canonical path of the app: mount paths of its ancestors joined; '' for the root app. */
  path(): string {
    return this.parent ? this.parent.path() + String(this.mountpath) : '';
  }

  /** Routes every HTTP method on `path` (one handler layer per method, as Express 4 does). */
  all(path: PathPattern, ...handlers: unknown[]): this {
    const route = registrationRouter(this).route(path);
    for (const method of ROUTE_METHODS) route.addHandlers(method, method, handlers);
    return this;
  }

  /** Renders a view and calls back with the HTML; nothing is sent. */
  render(name: string, options?: Record<string, unknown> | RenderCallback, callback?: RenderCallback): void {
    let opts = options;
    let done = callback;
    if (typeof opts === 'function') {
      done = opts;
      opts = {};
    }
    // Passed on as given: like Express 4, null or undefined options fail on reading their `_locals`.
    loadRenderApplication().renderApplication(this, name, opts as Record<string, unknown>, done as RenderCallback);
  }

  /** Creates an HTTP server for this app and calls its `listen` with the same arguments. */
  listen(...args: unknown[]): Server {
    const server = createServer({ IncomingMessage: PorticoRequest, ServerResponse: PorticoResponse }, requestListenerFor(this as unknown as Application));
    return server.listen(...(args as Parameters<Server['listen']>));
  }

  /**
   * `app.fetch(request, context?)`: the app as a Web-standard fetch handler (docs/fetch.md), bound to
   * the app, the same function on every read, so it can be passed on alone (`{ fetch: app.fetch }`).
   */
  get fetch(): AppFetchModule.AppFetch {
    // Read on a prototype (debuggers, util.inspect): there is no app to bind, and nothing is cached.
    if (typeof this !== 'function') return undefined as unknown as AppFetchModule.AppFetch;
    return loadAppFetch().appFetchOf(this as unknown as Application);
  }

  /** An app may replace its handler, as any member: the value becomes its own property. */
  set fetch(value: AppFetchModule.AppFetch) {
    Object.defineProperty(this, 'fetch', { configurable: true, enumerable: true, writable: true, value });
  }

  /** Express 4 removed `app.router`; reading it is an error that says so. */
  get router(): never {
    throw new Error(
      "'app.router' is deprecated!\nPlease see the 3.x to 4.x migration guide for details on how to update your app.",
    );
  }

  /** The request prototype of this app (created on first access, so untouched apps never swap prototypes). */
  get request(): PorticoRequest {
    if (this[REQUEST_PROTO] === undefined) {
      this[REQUEST_PROTO] = ownPrototype(this, inheritedRequestPrototype(this as unknown as Application, this.parent));
      relinkMountedApps(this);
    }
    return this[REQUEST_PROTO] as PorticoRequest;
  }

  /** The response prototype of this app (created on first access). */
  get response(): PorticoResponse {
    if (this[RESPONSE_PROTO] === undefined) {
      this[RESPONSE_PROTO] = ownPrototype(this, inheritedResponsePrototype(this as unknown as Application, this.parent));
      relinkMountedApps(this);
    }
    return this[RESPONSE_PROTO] as PorticoResponse;
  }
}

/** An application: callable as a request listener, with the app methods and EventEmitter's. */
export interface Application extends ApplicationCore, EventEmitter {
  (req: unknown, res: unknown, next?: NextFunction): void;
  [method: string]: unknown;
}

/**
 * The router `use`, `route`, `param`, `all` and the method functions register on, reached as Express 4
 * reaches it: `this.lazyrouter()` first, which frameworks replace to arrange the stack their way
 * (LoopBack installs its middleware phases there), then `this._router`. Registration only: nothing
 * per request goes through here.
 */
function registrationRouter(app: ApplicationCore): Router {
  return (app as unknown as { [REGISTRATION_ROUTER](viaLazyrouter: boolean): Router })[REGISTRATION_ROUTER](true);
}

Object.defineProperty(ApplicationCore.prototype, REGISTRATION_ROUTER, {
  configurable: true,
  writable: true,
  value: function registrationRouter4(this: ApplicationCore, viaLazyrouter: boolean): Router {
    if (viaLazyrouter) this.lazyrouter();
    return this._router ?? this.lazyRouter();
  },
});

// Express 4's request and response are the API prototypes of every app built on these methods (see
// prepare-request.ts): what a root app's requests get until the app makes its own. Read for every
// request, so found on the prototype chain rather than by a fallback.
Object.defineProperty(ApplicationCore.prototype, API_REQUEST_PROTO, { configurable: true, writable: true, value: PorticoRequest.prototype });
Object.defineProperty(ApplicationCore.prototype, API_RESPONSE_PROTO, { configurable: true, writable: true, value: PorticoResponse.prototype });

/**
 * What `app.handle` does with the app's router (`undefined` when the app has none yet): the request
 * is prepared for the app, then the router runs, then `callback` or, for the root app, the final handler.
 * Shared by every application API; each passes the router it keeps.
 */
export function dispatchThroughRouter(
  app: Application,
  router: Router | undefined,
  req: unknown,
  res: unknown,
  callback: NextFunction | undefined,
  ownHandle: unknown,
): void {
  const request = req as PorticoRequest;
  const response = res as PorticoResponse;
  // The root app of a server, with its own router: the router is told to end the request with the
  // final handler, no closure. (Kept small: V8 inlines it, with the router's entry, into the app's
  // handler, and the inlining budget there is shared.) `ownHandle` is the `handle` of the API's
  // router class (Express 4's or 5's).
  if (router !== undefined && callback === undefined && router.handle === ownHandle) {
    prepareRequest(app, request, response);
    handleRequestToEnding(router, request, response, finish as Ending, app);
  } else {
    dispatchOtherwise(app, router, request, response, callback);
  }
}

/** `dispatchThroughRouter` for a mounted app (`callback`), an app without a router, or a replaced `router.handle`. */
function dispatchOtherwise(app: Application, router: Router | undefined, request: PorticoRequest, response: PorticoResponse, callback: NextFunction | undefined): void {
  if (router === undefined) {
    if (callback) callback();
    else finish(app, request, response, undefined);
    return;
  }
  prepareRequest(app, request, response);
  if (callback) router.handle(request, response, callback);
  // A replaced `handle` is called as Express calls it, with a function that ends the request.
  else router.handle(request, response, (err?: unknown): void => finish(app, request, response, err));
}

/** A router's own `handle`: an app whose router still has it may end requests without a closure. */
const ROUTER_HANDLE = RouterCore.prototype.handle;

/** The end of the root app's stack: the final handler, with the app's `env` and error logging. */
function finish(app: Application, req: PorticoRequest, res: PorticoResponse, err: unknown): void {
  createFinalHandler(req, res, {
    env: String(readSetting(app.settings, 'env')),
    onError: (error) => logError(app, error),
  })(err);
}

setDispatchFailure(finish as (app: Application, req: unknown, res: unknown, err: Error) => void);

function logError(app: Application, err: unknown): void {
  if (app.set('env') === 'test') return;
  // Whatever the error's `stack` holds is logged if truthy, else its own toString(), as Express logs.
  const error = err as { stack?: unknown; toString(): string };
  console.error(error.stack || error.toString());
}

Object.setPrototypeOf(ApplicationCore.prototype, Function.prototype);
// EventEmitter's methods, so `app.on('mount', …)` works on the function itself.
for (const key of Object.getOwnPropertyNames(EventEmitter.prototype)) {
  if (key === 'constructor') continue;
  Object.defineProperty(ApplicationCore.prototype, key, Object.getOwnPropertyDescriptor(EventEmitter.prototype, key) as PropertyDescriptor);
}

for (const method of ROUTE_METHODS) {
  Object.defineProperty(ApplicationCore.prototype, method, {
    configurable: true,
    writable: true,
    value: function routeMethod(this: ApplicationCore, path: PathPattern, ...handlers: unknown[]): unknown {
      // `app.get(name)` with exactly one argument reads a setting; `app.get()` is a route without a path (an error).
      if (method === 'get' && arguments.length === 1) return this.set(path as string);
      const route = registrationRouter(this).route(path);
      route.addHandlers(method, method, handlers);
      return this;
    },
  });
}

Object.defineProperty(ApplicationCore.prototype, 'del', {
  configurable: true,
  writable: true,
  value: function del(this: ApplicationCore, path: PathPattern, ...handlers: unknown[]): unknown {
    warnDeprecated('app.del: Use app.delete instead');
    return (this as unknown as Record<string, (...a: unknown[]) => unknown>).delete(path, ...handlers);
  },
});
