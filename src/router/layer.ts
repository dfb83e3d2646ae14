import { compilePathPattern, type PathKey, type PathPattern, type PathPatternOptions } from './path-pattern';
import { decodeParam } from './decode-param';
import { startsWithIgnoringAsciiCase } from './char-match';
import { firstSegmentKey } from './stack-index';
import type { NextFunction } from './types';
import type { Route } from './route';
import { forwardedSince, forwardingMoment } from './forwarded-errors';
import type { MatchedPart, PathPattern5 } from './patterns/express5';
import type * as Layer5Fields from './layer5-fields';
import { lazyModule } from '../http/lazy-module';

// Express 5's path syntax and router 2's fields load with the first Express 5 layer: a 4.x app never loads them.
const loadLayer5 = lazyModule(() => require('./layer5-fields') as typeof Layer5Fields);

/** How a layer compiles its path, and how it reports a malformed escape in it. */
export interface LayerOptions extends PathPatternOptions {
  /** Fail with a plain `Error` (status 400), as Express 3 did, instead of the URIError of Express 4. */
  plainDecodeError?: boolean;
  /**
   * Express 5's path syntax and params (router 2, path-to-regexp 8): chosen per router by
   * `createRouter5`, read once here, so a 4.x layer's matching is unchanged.
   */
  syntax?: 5;
}

/** The params of a successful match: a fresh object each time, as handlers may write to `req.params`. */
export type LayerParams = Record<string, string>;

type AnyHandler = (...args: never[]) => unknown;

const hasOwn = Object.prototype.hasOwnProperty;

/*
 * What a layer keeps for its own matching lives under Symbols: `JSON.stringify` of a layer, a route
 * or `req.route`, `Object.keys` and `for…in` show Express 4's fields only (apps log and return
 * `req.route`). A Symbol-keyed field costs what a named one does to read.
 */
const EXEC = Symbol('exec');
const MATCHES_EVERYTHING = Symbol('matchesEverything');
const IS_STAR = Symbol('isStar');
const LITERAL = Symbol('literal');
const PREFIX_LITERAL = Symbol('prefixLiteral');
const LITERAL_SENSITIVE = Symbol('literalSensitive');
const LITERAL_STRICT = Symbol('literalStrict');
const LITERAL_ENDS_WITH_SLASH = Symbol('literalEndsWithSlash');
const ARITY_OF = Symbol('arityOf');
const ARITY = Symbol('arity');
const PLAIN_DECODE_ERROR = Symbol('plainDecodeError');
const SYNTAX5 = Symbol('syntax5');
const MATCHED_PART = Symbol('matchedPart');
const BARE_PARAMS = Symbol('bareParams');
const BARE_PARTS = Symbol('bareParts');
/** Express 5 layers have no RegExp (router 2 keeps none); this one stands in and never matches. */
const NO_REGEXP = /(?!)/;
/** The literal first path segment a layer can only match under (read by the stack index). */
export const INDEX_KEY = Symbol('indexKey');
/**
 * The keys whose param callbacks run, when not `keys` itself: an Express 5 path naming a
 * parameter twice (`/:id/:id`) runs its callbacks once, for the one value `req.params` keeps.
 */
export const CALLBACK_KEYS = Symbol('callbackKeys');
/** The path the layer was registered with: the `route` the tracing channel reports for middleware. */
export const RAW_PATH = Symbol('rawPath');

/**
 * One entry of a router's stack: a compiled path matcher and the function it calls, shaped as
 * Express 4's layer because instrumentation walks and patches it: `match(path)` leaves the params
 * in `params` and the matched part of the path in `path`, which the router reads in the same
 * synchronous step (so no other request can have matched in between); `handle_request` and
 * `handle_error` call the handle. The router calls all three through the prototype, so a
 * replacement installed on `Layer.prototype` takes effect on the next request at no cost to
 * anyone who does not install one.
 */
