import { Layer } from './layer';
import type { NextFunction } from './types';

/*
 * Express 4 begins every app's stack with two middleware layers, `query` and `expressInit`, and
 * tools read them there: OpenTelemetry gives each a span, route listers skip them by name. Portico
 * does their work elsewhere (the app prepares `req`/`res` and sets `req.query` as the request enters
 * it), so an app's stack begins with two layers whose handles only pass the
 * request on. Calling them would cost two layer visits per request for nothing, so the dispatch
 * starts after them while nothing watches; once an agent has wrapped a handle, replaced a method
 * of `Layer.prototype`, or hooks `process_params` (which Express calls for every matched layer),
 * they are matched and run as Express would.
 */

/** The handle of an app's `query` layer: the app set `req.query` as the request entered it. */
export const appQueryHandle = function query(_req: unknown, _res: unknown, next: NextFunction): void {
  next();
};

/** The handle of an app's `expressInit` layer: the app prepared the request before its router ran. */
export const appInitHandle = function expressInit(_req: unknown, _res: unknown, next: NextFunction): void {
  next();
};

const ownHandleRequest = Layer.prototype.handle_request;
const ownMatch = Layer.prototype.match;

/** Adds the two entry layers to a new app's router, through its `use` as Express does. */
export function addAppEntryLayers(router: { use(fn: unknown): unknown; stack: Layer[] }): void {
  router.use(appQueryHandle);
  router.use(appInitHandle);
  // As they would be after matching any path, for tools that read them without a request.
  for (const layer of router.stack) {
    layer.path = '';
    layer.params = {};
  }
}

/** Where the dispatch of `stack` starts: after the app's entry layers, unless they must run. */
export function firstLayerToRun(stack: readonly Layer[], paramsHooked: boolean): number {
  if (paramsHooked || stack.length < 2) return 0;
  const first = stack[0];
  if (first.handle !== appQueryHandle || stack[1].handle !== appInitHandle) return 0;
  if (first.handle_request !== ownHandleRequest || first.match !== ownMatch) return 0;
  return 2;
}
