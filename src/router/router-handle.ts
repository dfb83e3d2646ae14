import type { Layer, LayerMatch } from './layer';
import type { RouterCore } from './router';
import type { NextFunction, RoutedRequest } from './types';
import { runParamCallbacks, type ParamCallsMemo } from './param-callbacks';
import { pathnameOf, protohostOf } from './url-parts';
import { sendOptionsAnswer } from './options-answer';
import { buildStackIndex, candidatesFor, type StackIndex } from './stack-index';

/** Below this many layers a direct scan is cheaper than the index. */
const INDEX_THRESHOLD = 16;
const STACK_INDEX = Symbol('portico.stackIndex');

type IndexedRouter = RouterCore & { [STACK_INDEX]?: StackIndex };

/** The router's stack index, rebuilt when the stack has grown or shrunk since it was built. */
function indexOf(router: IndexedRouter): StackIndex {
  let index = router[STACK_INDEX];
  if (index === undefined || index.size !== router.stack.length) {
    index = router[STACK_INDEX] = buildStackIndex(router.stack, (layer) => layer.indexKey);
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
  const req = rawReq as RoutedRequest;
  const stack = router.stack;
  const protohost = protohostOf(req.url);
  const parentParams = req.params;
  const parentUrl = req.baseUrl || '';
  const savedNext = req.next;
  const memo: ParamCallsMemo = Object.create(null);
  const allowed: string[] | undefined = req.method === 'OPTIONS' ? [] : undefined;
  let index = 0;
  let removed = '';
  let slashAdded = false;
  let sync = 0;

  const done = (err?: unknown): void => {
    req.baseUrl = parentUrl;
    req.next = savedNext;
    req.params = parentParams;
    if (allowed !== undefined && !err && allowed.length !== 0) {
      sendOptionsAnswer(res, allowed, out);
      return;
    }
    out(err);
  };

  const next: NextFunction = (err?: unknown): void => {
    let layerError = err === 'route' ? null : err;
    if (slashAdded) {
      req.url = req.url.slice(1);
      slashAdded = false;
    }
    if (removed.length !== 0) {
      req.baseUrl = parentUrl;
      req.url = protohost + removed + req.url.slice(protohost.length);
      removed = '';
    }
    if (layerError === 'router') {
      setImmediate(done, null);
      return;
    }
    if (index >= stack.length) {
      setImmediate(done, layerError);
      return;
    }
    // Deeply synchronous stacks yield to the event loop rather than overflow the call stack.
    if (++sync > 100) {
      setImmediate(next, err);
      return;
    }
    const path = pathnameOf(req.url);
    let layer: Layer | undefined;
    let match: LayerMatch | null = null;
    // Large stacks are walked through the first-segment index; small ones are scanned directly.
    const indexed = stack.length >= INDEX_THRESHOLD ? indexOf(router) : undefined;
    const always = indexed ? indexed.always : undefined;
    const listed = indexed ? candidatesFor(indexed, path) : undefined;
    let a = always ? lowerBound(always, index) : 0;
    let b = listed ? lowerBound(listed, index) : 0;
    while (match === null && index < stack.length) {
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
      }
      layer = stack[index++];
      try {
        match = layer.match(path);
      } catch (decodeError) {
        layerError = layerError || decodeError;
        continue;
      }
      if (match === null) continue;
      const route = layer.route;
      if (route === undefined) continue;
      // Routes never handle errors; only error middleware does.
      if (layerError) {
        match = null;
        continue;
      }
      const method = req.method;
      const handles = route.handlesMethod(method);
      if (!handles && allowed !== undefined) appendAllowed(allowed, route.allowedMethods());
      if (!handles && method !== 'HEAD') match = null;
    }
    if (match === null || layer === undefined) {
      done(layerError);
      return;
    }
    const matched = layer;
    const found = match;
    if (matched.route !== undefined) req.route = matched.route;
    req.params = router.mergeParams ? mergeParams(found.params, parentParams) : found.params;
    if (!hasParamCallbacks(router.params, matched)) {
      // The common case: no param callback applies, so no continuation needs to be allocated.
      if (matched.route !== undefined) matched.handleRequest(req, res, next);
      else enterMiddleware(matched, layerError, found.path, path);
      sync = 0;
      return;
    }
    runParamCallbacks(router.params, matched, memo, req, res, (paramError?: unknown) => {
      if (paramError) next(layerError || paramError);
      else if (matched.route !== undefined) matched.handleRequest(req, res, next);
      else enterMiddleware(matched, layerError, found.path, path);
      sync = 0;
    });
  };

  const enterMiddleware = (layer: Layer, layerError: unknown, layerPath: string, path: string): void => {
    if (layerPath.length !== 0) {
      // The matched prefix must end at a segment boundary of the path it was matched against.
      if (layerPath !== path.slice(0, layerPath.length)) {
        next(layerError);
        return;
      }
      const after = path[layerPath.length];
      if (after !== undefined && after !== '/' && after !== '.') {
        next(layerError);
        return;
      }
      removed = layerPath;
      req.url = protohost + req.url.slice(protohost.length + removed.length);
      if (!protohost && req.url[0] !== '/') {
        req.url = '/' + req.url;
        slashAdded = true;
      }
      req.baseUrl = parentUrl + (removed.endsWith('/') ? removed.slice(0, -1) : removed);
    }
    if (layerError) layer.handleError(layerError, req, res, next);
    else layer.handleRequest(req, res, next);
  };

  req.next = next;
  req.baseUrl = parentUrl;
  req.originalUrl = req.originalUrl || req.url;
  next();
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
