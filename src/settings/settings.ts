import { resolve } from 'node:path';
import { validateHeaderValue } from 'node:http';
import { compileETag } from './compile-etag';
import { compileQueryParser } from './compile-query-parser';
import { compileTrust } from './compile-trust';
import { View } from '../views/view';

/**
 * The `X-Powered-By` value an app named with `app.set('x-powered-by value', name)`, checked when set.
 * Kept under a Symbol so that `app.settings` shows only what Express's does (and the name the app set).
 */
export const POWERED_BY_NAME = Symbol('portico.poweredByName');
let anyPoweredByName = false;

/** The `X-Powered-By` value for an app whose `x-powered-by` is on: `Express`, unless the app named another. */
export function poweredByName(settings: Settings): string {
  // Until some app names one, no request looks it up.
  if (!anyPoweredByName) return 'Express';
  const name = settings[POWERED_BY_NAME];
  return typeof name === 'string' ? name : 'Express';
}

/** Marks that `trust proxy` holds its default, so a mounted app inherits its parent's instead. */
export const TRUST_PROXY_DEFAULT = Symbol('portico.trustProxyDefault');

/** The settings store: plain values, inherited from the parent app through the prototype chain. */
export type Settings = Record<string | symbol, unknown>;

/** Settings whose value is compiled into a function when they change, and the name of that function. */
const COMPILED: Record<string, [string, (value: unknown) => unknown]> = {
  etag: ['etag fn', compileETag],
  'query parser': ['query parser fn', compileQueryParser],
  'trust proxy': ['trust proxy fn', compileTrust],
};

const OBJECT_PROTOTYPE = Object.prototype as unknown as Settings;

/** Reads a setting, looking only at settings objects (never at Object.prototype's members). */
export function readSetting(settings: Settings, name: string): unknown {
  // Fast path, read on every request: a plain lookup through the settings chain is the answer unless
  // it found what Object.prototype holds (one of its members, or a polluted value), and `__proto__`
  // would return the prototype itself. Those cases take the walk below.
  if (name !== '__proto__') {
    const value = settings[name];
    if (value === undefined || value !== OBJECT_PROTOTYPE[name]) return value;
  }
  let store: Settings | null = settings;
  while (store !== null && store !== Object.prototype) {
    if (Object.prototype.hasOwnProperty.call(store, name)) return store[name];
    store = Object.getPrototypeOf(store) as Settings | null;
  }
  return undefined;
}

/**
 * Readers of the settings consulted on every request. Each one reads its setting by a literal
 * name, so V8 keeps a small inline cache per setting; `readSetting(settings, name)`, shared by
 * every name, sees so many that its lookup goes megamorphic. The guard is `readSetting`'s: a value
 * equal to Object.prototype's (one of its members, or a polluted value) is re-read the safe way.
 */
const guarded = (s: Settings, name: string, value: unknown, inherited: unknown): unknown =>
  value === undefined || value !== inherited ? value : readSetting(s, name);
export const readXPoweredBy = (s: Settings): unknown => guarded(s, 'x-powered-by', s['x-powered-by'], OBJECT_PROTOTYPE['x-powered-by']);
export const readETagFn = (s: Settings): unknown => guarded(s, 'etag fn', s['etag fn'], OBJECT_PROTOTYPE['etag fn']);
export const readJsonReplacer = (s: Settings): unknown => guarded(s, 'json replacer', s['json replacer'], OBJECT_PROTOTYPE['json replacer']);
export const readJsonSpaces = (s: Settings): unknown => guarded(s, 'json spaces', s['json spaces'], OBJECT_PROTOTYPE['json spaces']);
export const readJsonEscape = (s: Settings): unknown => guarded(s, 'json escape', s['json escape'], OBJECT_PROTOTYPE['json escape']);
export const readQueryParserFn = (s: Settings): unknown =>
  guarded(s, 'query parser fn', s['query parser fn'], OBJECT_PROTOTYPE['query parser fn']);
export const readTrustProxyFn = (s: Settings): unknown =>
  guarded(s, 'trust proxy fn', s['trust proxy fn'], OBJECT_PROTOTYPE['trust proxy fn']);

/** Stores a setting, and its compiled function for `etag`, `query parser` and `trust proxy`. */
export function writeSetting(settings: Settings, name: string, value: unknown): void {
  if (name === 'x-powered-by value') {
    // Checked before anything is stored: the value goes into the header store without node's check.
    if (value !== undefined && value !== null && value !== false) {
      if (typeof value !== 'string') throw new TypeError("app.set('x-powered-by value', name): name must be a string");
      validateHeaderValue('X-Powered-By', value);
    }
    anyPoweredByName = true;
    Object.defineProperty(settings, POWERED_BY_NAME, { configurable: true, writable: true, value: typeof value === 'string' ? value : undefined });
  }
  // An own property even for names such as `__proto__`, so no setting can replace the chain.
  Object.defineProperty(settings, name, { configurable: true, enumerable: true, writable: true, value });
  if (!Object.prototype.hasOwnProperty.call(COMPILED, name)) return;
  const compiled = COMPILED[name];
  const [fnName, compile] = compiled;
  Object.defineProperty(settings, fnName, { configurable: true, enumerable: true, writable: true, value: compile(value) });
  if (name === 'trust proxy') {
    Object.defineProperty(settings, TRUST_PROXY_DEFAULT, { configurable: true, value: false });
  }
}

/** The defaults of a new app (the settings table of the spec); `env` comes from NODE_ENV. */
export function applyDefaultSettings(settings: Settings): void {
  const env = process.env.NODE_ENV || 'development';
  writeSetting(settings, 'x-powered-by', true);
  writeSetting(settings, 'etag', 'weak');
  writeSetting(settings, 'env', env);
  writeSetting(settings, 'query parser', 'extended');
  writeSetting(settings, 'subdomain offset', 2);
  writeSetting(settings, 'trust proxy', false);
  Object.defineProperty(settings, TRUST_PROXY_DEFAULT, { configurable: true, value: true });
  writeSetting(settings, 'view', View);
  writeSetting(settings, 'views', resolve('views'));
  writeSetting(settings, 'jsonp callback name', 'callback');
  if (env === 'production') writeSetting(settings, 'view cache', true);
}

/**
 * Makes a mounted app's settings inherit from its parent's: settings the child holds itself
 * (those with a default) shadow the parent's; the rest fall through. A defaulted `trust proxy`
 * is dropped so the parent's applies.
 */
export function inheritSettings(child: Settings, parent: Settings): void {
  if (child[TRUST_PROXY_DEFAULT] === true && typeof readSetting(parent, 'trust proxy fn') === 'function') {
    delete child['trust proxy'];
    delete child['trust proxy fn'];
  }
  Object.setPrototypeOf(child, parent);
}
