import { Layer } from './layer';
import { appInitHandle, appQueryHandle } from './app-entry-layers';
import { traceInvocation, type RouterRequestContext } from './tracing';
import type { NextFunction } from './types';

type Handler = (...args: never[]) => unknown;

const ownHandleRequest = Layer.prototype.handle_request;
const ownHandleError = Layer.prototype.handle_error;

/**
 * Handles that are Portico's plumbing rather than the app's: the app's `query` and `expressInit`
 * entry layers and the 3.x route guard. They are not reported, as Express 5 has none of them.
 */
const untraced = new WeakSet<Handler>([appQueryHandle as Handler, appInitHandle as Handler]);

/** Marks a handle that the channel should not report (it is part of the framework). */
export function markUntraced(fn: Handler): void {
  untraced.add(fn);
}

/**
 * `layer.handle_request(req, res, next)` (no `error`) or `layer.handle_error(error, …)`, reported on
 * `express.router.request` with `route` as the matched pattern. A layer whose `handle_request` or
 * `handle_error` was replaced (by instrumentation of Express 4) is called through the replacement,
 * unreported: the replacement decides what runs.
 */
export function traceLayerCall(layer: Layer, route: unknown, error: unknown, req: unknown, res: unknown, next: NextFunction): void {
  const fn = layer.handle as Handler;
  if (error) {
    if (layer.handle_error !== ownHandleError || fn.length !== 4 || untraced.has(fn)) {
      layer.handle_error(error, req, res, next);
      return;
    }
    const ctx: RouterRequestContext = { req, res, incomingError: error, layer, handler: fn, route, errorHandler: true };
    traceInvocation(ctx, next, true, (tracedNext) => (fn as (e: unknown, q: unknown, s: unknown, n: NextFunction) => unknown)(error, req, res, tracedNext));
    return;
  }
  if (layer.handle_request !== ownHandleRequest || fn.length > 3 || untraced.has(fn)) {
    layer.handle_request(req, res, next);
    return;
  }
  const ctx: RouterRequestContext = { req, res, layer, handler: fn, route };
  traceInvocation(ctx, next, true, (tracedNext) => (fn as (q: unknown, s: unknown, n: NextFunction) => unknown)(req, res, tracedNext));
}
