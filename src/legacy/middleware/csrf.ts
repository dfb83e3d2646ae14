import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError } from '../../errors/http-error';
import { createCsrfSecret, createCsrfToken, verifyCsrfToken } from './csrf-tokens';

/** What `csrf()` reads from and adds to a request. */
export interface CsrfRequest extends IncomingMessage {
  session?: Record<string, unknown> | null;
  body?: unknown;
  query?: unknown;
  csrfToken?: () => string;
}

/** Options of `csrf()`. */
export interface CsrfOptions {
  /** Reads the submitted token; default: `_csrf` in the body, then the query, then the `CSRF-Token`/`XSRF-Token` headers (with or without `X-`). */
  value?: (req: CsrfRequest) => unknown;
  /** Methods that are never checked; default GET, HEAD and OPTIONS. */
  ignoreMethods?: string[];
  /** Session property holding the secret; default `csrfSecret` (the property 3.x used, so sessions carry over). */
  sessionKey?: string;
}

type Next = (err?: unknown) => void;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

/**
 * Cross-site request forgery protection: a secret kept in `req.session`, salted tokens from
 * `req.csrfToken()`, and a check of every unsafe request, which fails with a 403 whose `code`
 * is `EBADCSRFTOKEN`. Needs a session middleware (cookieSession) before it.
 */
export function csrf(options: CsrfOptions = {}): Middleware {
  const readToken = options.value ?? defaultValue;
  const ignored = new Set((options.ignoreMethods ?? ['GET', 'HEAD', 'OPTIONS']).map((m) => m.toUpperCase()));
  const sessionKey = options.sessionKey ?? 'csrfSecret';

  return function csrfMiddleware(incoming, _res, next) {
    const req = incoming as CsrfRequest;
    const session = req.session;
    if (session == null || typeof session !== 'object') return next(new HttpError(500, 'misconfigured csrf'));

    let secret = session[sessionKey];
    if (typeof secret !== 'string' || secret === '') {
      secret = createCsrfSecret();
      session[sessionKey] = secret;
    }
    const sessionSecret = secret as string;
    let token: string | undefined;
    req.csrfToken = function csrfToken() {
      // One token per request: rendering it twice on a page gives the same value.
      if (token === undefined) token = createCsrfToken(sessionSecret);
      return token;
    };

    if (ignored.has(req.method ?? 'GET')) return next();
    if (!verifyCsrfToken(readToken(req), sessionSecret)) {
      return next(new HttpError(403, 'invalid csrf token', { code: 'EBADCSRFTOKEN' }));
    }
    next();
  };
}

/** The 3.x places a token is looked for, in order. */
function defaultValue(req: CsrfRequest): unknown {
  const fromBody = field(req.body, '_csrf');
  if (fromBody !== undefined) return fromBody;
  const fromQuery = field(req.query, '_csrf');
  if (fromQuery !== undefined) return fromQuery;
  const h = req.headers;
  return h['csrf-token'] ?? h['xsrf-token'] ?? h['x-csrf-token'] ?? h['x-xsrf-token'];
}

function field(source: unknown, name: string): unknown {
  if (source === null || typeof source !== 'object') return undefined;
  const value = (source as Record<string, unknown>)[name];
  return value === '' ? undefined : value;
}
