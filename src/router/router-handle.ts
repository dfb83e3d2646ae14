import { INDEX_KEY, Layer, matchedPattern, type LayerParams } from './layer';
import type { RouterCore } from './router';
import type { NextFunction, RoutedRequest } from './types';
import { processParams, type ParamCallsMemo } from './param-callbacks';
import { firstLayerToRun } from './app-entry-layers';
import { noteForwarded } from './forwarded-errors';
import { pathnameOf, protohostOf } from '../http/url-parts';
import { rawPrefixLength } from '../http/legacy-target';
import { sendOptionsAnswer, sendOptionsAnswer5 } from './options-answer';
import { EXPRESS5_ROUTING, type MaybeExpress5Router } from './express5-marker';
import { buildStackIndex, candidatesFor, indexIsCurrent, type StackIndex } from './stack-index';
import { MATCHED_ROUTE, routerTracingActive, type MatchedRouteRequest } from './tracing';
import { traceLayerCall } from './traced-layer-call';

/** Below this many layers a direct scan is cheaper than the index. */
const INDEX_THRESHOLD = 16;
const STACK_INDEX = Symbol('portico.stackIndex');

type IndexedRouter = RouterCore & { [STACK_INDEX]?: StackIndex };

const OWN_MATCH = Layer.prototype.match;

/**
 * The index key of a layer, or undefined (always a candidate) for a layer whose own `match` was
 * replaced: the replacement may match paths outside the layer's first segment.
 */
function keyOf(layer: Layer): string | undefined {
  return Object.prototype.hasOwnProperty.call(layer, 'match') ? undefined : layer[INDEX_KEY];
}

/**
 * The router's stack index, rebuilt when the stack is no longer the one it was built for, or
 * undefined when `Layer.prototype.match` was replaced (then every layer is asked, as Express asks).
 */
function indexOf(router: IndexedRouter): StackIndex | undefined {
  if (Layer.prototype.match !== OWN_MATCH) return undefined;
  let index = router[STACK_INDEX];
  if (index === undefined || !indexIsCurrent(index, router.stack)) {
    index = router[STACK_INDEX] = buildStackIndex(router.stack, keyOf);
  }
  return index;
}

/** Does any key of `layer` have param callbacks in this router? */
function hasParamCallbacks(callbacksByName: Record<string, unknown>, layer: Layer): boolean {
  const keys = layer.keys;
  for (let i = 0; i < keys.length; i++) if (callbacksByName[keys[i].name] !== undefined) return true;
  return false;
}

