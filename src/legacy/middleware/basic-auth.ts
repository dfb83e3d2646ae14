import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError } from '../../errors/http-error';
import { timingSafeStringEqual } from './timing-safe-equal';
import { Buffer } from 'node:buffer';

/** What `basicAuth` adds to a request once the credentials are accepted. */
export interface BasicAuthRequest extends IncomingMessage {
  user?: unknown;
  remoteUser?: unknown;
}

/** Synchronous check: returns whether the pair is accepted. */
export type BasicAuthCheck = (user: string, pass: string) => boolean;
/** Asynchronous check: calls `done(err, user)`; a falsy user refuses the credentials. */
export type BasicAuthAsyncCheck = (user: string, pass: string, done: (err?: unknown, user?: unknown) => void) => void;

type Next = (err?: unknown) => void;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

const DEFAULT_REALM = 'Authorization Required';

/**
 * HTTP Basic authentication (RFC 7617) in the 3.x forms: `basicAuth(user, pass[, realm])`,
 * `basicAuth(check[, realm])` and `basicAuth(asyncCheck[, realm])`. Accepted requests get
 * `req.user` and `req.remoteUser`; refused ones get 401 with a `WWW-Authenticate` challenge,
 * and a malformed `Authorization` header (or another scheme) gets 400.
 */
export function basicAuth(user: string, pass: string, realm?: string): Middleware;
// The asynchronous form comes first: an arrow of two parameters still fits it, so both
// forms get their parameter types from context.
export function basicAuth(check: BasicAuthAsyncCheck, realm?: string): Middleware;
export function basicAuth(check: BasicAuthCheck, realm?: string): Middleware;
export function basicAuth(
  userOrCheck: string | BasicAuthCheck | BasicAuthAsyncCheck,
  passOrRealm?: string,
  realmArg?: string,
): Middleware {
  let check: BasicAuthCheck | BasicAuthAsyncCheck;
  let realm: string;
  if (typeof userOrCheck === 'function') {
    check = userOrCheck;
    realm = passOrRealm ?? DEFAULT_REALM;
  } else {
    if (typeof userOrCheck !== 'string' || typeof passOrRealm !== 'string') {
      throw new TypeError('basicAuth() requires a username and password, or a function');
    }
    const expectedUser = userOrCheck;
    const expectedPass = passOrRealm;
    // Both comparisons always run, so timing does not reveal which one failed.
    check = (u: string, p: string) => {
      const userOk = timingSafeStringEqual(u, expectedUser);
      const passOk = timingSafeStringEqual(p, expectedPass);
      return userOk && passOk;
    };
    realm = realmArg ?? DEFAULT_REALM;
  }
  // The challenge header never changes: build it once. Quotes and backslashes are escaped (RFC 7230 quoted-string).
  const challenge = 'Basic realm="' + realm.replace(/([\\"])/g, '\\$1') + '"';
  const isAsync = check.length >= 3;

  function unauthorized(res: ServerResponse): void {
    res.statusCode = 401;
    res.setHeader('WWW-Authenticate', challenge);
    // No Content-Type: 3.x sent the bare word, and clients written against it expect nothing else.
    res.setHeader('Content-Length', '12');
    res.end('Unauthorized');
  }

  return function basicAuthMiddleware(incoming, res, next) {
    const req = incoming as BasicAuthRequest;
    // Already authenticated by an earlier middleware.
    if (req.user) return next();

    const header = req.headers.authorization;
    if (!header) return unauthorized(res);

    const credentials = parseBasicCredentials(header);
    if (!credentials) return next(new HttpError(400));
    const { name, pass } = credentials;

    if (isAsync) {
      let settled = false;
      (check as BasicAuthAsyncCheck)(name, pass, (err, accepted) => {
        if (settled) return;
        settled = true;
        // A failed lookup refuses the credentials (401), as 3.x did, rather than failing the request.
        if (err || !accepted) return unauthorized(res);
        req.user = req.remoteUser = accepted;
        next();
      });
      return;
    }
    if (!(check as BasicAuthCheck)(name, pass)) return unauthorized(res);
    req.user = req.remoteUser = name;
    next();
  };
}

/** Base64 as RFC 4648 allows it in a token68 (padding only at the end). */
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Splits `Basic <base64(user:pass)>` into its parts; null when the header is not Basic or not
 * well formed (no colon, bad base64), which the caller answers with 400.
 */
export function parseBasicCredentials(header: string): { name: string; pass: string } | null {
  const space = header.indexOf(' ');
  if (space < 0) return null;
  // The scheme is matched as 3.x matched it: exactly `Basic`.
  if (header.slice(0, space) !== 'Basic') return null;
  const token = header.slice(space + 1).trim();
  if (!BASE64.test(token)) return null;
  const decoded = Buffer.from(token, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { name: decoded.slice(0, colon), pass: decoded.slice(colon + 1) };
}
