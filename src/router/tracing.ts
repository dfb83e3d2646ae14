import * as diagnostics from 'node:diagnostics_channel';
import { forwardedSince, forwardingMoment } from './forwarded-errors';
import type { NextFunction } from './types';

/**
 * The context of one handler invocation published on `express.router.request`, the tracing
 * channel of Express 5.3's router, with the same fields, so agents written for it work unchanged.
 */
export interface RouterRequestContext {
  req: unknown;
  res: unknown;
  /** The router's layer (for a param callback: the layer whose params are processed). */
  layer: unknown;
  /** The function invoked: the middleware, route handler, error handler or param callback. */
  handler: (...args: never[]) => unknown;
  /** The pattern that matched: the route's path, or the path middleware was mounted on. */
  route: unknown;
  /** The parameter name, for a `router.param` callback only. */
  param?: string;
  /** The error the invocation reported (`next(err)`, a throw, a rejection). */
  error?: unknown;
  /** The error an error handler received. */
  incomingError?: unknown;
  /** `true` for an error handler (four parameters). */
  errorHandler?: boolean;
  /** The value the invocation returned (a promise's resolved value). */
  result?: unknown;
}

/**
 * The pattern the request's current layer matched, kept on the request while a traced router
 * dispatches it (as router 2 keeps it): route handlers and param callbacks run later than the
 * match, and for an array path it is the element that matched.
 */
export const MATCHED_ROUTE = Symbol('portico.matchedRoute');

/** A request that may carry the matched pattern. */
export interface MatchedRouteRequest {
  [MATCHED_ROUTE]?: unknown;
}

type Channels = diagnostics.TracingChannel<RouterRequestContext>;

/**
 * The channel (`tracing:express.router.request:start`, `…:end`, and so on). Node 18 before 18.19
 * has no TracingChannel: there, one built from the five plain channels of the same names, which is
 * what a TracingChannel is.
 */
function createChannels(): Channels {
  const name = 'express.router.request';
  if (typeof diagnostics.tracingChannel === 'function') return diagnostics.tracingChannel<RouterRequestContext>(name);
  const sub = (event: string) => diagnostics.channel('tracing:' + name + ':' + event);
  return { start: sub('start'), end: sub('end'), asyncStart: sub('asyncStart'), asyncEnd: sub('asyncEnd'), error: sub('error') } as unknown as Channels;
}

const channels = createChannels();
const startChannel = channels.start;
const endChannel = channels.end;
const asyncStartChannel = channels.asyncStart;
const asyncEndChannel = channels.asyncEnd;
const errorChannel = channels.error;

/**
 * Does anyone listen? Read once when a request enters a router or a route: when nobody does, no
 * context is built and the handler is called as before. (TracingChannel's own `hasSubscribers`
 * is missing before Node 20.13; each channel's is older.)
 */
export const routerTracingActive: () => boolean =
  typeof (channels as { hasSubscribers?: boolean }).hasSubscribers === 'boolean'
    ? () => channels.hasSubscribers
    : () =>
        startChannel.hasSubscribers ||
        endChannel.hasSubscribers ||
        asyncStartChannel.hasSubscribers ||
        asyncEndChannel.hasSubscribers ||
        errorChannel.hasSubscribers;

/** The errors already published for a request: an error is reported once, where it starts. */
const PUBLISHED = Symbol('portico.publishedErrors');

type TracedRequest = { [PUBLISHED]?: WeakSet<object> };

function alreadyPublished(req: unknown, err: unknown): boolean {
  if ((typeof err !== 'object' || err === null) && typeof err !== 'function') return false;
  const seen = (req as TracedRequest)[PUBLISHED];
  return seen !== undefined && seen.has(err);
}

