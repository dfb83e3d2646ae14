import type { PorticoResponse } from './response';
import { appSetting } from '../settings/app-setting';
import { stringifyForResponse } from './json-body';
import { warnDeprecated } from '../errors/deprecation';
import { setTrustedHeader, readHeader, readsHeadersDirectly, CONTENT_TYPE } from '../http/trusted-header';
import { sendTypedString } from './send';
import { usesOwnHeaderMethods } from '../http/own-header-methods';

const JSON_UTF8 = 'application/json; charset=utf-8';

/** Characters a JSONP callback name may keep: identifiers, dots and brackets, nothing that ends the call. */
const UNSAFE_CALLBACK = /[^[\]\w$.]/g;

/** Sorts out the deprecated `(status, body)` and `(body, status)` forms; returns the body. */
function bodyOf(res: PorticoResponse, method: string, argc: number, first: unknown, second: unknown): unknown {
  if (argc !== 2) return first;
  if (typeof second === 'number') {
    warnDeprecated('res.' + method + '(obj, status): Use res.status(status).' + method + '(obj) instead');
    res.statusCode = second;
    return first;
  }
  warnDeprecated('res.' + method + '(status, obj): Use res.status(status).' + method + '(obj) instead');
  res.statusCode = first as number;
  return second;
}

/** Portico's own `res.send`, recorded by the response module. */
let ownSend: unknown;
let otherOwnSend: unknown;

/**
 * Called once by each response module with its prototype's `send` (Express 4's, then Express 5's,
 * which hands a string to the same code): a response whose `send` is one of them takes the fast path below.
 */
export function recordOwnSend(send: unknown): void {
  if (ownSend === undefined) ownSend = send;
  else otherOwnSend = send;
}

/** `res.json(body)`: the body as JSON, `application/json` unless a type was set; through `res.send`. */
export function sendJson(res: PorticoResponse, argc: number, first: unknown, second: unknown): PorticoResponse {
  const body = stringifyForResponse(res, bodyOf(res, 'json', argc, first, second));
  if (usesOwnHeaderMethods(res)) {
    if (!readHeader(res, CONTENT_TYPE) && setTrustedHeader(res, CONTENT_TYPE, JSON_UTF8)) {
      // The type was just stored directly, and `res.send` is Portico's own: what it would do with a
      // string (read the type back, store it again unchanged) cannot be observed, so only the rest is done.
      if (typeof body === 'string' && (res.send === ownSend || res.send === otherOwnSend) && readsHeadersDirectly(res)) return sendTypedString(res, body);
    }
  } else if (!res.get('Content-Type')) res.set('Content-Type', 'application/json');
  return res.send(body);
}

/**
 * `res.jsonp(body)`: JSON, or with the callback query parameter (`jsonp callback name`) a guarded
 * call `typeof cb === 'function' && cb(json);` after an empty comment, as `text/javascript`. The callback name is
 * stripped to safe characters, U+2028/U+2029 are escaped (they end a line in older JavaScript),
 * and `X-Content-Type-Options: nosniff` stops browsers from reinterpreting the answer.
 */
export function sendJsonp(res: PorticoResponse, argc: number, first: unknown, second: unknown): PorticoResponse {
  let body = stringifyForResponse(res, bodyOf(res, 'jsonp', argc, first, second));
  const query = res.req.query as Record<string, unknown> | undefined;
  let callback = query ? query[appSetting(res, 'jsonp callback name') as string] : undefined;

  // Through res.get and res.set, as Express (an app may redefine them); res.set adds the charset.
  if (!res.get('Content-Type')) {
    res.set('X-Content-Type-Options', 'nosniff');
    res.set('Content-Type', 'application/json');
  }
  if (Array.isArray(callback)) callback = callback[0];

  if (typeof callback === 'string' && callback.length !== 0) {
    res.set('X-Content-Type-Options', 'nosniff');
    res.set('Content-Type', 'text/javascript');
    const name = callback.replace(UNSAFE_CALLBACK, '');
    if (body === undefined) body = '';
    else body = body.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
    body = '/**/ typeof ' + name + " === 'function' && " + name + '(' + body + ');';
  }
  return res.send(body);
}