/** First position in the ascending list `list` that is >= `value`. */
function lowerBound(list: readonly number[], value: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The dispatch loop of a router: walks the stack in registration order, matching each layer
 * against the path, stripping the mount path for middleware and restoring it afterwards.
 */
export function handleRequest(router: RouterCore, rawReq: unknown, res: unknown, out: NextFunction): void {
  startFrame(new DispatchFrame(router, rawReq as RoutedRequest, res, out, undefined, undefined, routerTracingActive()));
}

/**
 * What ends a request that leaves its outermost router: the app's final handler, called with the
 * app, so the app need not allocate an `out` closure for every request.
 */
export type Ending = (owner: never, req: never, res: never, err: unknown) => void;

/** `handleRequest` for the outermost router of an app: `ending(owner, req, res, err)` replaces `out`. */
export function handleRequestToEnding(router: RouterCore, rawReq: unknown, res: unknown, ending: Ending, owner: unknown): void {
  // The frame is built here, one call from the app's handler, and whether anyone traces is read
  // before it: V8 inlines these functions into the handler, and the constructor only while its
  // turn comes before the shared inlining budget runs out (the nearer the call, the sooner).
  startFrame(new DispatchFrame(router, rawReq as RoutedRequest, res, undefined, ending, owner, routerTracingActive()));
}

function startFrame(frame: DispatchFrame): void {
  const req = frame.req;
  frame.index = firstLayerToRun(frame.router.stack, frame.paramsHooked);
  req.next = frame.next;
  req.baseUrl = frame.parentUrl;
  req.originalUrl = req.originalUrl || req.url;
  frame.advance(undefined);
}

/**
 * One request's walk through one router. The state lives in fields of one object, and only
 * `next` (the function handed to middleware, `advance` bound to the frame) is a function object,
 * so entering a router costs two allocations; the param-callback memo is only created when a
 * callback runs.
 */
class DispatchFrame {
  // Declared, not initialised as class fields: plain assignments in the constructor give V8 one
  // stable object shape without the define-semantics cost of field initialisers.
  declare readonly router: RouterCore;
  declare readonly req: RoutedRequest;
  declare readonly res: unknown;
  declare readonly out: NextFunction | undefined;
  declare readonly ending: Ending | undefined;
  declare readonly owner: unknown;
  declare readonly protohost: string;
  declare readonly parentParams: Record<string, string>;
  declare readonly parentUrl: string;
  declare readonly savedNext: NextFunction | undefined;
  declare readonly allowed: string[] | undefined;
  declare readonly next: NextFunction;
  declare memo: ParamCallsMemo | undefined;
  declare index: number;
  declare removed: string;
  declare slashAdded: boolean;
  declare sync: number;
  declare lastUrl: string;
  declare lastPath: string;
  declare routeEnteredAt: number;
  /**
   * `process_params` was replaced (APM agents wrap it to learn the route): it is then called for
   * every matched layer, as Express calls it; otherwise only layers with param callbacks need it.
   */
  declare readonly paramsHooked: boolean;
  /** Someone listens on `express.router.request` (read once, as the request enters the router). */
  declare readonly traced: boolean;
  /** The matched pattern the request carried as it entered (restored as it leaves; traced only). */
  declare readonly savedRoute: unknown;

  constructor(router: RouterCore, req: RoutedRequest, res: unknown, out: NextFunction | undefined, ending: Ending | undefined, owner: unknown, traced: boolean) {
    this.router = router;
    this.req = req;
    this.res = res;
    this.out = out;
    this.ending = ending;
    this.owner = owner;
    this.protohost = protohostOf(req.url);
    this.parentParams = req.params;
    this.parentUrl = req.baseUrl || '';
    this.savedNext = req.next;
    this.allowed = req.method === 'OPTIONS' ? [] : undefined;
    // A bound function is one allocation; an arrow capturing `this` is two (closure and context).
    this.next = this.advance.bind(this) as NextFunction;
    this.memo = undefined;
    this.index = 0;
    this.removed = '';
    this.slashAdded = false;
    this.sync = 0;
    // '' stands for "none yet": its pathname is '' too, so starting from it changes no answer,
    // and the comparison below always sees strings.
    this.lastUrl = '';
    this.lastPath = '';
    this.routeEnteredAt = -1;
    this.paramsHooked = router.process_params !== processParams;
    this.traced = traced;
    this.savedRoute = traced ? (req as MatchedRouteRequest)[MATCHED_ROUTE] : undefined;
  }

  /** Leaves the router: restores what it changed on the request, answers OPTIONS, calls `out`. */
  done(err?: unknown): void {
    const req = this.req;
    req.baseUrl = this.parentUrl;
    req.next = this.savedNext;
    req.params = this.parentParams;
    if (this.traced) (req as MatchedRouteRequest)[MATCHED_ROUTE] = this.savedRoute;
    const allowed = this.allowed;
    if (allowed !== undefined && !err && allowed.length !== 0) {
      const send = (this.router as MaybeExpress5Router)[EXPRESS5_ROUTING] === true ? sendOptionsAnswer5 : sendOptionsAnswer;
      send(this.res, allowed, this.out ?? ((e?: unknown): void => this.end(e)));
      return;
    }
    if (this.out !== undefined) this.out(err);
    else this.end(err);
  }

  /** Hands the request to the ending (only for frames started without `out`). */
  private end(err: unknown): void {
    (this.ending as (owner: unknown, req: unknown, res: unknown, err: unknown) => void)(this.owner, this.req, this.res, err);
  }

  /** What `next(err)` does: restore the URL the last middleware saw, then find the next matching layer. */
  advance(err: unknown): void {
    const req = this.req;
    if (err) noteForwarded(err);
    const stack = this.router.stack;
    // A one-handler route hands its handler this `next` directly (see Route.dispatch), so its
    // next('route') arrives here; Express's route would have called next() for it, leaving
    // `undefined` as the error. From middleware or a param callback, 'route' becomes null.
    // (The `typeof` tests first: compared with a value of any type, `===` calls V8's generic
    // comparison on every layer; `err` is almost always undefined.)
    let layerError = typeof err === 'string' && err === 'route' ? (this.routeEnteredAt === this.index ? undefined : null) : err;
    if (this.slashAdded) {
      if ((this.router as MaybeExpress5Router)[EXPRESS5_ROUTING] !== true || dropsAddedSlash5(req.url, this.removed)) req.url = req.url.slice(1);
      this.slashAdded = false;
    }
    if (this.removed.length !== 0) {
      const protohost = this.protohost;
      req.baseUrl = this.parentUrl;
      req.url = protohost + this.removed + req.url.slice(protohost.length);
      this.removed = '';
    }
    if (typeof layerError === 'string' && layerError === 'router') {
      setImmediate(finishLater, this, null);
      return;
    }
    if (this.index >= stack.length) {
      setImmediate(finishLater, this, layerError);
      return;
    }
    // Deeply synchronous stacks yield to the event loop rather than overflow the call stack.
    if (++this.sync > 100) {
      setImmediate(this.next, err);
      return;
    }
    // Middleware rarely rewrites req.url: the pathname of the URL seen last time is reused.
    const url = req.url as string;
    if (url !== this.lastUrl) {
      this.lastUrl = url;
      this.lastPath = pathnameOf(url);
    }
    const path = this.lastPath;
    // A request-target without a pathname matches nothing: the router is left at once.
    if (path.length === 0) {
      this.done(layerError);
      return;
    }
    const allowed = this.allowed;
    let index = this.index;
    let layer: Layer | undefined;
    let match = false;
    // Large stacks are walked through the first-segment index; small ones are scanned directly.
    const indexed = stack.length >= INDEX_THRESHOLD ? indexOf(this.router) : undefined;
    let always = indexed ? indexed.always : undefined;
    let listed = indexed ? candidatesFor(indexed, path) : undefined;
    let a = always ? lowerBound(always, index) : 0;
    let b = listed ? lowerBound(listed, index) : 0;
    const start = index;
    while (!match && index < stack.length) {
      if (always !== undefined && listed !== undefined) {
        const nextAlways = a < always.length ? always[a] : stack.length;
        const nextListed = b < listed.length ? listed[b] : stack.length;
        if (nextAlways < nextListed) {
          index = nextAlways;
          a++;
        } else {
          index = nextListed;
          b++;
        }
        if (index >= stack.length) break;
        if (stack[index] !== (indexed as StackIndex).layers[index]) {
          // A layer was moved or replaced in place since the index was built: this walk scans
          // the stack directly from where it began, and the next one rebuilds the index.
          (this.router as IndexedRouter)[STACK_INDEX] = undefined;
          always = listed = undefined;
          index = start;
        }
      }
      layer = stack[index++];
      try {
        match = layer.match(path);
      } catch (decodeError) {
        layerError = layerError || decodeError;
        continue;
      }
      if (!match) continue;
      const route = layer.route;
      if (route === undefined) continue;
      // Routes never handle errors; only error middleware does.
      if (layerError) {
        match = false;
        continue;
      }
      const method = req.method;
      const handles = route.handlesMethod(method);
      if (!handles && allowed !== undefined) appendAllowed(allowed, route.allowedMethods());
      if (!handles && method !== 'HEAD') match = false;
    }
    this.index = index;
    if (!match || layer === undefined) {
      this.done(layerError);
      return;
    }
    const router = this.router;
    // Read now: the layer keeps only its latest match, and a param callback may let other requests run.
    const matchedPath = layer.takeMatchedPath();
    const params = layer.params as LayerParams;
    if (layer.route !== undefined) req.route = layer.route;
    if (this.traced) (req as MatchedRouteRequest)[MATCHED_ROUTE] = matchedPattern(layer);
    req.params = router.mergeParams ? mergeParams(params, this.parentParams) : params;
    if (!this.paramsHooked && !hasParamCallbacks(router.params, layer)) {
      // The common case: no param callback applies, so no continuation needs to be allocated.
      this.enter(layer, layerError, matchedPath, path);
      this.sync = 0;
      return;
    }
    const matched = layer;
    this.memo ??= Object.create(null) as ParamCallsMemo;
    router.process_params(matched, this.memo, req, this.res, (paramError?: unknown) => {
      if (paramError) this.advance(layerError || paramError);
      else this.enter(matched, layerError, matchedPath, path);
      this.sync = 0;
    });
  }

  /** Calls a matched layer: a route directly; middleware with its mount path stripped from the URL. */
  enter(layer: Layer, layerError: unknown, layerPath: string, path: string): void {
    const req = this.req;
    if (layer.route !== undefined) {
      this.routeEnteredAt = this.index;
      layer.handle_request(req, this.res, this.next);
      return;
    }
    // (The mount path is handled out of line: kept small, this method is inlined into `advance`,
    // which middleware mounted at `/`, the usual case, reaches once per layer.)
    if (layerPath.length !== 0 && !this.stripMountPath(layerError, layerPath, path)) return;
    if (this.traced) traceLayerCall(layer, (req as MatchedRouteRequest)[MATCHED_ROUTE], layerError, req, this.res, this.next);
    else if (layerError) layer.handle_error(layerError, req, this.res, this.next);
    else layer.handle_request(req, this.res, this.next);
  }

  /**
   * Strips the matched mount path from `req.url` and extends `req.baseUrl`; false (after moving on
   * to the next layer) when the matched prefix does not end at a segment boundary of the path.
   */
  private stripMountPath(layerError: unknown, layerPath: string, path: string): boolean {
    const req = this.req;
    const n = layerPath.length;
    // The matched prefix must end at a segment boundary of the path it was matched against.
    // (Character codes and startsWith: no one-character or prefix strings made per request.)
    if (!path.startsWith(layerPath)) {
      this.advance(layerError);
      return false;
    }
    const after = path.charCodeAt(n);
    if (n < path.length && after !== 0x2f /* / */ && (after !== 0x2e /* . */ || (this.router as MaybeExpress5Router)[EXPRESS5_ROUTING] === true)) {
      this.advance(layerError);
      return false;
    }
    const protohost = this.protohost;
    const start = protohost.length;
    // The URL as sent begins with the matched path unless the path was escaped (see
    // legacy-target.ts); then a 4.x router strips the characters that were escaped into it, so the
    // URL handed on keeps whole characters. Express cuts the sent URL at the escaped length, and
    // an Express 5 router does as router 2 does (docs/express5.md, "Routing").
    let cut = n;
    let removed = layerPath;
    if (!req.url.startsWith(layerPath, start) && (this.router as MaybeExpress5Router)[EXPRESS5_ROUTING] !== true) {
      const raw = rawPrefixLength(req.url, start, path, n);
      if (raw !== -1) cut = raw;
      removed = req.url.slice(start, start + cut);
    }
    this.removed = removed;
    let url = protohost + req.url.slice(start + cut);
    if (!protohost && url.charCodeAt(0) !== 0x2f /* / */) {
      url = '/' + url;
      this.slashAdded = true;
    }
    req.url = url;
    req.baseUrl = this.parentUrl + (layerPath.charCodeAt(n - 1) === 0x2f /* / */ ? layerPath.slice(0, -1) : layerPath);
    return true;
  }
}

/** The end of a router reached after a turn of the event loop (as Express leaves a router). */
function finishLater(frame: DispatchFrame, err: unknown): void {
  frame.done(err);
}

/**
 * Express 5 takes back the slash it added to a stripped URL only when the URL is still the root
 * (`/`, `/?…`), or begins with `/` under a mount path that ended with one: a URL a middleware
 * rewrote otherwise is left as it was written.
 */
function dropsAddedSlash5(url: string, removed: string): boolean {
  return url === '/' || url.startsWith('/?') || (removed.endsWith('/') && url.charCodeAt(0) === 0x2f);
}

function appendAllowed(list: string[], methods: string[]): void {
  for (const m of methods) if (!list.includes(m)) list.push(m);
}

/** With `mergeParams`: the parent's params, overridden by the child's; numbered captures are shifted. */
function mergeParams(params: Record<string, string>, parent: Record<string, string> | undefined): Record<string, string> {
  if (typeof parent !== 'object' || parent === null) return params;
  const merged: Record<string, string> = { ...parent };
  if (!(0 in params) || !(0 in parent)) return Object.assign(merged, params);
  // Both have numbered captures: the child's follow the parent's.
  let i = 0;
  let o = 0;
  while (i in params) i++;
  while (o in parent) o++;
  const shifted: Record<string, string> = { ...params };
  for (i--; i >= 0; i--) {
    shifted[i + o] = params[i];
    if (i < o) delete shifted[i];
  }
  return Object.assign(merged, shifted);
}
