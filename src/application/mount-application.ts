import type { Application } from './application';
import type { PathPattern } from '../router/path-pattern';
import type { NextFunction } from '../router/types';
import type { PorticoRequest } from '../request/request';
import type { PorticoResponse } from '../response/response';
import { inheritSettings } from '../settings/settings';
import { adoptPrototypes, REQUEST_PROTO, RESPONSE_PROTO } from './prepare-request';

// Mounting one app inside another (`app.use(path, subApp)`): recognising an app among
// middleware, the layer that runs it, and what it inherits from its parent.

/** Duck-typing of an app among middleware, as Express does (`handle` and `set`). */
export function isApplication(fn: unknown): fn is Application {
  return typeof fn === 'function' && typeof (fn as Application).handle === 'function' && typeof (fn as Application).set === 'function';
}

/** Mounts a sub-app: settings inheritance, `mount` event, and `req.app` restored when it hands back. */
// The mounted app is named `fn`, as in Express: an app-like object without `emit` fails with the same TypeError.
export function mountApplication(parent: Application, path: PathPattern, fn: Application): void {
  fn.mountpath = path;
  fn.parent = parent;
  const mountedApp = function mountedApp(req: PorticoRequest, res: PorticoResponse, next: NextFunction): void {
    const original = req.app;
    fn.handle(req, res, (err?: unknown) => {
      req.app = original;
      res.app = original;
      adoptPrototypes(original, req, res);
      next(err);
    });
  };
  // The layer's name is Express's, which route-listing tools recognise when they walk the stack.
  Object.defineProperty(mountedApp, 'name', { value: 'mounted_app' });
  parent.lazyRouter().use(path, mountedApp);
  fn.emit('mount', parent);
}

/** The default 'mount' behaviour of every app: inherit settings and engines from the parent. */
export function inheritFromParent(this: Application, parent: Application): void {
  inheritSettings(this.settings, parent.settings);
  Object.setPrototypeOf(this.engines, parent.engines);
  if (this[REQUEST_PROTO] !== undefined) Object.setPrototypeOf(this[REQUEST_PROTO], parent.request);
  if (this[RESPONSE_PROTO] !== undefined) Object.setPrototypeOf(this[RESPONSE_PROTO], parent.response);
}