function markPublished(req: unknown, err: unknown): void {
  if ((typeof err !== 'object' || err === null) && typeof err !== 'function') return;
  const request = req as TracedRequest;
  let seen = request[PUBLISHED];
  if (seen === undefined) {
    seen = new WeakSet();
    // Not enumerable: code that enumerates `req` sees what it sees without a subscriber.
    Object.defineProperty(request, PUBLISHED, { value: seen, configurable: true, writable: true });
  }
  seen.add(err);
}

/** Publishes `err` on the error channel unless it was published for this request already. */
function publishError(ctx: RouterRequestContext, err: unknown): void {
  if (alreadyPublished(ctx.req, err)) return;
  markPublished(ctx.req, err);
  errorChannel.publish(ctx);
}

/**
 * Calls a handler inside the channel's `start`/`end` (and, for a returned promise, `asyncStart`/
 * `asyncEnd`), publishing `error` once where an error starts. `invoke` receives the `next` to hand
 * the handler. What the call does to the request is what the untraced call does: a returned
 * promise that rejects becomes `next(err)` when `forwardRejections` (as in Portico's 4.x layers;
 * 3.x callbacks leave it alone).
 */
export function traceInvocation(
  ctx: RouterRequestContext,
  next: NextFunction,
  forwardRejections: boolean,
  invoke: (next: NextFunction) => unknown,
): void {
  if (hasRunStores) startChannel.runStores(ctx, runTraced, undefined, ctx, next, forwardRejections, invoke);
  else {
    startChannel.publish(ctx);
    runTraced(ctx, next, forwardRejections, invoke);
  }
}

/** `runStores` (bound stores, then publish) is missing before Node 18.19: publishing alone then. */
const hasRunStores = typeof (startChannel as { runStores?: unknown }).runStores === 'function';

function publishSettled(ctx: RouterRequestContext): void {
  if (hasRunStores) asyncStartChannel.runStores(ctx, publishAsyncEnd, undefined, ctx);
  else {
    asyncStartChannel.publish(ctx);
    asyncEndChannel.publish(ctx);
  }
}

function runTraced(ctx: RouterRequestContext, next: NextFunction, forwardRejections: boolean, invoke: (next: NextFunction) => unknown): void {
  const incoming = ctx.incomingError;
  const errorHandler = ctx.errorHandler === true;
  const tracedNext = function next_(err?: unknown): void {
    // 'route' and 'router' are routing signals, not errors; an error handler passing on what it
    // received, or anyone passing on an error reported upstream, reports nothing new.
    if (err && err !== 'route' && err !== 'router' && !(errorHandler && err === incoming) && !alreadyPublished(ctx.req, err)) {
      ctx.error = err;
      publishError(ctx, err);
    }
    next(err);
  } as NextFunction;
  let ret: unknown;
  const moment = forwardingMoment();
  try {
    ret = invoke(tracedNext);
  } catch (thrown) {
    // A throw always sets `error`, even one already reported (an error handler rethrowing).
    ctx.error = thrown;
    publishError(ctx, thrown);
    next(thrown);
    endChannel.publish(ctx);
    return;
  }
  if (ret === undefined || ret === null || typeof (ret as Promise<unknown>).then !== 'function') {
    ctx.result = ret;
    endChannel.publish(ctx);
    return;
  }
  // `error` or `result` set at `end` means nothing async follows; an error already passed to
  // `next` is therefore held back during `end` and restored when the promise settles.
  const hasEarlyError = 'error' in ctx;
  const earlyError = ctx.error;
  if (hasEarlyError) delete ctx.error;
  endChannel.publish(ctx);
  (ret as Promise<unknown>).then(
    (value: unknown) => {
      if (hasEarlyError) ctx.error = earlyError;
      ctx.result = value;
      publishSettled(ctx);
    },
    (reason: unknown) => {
      ctx.error = reason;
      publishError(ctx, reason);
      if (forwardRejections && !forwardedSince(reason, moment)) next(reason || new Error('Rejected promise'));
      publishSettled(ctx);
    },
  );
}

function publishAsyncEnd(ctx: RouterRequestContext): void {
  asyncEndChannel.publish(ctx);
}