export class Layer {
  /*
   * Every field is declared and assigned by the constructor, in Express's order (`handle`, `name`,
   * `params`, `path`, `keys`, `regexp`; router 2's for an Express 5 layer), then the Symbol-keyed
   * ones. A class field would be defined on each layer before the constructor runs: `Object.keys`
   * and `console.log` of a layer would list the fields in another order, and a `handle` field would
   * hide the accessor that code such as express-async-errors installs on `Layer.prototype.handle`.
   * `method` (a layer of a route) and `route` (a layer of a router) are added by whoever creates
   * the layer, as Express adds them: a route's layers have no `route`, a router's have no `method`.
   */
  declare handle: AnyHandler;
  declare readonly name: string;
  /** The params of the last successful `match`. */
  declare params: LayerParams | undefined;
  /** The part of the path the last successful `match` consumed (stripped from `req.url` for middleware). */
  declare path: string | undefined;
  declare readonly keys: PathKey[];
  declare readonly regexp: RegExp;
  declare private readonly [EXEC]: (path: string) => ArrayLike<string | undefined> | null;
  /** Set for the layers inside a route: the lower-case method they serve (`undefined` = all). */
  declare method: string | undefined;
  /** Set for a router layer that dispatches to a route. */
  declare route: Route | undefined;
  /** The literal first path segment (lower case) this layer can only match under; undefined when any. */
  declare readonly [INDEX_KEY]: string | undefined;
  declare readonly [RAW_PATH]: PathPattern;
  declare private readonly [MATCHES_EVERYTHING]: boolean;
  declare private readonly [IS_STAR]: boolean;
  /** A literal path with no pattern syntax: compared as a string, no RegExp run. */
  declare private readonly [LITERAL]: string | undefined;
  /** The same for a middleware mount path (a prefix ending at a `/` or the end of the path). */
  declare private readonly [PREFIX_LITERAL]: string | undefined;
  declare private readonly [LITERAL_SENSITIVE]: boolean;
  declare private readonly [LITERAL_STRICT]: boolean;
  declare private readonly [LITERAL_ENDS_WITH_SLASH]: boolean;
  /** `handle.length`, read once per handler function (reading it is an API call in V8). */
  declare private [ARITY_OF]: AnyHandler | undefined;
  declare private [ARITY]: number;
  /** A malformed escape fails with 3.x's plain `Error` instead of 4.x's URIError (portico/legacy). */
  declare private readonly [PLAIN_DECODE_ERROR]: boolean;
  /** Express 5 params: absent keys left out, a wildcard's value an array of segments. */
  declare private readonly [SYNTAX5]: boolean;
  /** For an Express 5 array path: which element the last match matched (-1: not an array). */
  declare [MATCHED_PART]: number;
  /**
   * Express 5 gives the params of a string path an object without a prototype (router 2 and
   * path-to-regexp 8 build them so), those of a RegExp and of `use(fn)` a plain one; for an array
   * path, per element.
   */
  declare private readonly [BARE_PARAMS]: boolean;
  declare private readonly [BARE_PARTS]: boolean[] | undefined;
  declare readonly [CALLBACK_KEYS]: PathKey[] | undefined;

  constructor(path: PathPattern, options: LayerOptions, handle: AnyHandler) {
    const syntax5 = options.syntax === 5;
    const layer5 = syntax5 ? loadLayer5() : undefined;
    const compiled = layer5 !== undefined ? layer5.compilePathPattern5(path as PathPattern5, options) : compilePathPattern(path, options);
    this.handle = handle;
    this.name = handle.name || '<anonymous>';
    if (layer5 !== undefined) layer5.defineRouter2Fields(this, path, options);
    this.params = undefined;
    this.path = undefined;
    this.keys = compiled.keys;
    this.regexp = compiled.regexp ?? NO_REGEXP;
    this[EXEC] = compiled.exec;
    this[RAW_PATH] = path;
    this[MATCHES_EVERYTHING] = path === '/' && options.end === false;
    this[IS_STAR] = path === '*' && !syntax5;
    this[LITERAL] = typeof path === 'string' && options.end !== false && isPlainPath(path) ? literalOf(path, syntax5, options.strict === true) : undefined;
    this[PREFIX_LITERAL] =
      typeof path === 'string' &&
      options.end === false &&
      options.dotBoundary !== true &&
      !path.endsWith('/') &&
      isPlainPath(path)
        ? path
        : undefined;
    this[SYNTAX5] = syntax5;
    this[MATCHED_PART] = -1;
    this[BARE_PARAMS] = syntax5 && typeof path === 'string';
    this[CALLBACK_KEYS] = syntax5 ? distinctKeys(compiled.keys) : undefined;
    this[BARE_PARTS] = syntax5 && Array.isArray(path) ? (path as unknown[]).flat(Infinity).map((p) => typeof p === 'string') : undefined;
    this[LITERAL_SENSITIVE] = Boolean(options.sensitive);
    this[LITERAL_STRICT] = Boolean(options.strict);
    // (An Express 5 literal never ends with a slash but `/`, which also matches `//` there.)
    this[LITERAL_ENDS_WITH_SLASH] = this[LITERAL] !== undefined && this[LITERAL].endsWith('/') && !syntax5;
    this[ARITY_OF] = undefined;
    this[ARITY] = 0;
    this[PLAIN_DECODE_ERROR] = options.plainDecodeError === true;
    this[INDEX_KEY] = firstSegmentKey(path, options.end === false && options.dotBoundary === true);
    if (layer5 !== undefined) layer5.hideExpress4Fields(this);
    else if (!(path instanceof RegExp)) {
      // Express marks its two shortcuts on the RegExp; route-listing tools read them.
      const flags = this.regexp as RegExp & { fast_slash?: boolean; fast_star?: boolean };
      flags.fast_star = this[IS_STAR];
      flags.fast_slash = this[MATCHES_EVERYTHING];
    }
  }

