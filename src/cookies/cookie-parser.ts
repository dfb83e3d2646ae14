import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CookieParseOptions } from './cookie-codec';
import type * as CookieCodec from './cookie-codec';
import { lazyModule } from '../http/lazy-module';
import { JSONCookie, JSONCookies } from './json-cookie';
import { signedCookie, signedCookies, toSecretList, type CookieSecret } from './signed-cookie';

// The `cookie` package is required for the first Cookie header parsed.
const loadCookieCodec = lazyModule(() => require('./cookie-codec') as typeof CookieCodec);

/** What the cookie parser adds to a request. */
export interface CookieRequest extends IncomingMessage {
  cookies?: Record<string, unknown>;
  signedCookies?: Record<string, unknown>;
  secret?: string | Buffer;
}

/** The middleware `cookieParser()` returns. */
export type CookieParserMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** `cookieParser` with the helpers of the cookie-parser package attached, as apps call them. */
export interface CookieParserFactory {
  (secret?: CookieSecret | null, options?: CookieParseOptions): CookieParserMiddleware;
  JSONCookie: typeof JSONCookie;
  JSONCookies: typeof JSONCookies;
  signedCookie: typeof signedCookie;
  signedCookies: typeof signedCookies;
}

/**
 * Creates the middleware that fills `req.cookies` and `req.signedCookies` from the `Cookie` header
 * and sets `req.secret` (the first secret) for `res.cookie(..., { signed: true })`.
 */
function createCookieParser(secret?: CookieSecret | null, options?: CookieParseOptions): CookieParserMiddleware {
  const secrets = toSecretList(secret);
  const signingSecret = secrets[0];

  return function cookieParser(incoming, _res, next) {
    const req = incoming as CookieRequest;
    // Another cookie parser already ran (nested apps mount it twice): keep its result.
    if (req.cookies) return next();

    req.secret = signingSecret;
    // Plain objects, as apps expect (`req.cookies.hasOwnProperty(name)` is common in 4.x code).
    req.cookies = {};
    req.signedCookies = {};

    const header = req.headers.cookie;
    if (!header) return next();

    const cookies: Record<string, unknown> = loadCookieCodec().parseCookieHeader(header, options);
    if (secrets.length !== 0) req.signedCookies = JSONCookies(signedCookies(cookies, secrets));
    req.cookies = JSONCookies(cookies);
    next();
  };
}

/** The cookie parser factory, with `JSONCookie`, `JSONCookies`, `signedCookie` and `signedCookies` on it. */
export const cookieParser: CookieParserFactory = Object.assign(createCookieParser, {
  JSONCookie,
  JSONCookies,
  signedCookie,
  signedCookies,
});
