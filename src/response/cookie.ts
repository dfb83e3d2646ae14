import type { PorticoResponse } from './response';
import { serializeCookie, type CookieSerializeOptions } from '../cookies/cookie-codec';
import { signCookieValue } from '../cookies/signature';
import { warnDeprecated } from '../errors/deprecation';

/** Options of `res.cookie` (the spec's table) as apps pass them; validated by the `cookie` package. */
export interface CookieOptions {
  domain?: string;
  encode?: (value: string) => string;
  expires?: Date | 0;
  httpOnly?: boolean;
  maxAge?: number | string | null;
  path?: string | null;
  partitioned?: boolean;
  priority?: string;
  secure?: boolean;
  signed?: boolean;
  sameSite?: boolean | string;
  [option: string]: unknown;
}

/** A shallow copy including inherited enumerable options, so the caller's object is never modified. */
function copyOptions(target: Record<string, unknown>, options: object | undefined): Record<string, unknown> {
  if (options) for (const key in options) target[key] = (options as Record<string, unknown>)[key];
  return target;
}

/**
 * `res.cookie(name, value, options)`: appends a `Set-Cookie` header. Objects are written as `j:` + JSON,
 * `signed` signs with the cookie parser's secret (`s:` prefix), `maxAge` (ms) sets both `Max-Age` (s)
 * and `Expires`, `path` defaults to `/`. Names, values, paths and domains outside the cookie grammar
 * are refused by `cookie`'s serializer with a TypeError (the 2024 `cookie` advisory), so nothing is sent.
 */
export function setCookie(res: PorticoResponse, name: string, value: unknown, options?: CookieOptions): PorticoResponse {
  const opts = copyOptions({}, options);
  const secret = res.req.secret;
  const signed = opts.signed;
  if (signed && !secret) throw new Error('cookieParser("secret") required for signed cookies');

  let text = typeof value === 'object' ? 'j:' + JSON.stringify(value) : String(value);
  if (signed) text = 's:' + signCookieValue(text, secret as string);

  if (opts.maxAge != null) {
    const maxAge = (opts.maxAge as number) - 0;
    if (!isNaN(maxAge)) {
      opts.expires = new Date(Date.now() + maxAge);
      opts.maxAge = Math.floor(maxAge / 1000);
    }
  }
  if (opts.path == null) opts.path = '/';

  res.append('Set-Cookie', serializeCookie(name, String(text), opts as CookieSerializeOptions));
  return res;
}

/**
 * `res.clearCookie(name, options)`: the same cookie, empty and expired at the epoch. Options must
 * match those used to set it; `maxAge`/`expires` still apply in 4.x but are deprecated.
 */
export function clearCookie(res: PorticoResponse, name: string, options?: CookieOptions): PorticoResponse {
  if (options) {
    if (options.maxAge) {
      warnDeprecated(
        'res.clearCookie: Passing "options.maxAge" is deprecated. Express 5 ignores this option, ' +
          'as res.clearCookie there expires the cookie immediately. Please update your code to omit this option.',
      );
    }
    if (options.expires) {
      warnDeprecated(
        'res.clearCookie: Passing "options.expires" is deprecated. Express 5 ignores this option, ' +
          'as res.clearCookie there expires the cookie immediately. Please update your code to omit this option.',
      );
    }
  }
  const opts = copyOptions({ expires: new Date(1), path: '/' }, options);
  return res.cookie(name, '', opts as CookieOptions);
}