  /**
   * Does `path` match? On a match, `params` and `path` describe it; on a miss they are left as
   * they were (Express clears them; nothing reads a layer that did not match). Throws a 400
   * error on a malformed escape.
   */
  match(path: string): boolean {
    const params = this.matchParams(path);
    if (params === null) return false;
    this.params = params;
    return true;
  }

  /**
   * The path the last `match` consumed, read by the dispatch right after the match. Router 2.3's
   * layers keep no matched path, so an Express 5 layer forgets it here: APM agents for Express 5
   * name a route handler's span by whether `layer.path` is set when the handler runs.
   */
  takeMatchedPath(): string {
    const path = this.path as string;
    if (this[SYNTAX5]) this.path = undefined;
    return path;
  }

  /** Matches `path`: its params, or null when it does not match (then `path` is unchanged). */
  private matchParams(path: string): LayerParams | null {
    if (this[MATCHES_EVERYTHING]) {
      this.path = '';
      return {};
    }
    if (this[IS_STAR]) {
      this.path = path;
      return { 0: decodeParam(path, this[PLAIN_DECODE_ERROR]) as string };
    }
    if (this[LITERAL] !== undefined) return this.matchLiteral(path);
    if (this[PREFIX_LITERAL] !== undefined) return this.matchPrefixLiteral(path);
    const m = this[EXEC](path);
    if (m === null) return null;
    if (this[SYNTAX5]) {
      const plain = this[PLAIN_DECODE_ERROR];
      this.path = m[0] as string;
      const part = (m as MatchedPart).part ?? -1;
      this[MATCHED_PART] = part;
      const bare = part === -1 ? this[BARE_PARAMS] : (this[BARE_PARTS] as boolean[])[part];
      return loadLayer5().paramsOf5(this.keys, m, (v) => decodeParam(v, plain) as string, bare) as LayerParams;
    }
    const params: LayerParams = {};
    const keys = this.keys;
    for (let i = 1; i < m.length; i++) {
      const key = keys[i - 1];
      const prop = key ? key.name : i - 1;
      const value = decodeParam(m[i], this[PLAIN_DECODE_ERROR]);
      if (value !== undefined || !hasOwn.call(params, prop)) params[prop] = value as string;
    }
    this.path = m[0] as string;
    return params;
  }

  /** The common route path without pattern syntax: string comparison instead of a RegExp. */
  private matchLiteral(path: string): LayerParams | null {
    const literal = this[LITERAL] as string;
    let candidate = path;
    if (!this[LITERAL_STRICT]) {
      if (this[LITERAL_ENDS_WITH_SLASH]) {
        if (candidate.length === literal.length - 1) candidate = candidate + '/';
      } else if (candidate.length === literal.length + 1 && candidate.endsWith('/')) {
        candidate = candidate.slice(0, -1);
      }
    }
    if (candidate.length !== literal.length) return null;
    // Most requests spell the path as it was registered: one comparison settles it.
    const equal = candidate === literal || (!this[LITERAL_SENSITIVE] && startsWithIgnoringAsciiCase(candidate, literal));
    if (!equal) return null;
    this.path = path;
    return this[BARE_PARAMS] ? (Object.create(null) as LayerParams) : {};
  }

