import { createServer, type Server } from 'node:http';
import type { EventEmitter } from 'node:events';
import { createApplication } from '../application/create-application';
import { ApplicationCore, dispatchThroughRouter, type Application } from '../application/application';
import { API_REQUEST_PROTO, API_RESPONSE_PROTO } from '../application/prepare-request';
import { REGISTRATION_ROUTER } from '../application/app-router';
import type { Router } from '../router/router';
import { createRouter5, Router5Core } from '../router/router5';
import { parseQueryByGetter } from '../request/query';
import type { NextFunction } from '../router/types';
import { Express5Request } from './express5-request';
import { Express5Response } from './express5-response';
import { copyMembers } from './copy-members';
import { requestListenerFor } from '../application/deferred-dispatch';
import { compileQueryParser5 } from './query-parser-5';

/** The members of the 4.x application that Express 5 removed (`app.router` is a getter of each app there). */
const REMOVED = ['lazyRouter', 'lazyrouter', 'del', 'router', 'request', 'response'];

/** The Express 5 router's own `handle` (see dispatchThroughRouter). */
const ROUTER5_HANDLE = Router5Core.prototype.handle;

/** Where an Express 5 app keeps its router, created on first use. */
const ROUTER = Symbol('portico.express5Router');

/** An Express 5 application. */
export interface Express5Application extends Omit<ApplicationCore, 'lazyRouter' | 'lazyrouter' | 'router'>, EventEmitter {
  (req: unknown, res: unknown, next?: NextFunction): void;
  /** The app's router, created on first read with the routing settings of that moment. */
  readonly router: Router;
  [ROUTER]: Router | undefined;
}

/**
 * `portico5.application`: the prototype of every Express 5 app. It holds the 4.x app's members
 * (the same functions) but the ones 5.x removed, and the ones whose 5.x behaviour differs.
 */
export const express5Application: Record<string | symbol, unknown> = Object.create(Function.prototype) as Record<string | symbol, unknown>;
copyMembers(ApplicationCore.prototype, express5Application, REMOVED);

const core = ApplicationCore.prototype as unknown as Record<string, (this: unknown, ...args: unknown[]) => unknown>;

const methods: Record<string, (this: Express5Application, ...args: never[]) => unknown> = {
  init(this: Express5Application) {
    // Express 4's state, but objects without a prototype, as Express 5 makes them, and no `_router`.
    this.settings = Object.create(null) as typeof this.settings;
    this.engines = Object.create(null) as typeof this.engines;
    this.cache = Object.create(null) as typeof this.cache;
    this[ROUTER] = undefined;
    this.defaultConfiguration();
  },

  defaultConfiguration(this: Express5Application) {
    core.defaultConfiguration.call(this);
    this.set('query parser', 'simple');
  },

  /** As in Express 4, but `query parser` compiles to Express 5's parser (its qs, no function for `false`). */
  set(this: Express5Application, name: string, ...value: unknown[]) {
    const result = core.set.apply(this, [name, ...value]);
    if (arguments.length > 1 && name === 'query parser') {
      Object.defineProperty(this.settings, 'query parser fn', { configurable: true, enumerable: true, writable: true, value: compileQueryParser5(value[0]) });
    }
    return result;
  },

  /** Express 5 takes only a name (or names) and a function; the router checks both. */
  param(this: Express5Application, name: string | string[], fn: unknown) {
    if (Array.isArray(name)) {
      for (const n of name) this.param(n, fn);
      return this;
    }
    this.router.param(name, fn);
    return this;
  },

  /** Express 5.3 reads null or undefined options as none (4.x fails on reading their `_locals`). */
  render(this: Express5Application, name: string, options?: unknown, callback?: unknown) {
    core.render.call(this, name, options ?? {}, callback);
  },

  handle(this: Express5Application, req: unknown, res: unknown, callback?: NextFunction) {
    dispatchThroughRouter(this as unknown as Application, this.router, req, res, callback, ROUTER5_HANDLE);
  },

  /** Creates a server for this app; an error while listening goes to the callback, as in Express 5. */
  listen(this: Express5Application, ...args: unknown[]): Server {
    const server = createServer({ IncomingMessage: Express5Request, ServerResponse: Express5Response }, requestListenerFor(this as unknown as Application));
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (err?: Error) => void;
      let called = false;
      const once = (err?: Error): void => {
        if (called) return;
        called = true;
        callback.call(server, err);
      };
      args[last] = once;
      server.once('error', once);
    }
    return server.listen(...(args as Parameters<Server['listen']>));
  },
};
for (const [name, value] of Object.entries(methods)) {
  Object.defineProperty(express5Application, name, { configurable: true, enumerable: true, writable: true, value });
}

Object.defineProperty(express5Application, REGISTRATION_ROUTER, {
  configurable: true,
  writable: true,
  value: function registrationRouter5(this: Express5Application): Router {
    return this.router;
  },
});
Object.defineProperty(express5Application, API_REQUEST_PROTO, { configurable: true, writable: true, value: Express5Request.prototype });
Object.defineProperty(express5Application, API_RESPONSE_PROTO, { configurable: true, writable: true, value: Express5Response.prototype });

const requestGetter = Object.getOwnPropertyDescriptor(ApplicationCore.prototype, 'request')?.get as (this: unknown) => unknown;
const responseGetter = Object.getOwnPropertyDescriptor(ApplicationCore.prototype, 'response')?.get as (this: unknown) => unknown;

/** Creates an Express 5 app (`portico5()`). */
export function createExpress5Application(): Express5Application {
  const app = createApplication(express5Application) as unknown as Express5Application;
  parseQueryByGetter(app as unknown as Parameters<typeof parseQueryByGetter>[0]);
  // Own, enumerable members of each app in Express 5; the prototypes are made on first read, so
  // an app that never touches them never swaps a request's prototype.
  Object.defineProperties(app, {
    request: { configurable: true, enumerable: true, get: requestGetter },
    response: { configurable: true, enumerable: true, get: responseGetter },
    router: {
      configurable: true,
      enumerable: true,
      get(this: Express5Application): Router {
        return (this[ROUTER] ??= createRouter5({ caseSensitive: this.enabled('case sensitive routing'), strict: this.enabled('strict routing') }));
      },
    },
  });
  return app;
}
