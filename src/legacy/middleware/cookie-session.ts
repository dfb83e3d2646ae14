import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { parseCookieHeader, serializeCookie } from '../../cookies/cookie-codec';
import { signCookieValue } from '../../cookies/signature';
import { toSecretList, unsignWithAny, type CookieSecret } from '../../cookies/signed-cookie';
import { HttpError } from '../../errors/http-error';
import { onHeaders } from './on-headers';
import { appendSetCookie } from './set-cookie-header';
import { SessionCookie, type SessionCookieOptions } from './session-cookie';

/** Options of `cookieSession()`. */
export interface CookieSessionOptions {
  /** Cookie name; default `connect.sess`, the name 3.x apps already have in their users' browsers. */
  key?: string;
  /** Signing secret(s): the first signs, all verify. Defaults to `req.secret` from `cookieParser(secret)`. */
  secret?: CookieSecret;
  /** Cookie attributes; default path `/`, httpOnly, no maxAge (a browser-session cookie). */
  cookie?: SessionCookieOptions;
  /** Trust `X-Forwarded-Proto` when deciding whether a `secure` cookie may be sent. */
  proxy?: boolean;
}

/** Session data: a plain object, with the non-enumerable `cookie` of the 3.x API. */
export type SessionData = Record<string, unknown> & { cookie?: SessionCookie };

/** What `cookieSession` adds to a request. */
export interface CookieSessionRequest extends IncomingMessage {
  session?: SessionData | null;
  secret?: string | Buffer;
  originalUrl?: string;
}

type Next = (err?: unknown) => void;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

const DEFAULT_KEY = 'connect.sess';
const SIGNED_PREFIX = 's:';
const JSON_PREFIX = 'j:';

/**
 * Cookie-based sessions: `req.session` is kept in a signed cookie (`s:` + signed `j:` + JSON,
 * the format 3.x wrote). As in 3.x the cookie is written for a new session and, for one read
 * from the request's cookie, only when its data changed; assigning `null` to `req.session`
 * clears it. A cookie with a bad signature starts an empty session.
 */
export function cookieSession(options: CookieSessionOptions = {}): Middleware {
  const key = options.key ?? DEFAULT_KEY;
  const configuredSecrets = toSecretList(options.secret);
  const cookieOptions: SessionCookieOptions = { ...options.cookie };
  const cookiePath = cookieOptions.path ?? '/';
  const trustProxy = options.proxy === true;

  return function cookieSessionMiddleware(incoming, res, next) {
    const req = incoming as CookieSessionRequest;
    const secrets = configuredSecrets.length !== 0 ? configuredSecrets : toSecretList(req.secret);
    if (secrets.length === 0) return next(new HttpError(500, '`secret` option required for cookie sessions'));

    const cookie = new SessionCookie(cookieOptions);
    // Outside the cookie's path the browser never sends it, so there is nothing to load or write.
    if (!pathname(req.originalUrl ?? req.url ?? '/').startsWith(cookiePath)) {
      req.session = attachCookie({}, cookie);
      return next();
    }

    const raw = readCookie(req, key);
    const original = raw === undefined ? undefined : unsignSession(raw, secrets);
    req.session = attachCookie(original === undefined ? {} : parseSession(original), cookie);
    // The stored form of a session read from a raw cookie: the response rewrites it only when it
    // changes. A new session (no cookie, a bad one, or one cookieParser(secret) already took out of
    // `req.cookies`, as 3.x saw it) is written on every response.
    const loaded = original !== undefined && raw === rawCookieAsParsed(req, key, raw as string) ? storedForm(req.session) : undefined;

    // An expired cookie is sent whenever the app assigned null.
    onHeaders(res, function writeSessionCookie() {
      const session = req.session;
      if (session == null || typeof session !== 'object') {
        const clear = { ...cookie.toSerializeOptions(), expires: new Date(0) };
        appendSetCookie(res, serializeCookie(key, '', clear));
        return;
      }
      const current = session.cookie instanceof SessionCookie ? session.cookie : cookie;
      if (current.secure && !isSecure(req, trustProxy)) return;

      const stored = storedForm(session);
      if (stored === loaded) return;
      const value = JSON_PREFIX + stored;
      const signed = SIGNED_PREFIX + signCookieValue(value, secrets[0]);
      appendSetCookie(res, serializeCookie(key, signed, current.toSerializeOptions()));
    });
    next();
  };
}