  /**
   * A mount path without pattern syntax, as its RegExp `^L\/?(?=\/|$)` would match it: `L` at the
   * start, then the end of the path or a `/`; a `/` right after `L` is part of the match when the
   * path ends there or another `/` follows.
   */
  private matchPrefixLiteral(path: string): LayerParams | null {
    const literal = this[PREFIX_LITERAL] as string;
    const n = literal.length;
    if (path.length < n) return null;
    // Spelled as registered (the usual case), the prefix is the literal itself: no string is cut.
    const exact = path.startsWith(literal);
    if (!exact && (this[LITERAL_SENSITIVE] || !startsWithIgnoringAsciiCase(path, literal))) return null;
    if (path.length === n) {
      this.path = path;
      return this[BARE_PARAMS] ? (Object.create(null) as LayerParams) : {};
    }
    if (path.charCodeAt(n) !== 0x2f /* / */) return null;
    // Express 4 keeps a run of slashes' first; Express 5 keeps a slash only at the end of the path.
    const slashKept = path.length === n + 1 || (path.charCodeAt(n + 1) === 0x2f && !this[SYNTAX5]);
    if (slashKept) this.path = path.slice(0, n + 1);
    else this.path = exact ? literal : path.slice(0, n);
    return this[BARE_PARAMS] ? (Object.create(null) as LayerParams) : {};
  }

  /**
   * The declared parameter count of `fn`, the layer's handle. Remembered per function rather than
   * at registration, because instrumentation replaces `layer.handle` with wrappers of its own.
   */
  private arityOfHandle(fn: AnyHandler): number {
    if (fn !== this[ARITY_OF]) {
      this[ARITY_OF] = fn;
      this[ARITY] = fn.length;
    }
    return this[ARITY];
  }

  /** Calls a request handler; error handlers (four parameters) are skipped. */
  handle_request(req: unknown, res: unknown, next: NextFunction): void {
    const fn = this.handle as (req: unknown, res: unknown, next: NextFunction) => unknown;
    if (this.arityOfHandle(fn) > 3) {
      next();
      return;
    }
    try {
      const moment = forwardingMoment();
      const ret = fn(req, res, next);
      if (ret !== undefined && ret !== null && typeof (ret as Promise<unknown>).then === 'function') {
        forwardRejection(ret as Promise<unknown>, next, moment);
      }
    } catch (err) {
      next(err);
    }
  }

  /** Calls an error handler; ordinary middleware is skipped while an error is pending. */
  handle_error(error: unknown, req: unknown, res: unknown, next: NextFunction): void {
    const fn = this.handle as (err: unknown, req: unknown, res: unknown, next: NextFunction) => unknown;
    if (this.arityOfHandle(fn) !== 4) {
      next(error);
      return;
    }
    try {
      const moment = forwardingMoment();
      const ret = fn(error, req, res, next);
      if (ret !== undefined && ret !== null && typeof (ret as Promise<unknown>).then === 'function') {
        forwardRejection(ret as Promise<unknown>, next, moment);
      }
    } catch (err) {
      next(err);
    }
  }
}

/**
 * The pattern the tracing channel reports for a layer's last match: the path it was registered
 * with, or for an Express 5 array path the element that matched (router 2 reports that one).
 */
export function matchedPattern(layer: Layer): unknown {
  const raw = layer[RAW_PATH] as unknown;
  const part = (layer as unknown as { [MATCHED_PART]: number })[MATCHED_PART];
  if (part === -1 || !Array.isArray(raw)) return raw;
  return (raw as unknown[]).flat(Infinity)[part];
}

/**
 * A rejected promise from a handler becomes `next(err)`, unless a wrapper already passed the same
 * error to `next` after the handler was called at `moment` (see forwarded-errors.ts). A falsy
 * reason (none, `0`, `''`…) becomes an Error: passed on as it is, `next` would read it as
 * "no error" and carry on routing.
 */
export function forwardRejection(promise: Promise<unknown>, next: NextFunction, moment: number): void {
  promise.then(undefined, (reason: unknown) => {
    if (!forwardedSince(reason, moment)) next(reason || new Error('Rejected promise'));
  });
}

/**
 * The string a literal route path is compared with. Express 5 drops the trailing slashes of a
 * path before compiling it unless routing is strict (then one in the request is optional, as
 * for any path); `''` is left to the compiled matcher.
 */
function literalOf(path: string, syntax5: boolean, strict: boolean): string | undefined {
  if (!syntax5 || strict || path === '/') return path;
  const loosened = path.replace(/\/+$/, '');
  return loosened === '' ? undefined : loosened;
}

/** A path whose every character is literal in the pattern syntax: letters, digits, `/`, `-`, `_`, `~`, `%`. */
function isPlainPath(path: string): boolean {
  return /^\/[A-Za-z0-9\-_~%/]*$/.test(path);
}

/** `keys` without a name seen before, or undefined when every name is distinct (the usual case). */
function distinctKeys(keys: PathKey[]): PathKey[] | undefined {
  const names = new Set(keys.map((k) => k.name));
  if (names.size === keys.length) return undefined;
  return keys.filter((k) => names.delete(k.name));
}
