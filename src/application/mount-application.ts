import type { Application, ApplicationCore } from './application';
import type { PathPattern } from '../router/path-pattern';
import type { NextFunction } from '../router/types';
import type { PorticoRequest } from '../request/request';
import type { PorticoResponse } from '../response/response';
import { inheritSettings } from '../settings/settings';
import { restoreQueryOnReturn } from '../request/query';
import { registerSharedPrototype } from '../request/shared-prototypes';
import { REGISTRATION_ROUTER, type RegistersOnRouter } from './app-router';
import { adoptPrototypes, requestPrototypeOf, responsePrototypeOf, apiRequestPrototype, apiResponsePrototype, REQUEST_PROTO, RESPONSE_PROTO } from './prepare-request';

// Mounting one app inside another (`app.use(path, subApp)`): recognising an app among
// middleware, the layer that runs it, what it inherits from its parent, and the request and
// response prototypes a mounted app gives the requests inside it.

/** Duck-typing of an app among middleware, as Express does (`handle` and `set`). */
export function isApplication(fn: unknown): fn is Application {
  return typeof fn === 'function' && typeof (fn as Application).handle === 'function' && typeof (fn as Application).set === 'function';
}

/** Mounts a sub-app: settings inheritance, `mount` event, and `req.app` restored when it hands back. */
// The mounted app is named `fn`, as in Express: an app-like object without `emit` fails with the same TypeError.
export function mountApplication(parent: Application, path: PathPattern, fn: Application): void {
  fn.mountpath = path;
  fn.parent = parent;
  // Express 4 gives a request inside a mounted app that app's own prototypes (and the parent's back
  // as it leaves): a mounted app has its own from now on, so that the switch happens on entry. Only
  // requests that enter a mounted app pay for it; the parent's are not created for this.
  fn[REQUEST_PROTO] ??= ownPrototype(fn, inheritedRequestPrototype(fn, parent));
  fn[RESPONSE_PROTO] ??= ownPrototype(fn, inheritedResponsePrototype(fn, parent));
  (parent[MOUNTED_APPS] ??= []).push(fn);
  const mountedApp = function mountedApp(req: PorticoRequest, res: PorticoResponse, next: NextFunction): void {
    const original = req.app;
    fn.handle(req, res, (err?: unknown) => {
      req.app = original;
      res.app = original;
      adoptPrototypes(original, req, res);
      restoreQueryOnReturn(original as unknown as Parameters<typeof restoreQueryOnReturn>[0], req as { query?: unknown });
      next(err);
    });
  };
  // The layer's name is Express's, which route-listing tools recognise when they walk the stack.
  Object.defineProperty(mountedApp, 'name', { value: 'mounted_app' });
  (parent as unknown as RegistersOnRouter)[REGISTRATION_ROUTER](false).use(path, mountedApp);
  fn.emit('mount', parent);
}

/** The default 'mount' behaviour of every app: inherit settings and engines from the parent. */
export function inheritFromParent(this: Application, parent: Application): void {
  inheritSettings(this.settings, parent.settings);
  Object.setPrototypeOf(this.engines, parent.engines);
  if (this[REQUEST_PROTO] !== undefined) Object.setPrototypeOf(this[REQUEST_PROTO], inheritedRequestPrototype(this, parent));
  if (this[RESPONSE_PROTO] !== undefined) Object.setPrototypeOf(this[RESPONSE_PROTO], inheritedResponsePrototype(this, parent));
}

/**
 * What a mounted app's own request prototype inherits from: its parent's, as in Express, when both
 * are apps of the same API; an Express 5 app inside an Express 4 app (or the reverse) keeps its own
 * API's request, so each keeps its semantics (`req.query`, the removed methods). A root app's is its API's.
 */
export function inheritedRequestPrototype(child: Application, parent: Application | undefined): object {
  return parent !== undefined && sameApi(child, parent) ? requestPrototypeOf(parent) : apiRequestPrototype(child);
}

/** The response side of `inheritedRequestPrototype`. */
export function inheritedResponsePrototype(child: Application, parent: Application | undefined): object {
  return parent !== undefined && sameApi(child, parent) ? responsePrototypeOf(parent) : apiResponsePrototype(child);
}

function sameApi(a: Application, b: Application): boolean {
  return apiRequestPrototype(a) === apiRequestPrototype(b);
}

/** The apps mounted on an app, whose prototypes inherit from that app's. */
export const MOUNTED_APPS = Symbol('portico.mountedApps');

/** A new `app.request`/`app.response`: inherits from `parent`, knows its app, registered as shared. */
export function ownPrototype(app: ApplicationCore, parent: object): object {
  return registerSharedPrototype(
    Object.create(parent, { app: { configurable: true, enumerable: true, writable: true, value: app } }) as object,
  );
}

/**
 * Called when an app creates its own prototypes after apps were mounted on it: theirs inherited from
 * what was in force above it until then, and now inherit from the app's, as if they had always.
 */
export function relinkMountedApps(app: ApplicationCore): void {
  for (const child of app[MOUNTED_APPS] ?? []) {
    if (child[REQUEST_PROTO] !== undefined) Object.setPrototypeOf(child[REQUEST_PROTO], inheritedRequestPrototype(child, app as Application));
    if (child[RESPONSE_PROTO] !== undefined) Object.setPrototypeOf(child[RESPONSE_PROTO], inheritedResponsePrototype(child, app as Application));
  }
}