/** The raw cookie value, from the header itself so the session works with or without cookieParser. */
function readCookie(req: IncomingMessage, key: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  return parseCookieHeader(header)[key];
}

/**
 * The raw value as the request's parsed cookies hold it: the header's when no cookie parser ran,
 * `req.cookies[key]` when one did (a parser with a secret moves signed cookies out of it).
 */
function rawCookieAsParsed(req: IncomingMessage, key: string, raw: string): string | undefined {
  const parsed = (req as IncomingMessage & { cookies?: Record<string, unknown> }).cookies;
  if (parsed === undefined || parsed === null || typeof parsed !== 'object') return raw;
  const value = Object.prototype.hasOwnProperty.call(parsed, key) ? parsed[key] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** The session data as the cookie stores it (JSON, without the cookie attributes). */
function storedForm(session: SessionData): string {
  return JSON.stringify(session, storedField);
}

/** The signed `j:` payload, or undefined when the signature does not match any secret. */
function unsignSession(raw: string, secrets: ReadonlyArray<string | Buffer>): string | undefined {
  if (!raw.startsWith(SIGNED_PREFIX)) return undefined;
  const value = unsignWithAny(raw.slice(SIGNED_PREFIX.length), secrets);
  return value === false || !value.startsWith(JSON_PREFIX) ? undefined : value;
}

/** Session data from a verified payload; anything but a JSON object starts afresh. */
function parseSession(payload: string): SessionData {
  try {
    const data: unknown = JSON.parse(payload.slice(JSON_PREFIX.length));
    if (data !== null && typeof data === 'object' && !Array.isArray(data)) return data as SessionData;
  } catch {
    // A verified but unparsable payload can only come from a bug elsewhere: start afresh.
  }
  return {};
}

/** Gives the session its `cookie` (enumerable, as `JSON.stringify(req.session)` showed it in 3.x). */
function attachCookie(session: SessionData, cookie: SessionCookie): SessionData {
  Object.defineProperty(session, 'cookie', { value: cookie, writable: true, configurable: true, enumerable: true });
  return session;
}

/** JSON replacer of the stored session: the cookie's attributes travel in the cookie itself, not in its value. */
function storedField(this: Record<string, unknown>, key: string, value: unknown): unknown {
  // The holder still has the SessionCookie itself; `value` is already its toJSON() form.
  return this[key] instanceof SessionCookie ? undefined : value;
}

/** Whether the request came over TLS, directly or (with `proxy`) per the first `X-Forwarded-Proto`. */
function isSecure(req: IncomingMessage, trustProxy: boolean): boolean {
  if ((req.socket as TLSSocket).encrypted) return true;
  if (!trustProxy) return false;
  const header = req.headers['x-forwarded-proto'];
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return false;
  const comma = value.indexOf(',');
  return (comma < 0 ? value : value.slice(0, comma)).trim().toLowerCase() === 'https';
}

/** The path part of a request target, also of an absolute-form one (`http://host/path`). */
function pathname(url: string): string {
  const q = url.indexOf('?');
  let path = q < 0 ? url : url.slice(0, q);
  if (path[0] !== '/') {
    const scheme = path.indexOf('://');
    if (scheme !== -1) {
      const slash = path.indexOf('/', scheme + 3);
      path = slash === -1 ? '/' : path.slice(slash);
    }
  }
  return path;
}
