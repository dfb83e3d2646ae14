import { CALLBACK_KEYS, RAW_PATH, type Layer } from './layer';
import type { NextFunction, RoutedRequest } from './types';
import { forwardedSince, forwardingMoment, noteForwarded } from './forwarded-errors';
import { MATCHED_ROUTE, routerTracingActive, traceInvocation, type MatchedRouteRequest } from './tracing';

/** A param callback: `(req, res, next, value, name)`. */
export type ParamCallback = (req: never, res: never, next: NextFunction, value: unknown, name: string) => unknown;

/** What one request remembers of a parameter it already processed, so callbacks run once per value. */
interface ParamCall {
  error: unknown;
  match: unknown;
  value: unknown;
}

export type ParamCallsMemo = Record<string, ParamCall>;

/**
 * Runs the param callbacks registered for the keys of `layer`, in key order, before the layer's
 * handlers. A value already processed earlier in the same request is not processed again.
 */
export function runParamCallbacks(
  callbacksByName: Record<string, ParamCallback[]>,
  layer: Layer,
  memo: ParamCallsMemo,
  req: RoutedRequest,
  res: unknown,
  done: NextFunction,
): void {
  const keys = layer[CALLBACK_KEYS] ?? layer.keys;
  if (keys.length === 0) {
    done();
    return;
  }
  let keyIndex = 0;
  let callbackIndex = 0;
  let name: string;
  let value: unknown;
  let callbacks: ParamCallback[] | undefined;
  let call: ParamCall;

  const nextParam = (err?: unknown): void => {
    if (err) return done(err);
    if (keyIndex >= keys.length) return done();
    callbackIndex = 0;
    name = String(keys[keyIndex++].name);
    value = req.params[name];
    callbacks = callbacksByName[name];
    const previous = memo[name];
    if (value === undefined || !callbacks) return nextParam();
    if (previous && (previous.match === value || (previous.error && previous.error !== 'route'))) {
      req.params[name] = previous.value as string;
      return nextParam(previous.error);
    }
    memo[name] = call = { error: null, match: value, value };
    nextCallback();
  };

  const nextCallback = (err?: unknown): void => {
    const fn = (callbacks as ParamCallback[])[callbackIndex++];
    call.value = req.params[name];
    if (err) {
      noteForwarded(err);
      call.error = err;
      nextParam(err);
      return;
    }
    if (!fn) return nextParam();
    if (routerTracingActive()) {
      const matched = (req as MatchedRouteRequest)[MATCHED_ROUTE];
      const ctx = { req, res, layer, handler: fn, route: matched !== undefined ? matched : layer[RAW_PATH], param: name };
      traceInvocation(ctx, nextCallback, true, (tracedNext) => fn(req as never, res as never, tracedNext, value, name));
      return;
    }
    try {
      const moment = forwardingMoment();
      const ret = fn(req as never, res as never, nextCallback, value, name);
      if (ret !== undefined && ret !== null && typeof (ret as Promise<unknown>).then === 'function') {
        (ret as Promise<unknown>).then(undefined, (reason: unknown) => {
          if (!forwardedSince(reason, moment)) nextCallback(reason || new Error('Rejected promise'));
        });
      }
    } catch (e) {
      nextCallback(e);
    }
  };

  nextParam();
}

/**
 * Express's `router.process_params(layer, called, req, res, done)`: runs this router's param
 * callbacks for the keys of a matched layer. Every router has it on its prototype; the dispatch
 * calls it through the router only when it was replaced (agents such as Sentry wrap it to learn
 * the matched route) or when a callback applies, so an app without either never pays for it.
 */
export function processParams(
  this: { params: Record<string, ParamCallback[]> },
  layer: Layer,
  called: ParamCallsMemo,
  req: RoutedRequest,
  res: unknown,
  done: NextFunction,
): void {
  runParamCallbacks(this.params, layer, called, req, res, done);
}
