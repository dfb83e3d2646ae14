import { Server as HttpServer } from 'node:http';
import { Server as HttpsServer } from 'node:https';
import { ApplicationCore } from '../application/application';
import { splitUseArguments } from '../router/flatten';
import type { NextFunction } from '../router/types';

type Handler = (req: unknown, res: unknown, next: NextFunction) => unknown;

interface HandleObject {
  handle: (req: unknown, res: unknown, next: NextFunction) => unknown;
  set?: unknown;
  route?: string;
}

const coreUse = ApplicationCore.prototype.use;

/**
 * The 3.x `app.use([path], ...fns)`: besides middleware and apps, Connect mounted an `http.Server`
 * (through its request listener) and any object with a `handle(req, res, next)` method, which
 * gets the mount path as its `route`. Everything else goes to the 4.x `use` unchanged.
 */
export function legacyUse(this: ApplicationCore, ...args: unknown[]): ApplicationCore {
  const { path, handlers } = splitUseArguments(args);
  return coreUse.call(this, path, ...handlers.map((fn) => asMiddleware(fn, path)));
}

/** A server's request listener, or a `handle` object's method, as middleware; anything else as given. */
function asMiddleware(fn: unknown, mountPath: unknown): unknown {
  if (fn instanceof HttpServer || fn instanceof HttpsServer) {
    const listener = fn.listeners('request')[0];
    return typeof listener === 'function' ? listener : fn;
  }
  if (typeof fn === 'object' && fn !== null && typeof (fn as HandleObject).handle === 'function') return handleOf(fn as HandleObject, mountPath);
  // A Connect app (a function with `handle`, but no settings) learns its mount path too; apps with
  // settings are mounted by the core (a 3.x app takes its path from the 'mount' event), and a
  // router's `route` is a method, not a path.
  const target = fn as unknown as HandleObject;
  if (typeof fn === 'function' && typeof target.handle === 'function' && typeof target.set !== 'function' && typeof target.route !== 'function') {
    target.route = String(mountPath);
  }
  return fn;
}

function handleOf(target: HandleObject, mountPath: unknown): Handler {
  target.route = String(mountPath);
  return function mountedHandle(req, res, next) {
    return target.handle(req, res, next);
  };
}
