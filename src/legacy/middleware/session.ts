import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { EventEmitter } from 'node:events';
import { HttpError } from '../../errors/http-error';
import { parseCookieHeader, serializeCookie } from '../../cookies/cookie-codec';
import { signCookieValue } from '../../cookies/signature';
import { toSecretList, unsignWithAny, type CookieSecret } from '../../cookies/signed-cookie';
import { onHeaders } from './on-headers';
import { SessionCookie, type SessionCookieOptions } from './session-cookie';
import { appendSetCookie } from './set-cookie-header';

type Callback = (err?: unknown, data?: Record<string, unknown> | null) => void;

/** `express.session.Store`: callable as `Store.call(this, options)` as well as with `new`. */
export interface StoreConstructor {
  new (options?: object): EventEmitter;
  (this: EventEmitter, options?: object): void;
  readonly prototype: EventEmitter;
}

/**
 * The base of 3.x session stores (`get`, `set`, `destroy`), which `MemoryStore` implements. A plain
 * constructor function, not a class: stores of that era (connect-redis 1.x, connect-mongo…)
 * inherit the ES5 way, `Store.call(this, options)` in their constructor, which a class refuses.
 */
export const Store = function Store(this: EventEmitter) {
  EventEmitter.call(this);
} as unknown as StoreConstructor;
Object.setPrototypeOf(Store.prototype, EventEmitter.prototype);
Object.setPrototypeOf(Store, EventEmitter);

/** Sessions kept in this process's memory (as JSON): for development, as in 3.x. */
export class MemoryStore extends Store {
  private readonly sessions = new Map<string, string>();
  get(sid: string, fn: Callback): void {
    const json = this.sessions.get(sid);
    setImmediate(fn, null, json === undefined ? null : (JSON.parse(json) as Record<string, unknown>));
  }
  set(sid: string, session: object, fn?: Callback): void {
    this.sessions.set(sid, JSON.stringify(session));
    if (fn) setImmediate(fn);
  }
  destroy(sid: string, fn?: Callback): void {
    this.sessions.delete(sid);
    if (fn) setImmediate(fn);
  }
  length(fn: (err: unknown, n: number) => void): void {
    setImmediate(fn, null, this.sessions.size);
  }
  clear(fn?: Callback): void {
    this.sessions.clear();
    if (fn) setImmediate(fn);
  }
}

interface SessionStore {
  get(sid: string, fn: Callback): void;
  set(sid: string, session: object, fn?: Callback): void;
  destroy(sid: string, fn?: Callback): void;
}

/** Options of `session()`. */
export interface SessionOptions {
  key?: string;
  secret?: CookieSecret;
  store?: SessionStore;
  cookie?: SessionCookieOptions;
}

export interface SessionRequest extends IncomingMessage {
  session?: Record<string, unknown>;
  sessionID?: string;
  secret?: string | Buffer;
  originalUrl?: string;
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

const uid = (): string => randomBytes(24).toString('base64url');

/**
 * The 3.x `session([options])`: a session id in the signed cookie `connect.sid`, the data in a store
 * (`MemoryStore` by default). `req.session` has `id`, `cookie`, `save`, `reload`, `regenerate`,
 * `destroy` and `touch`; the cookie is sent for a new (or regenerated) session and whenever it has
 * an expiry; the session is saved before the response ends.
 */
export function session(options: SessionOptions = {}): Middleware {
  const key = options.key ?? 'connect.sid';
  const store: SessionStore = options.store ?? new MemoryStore();
  const configured = toSecretList(options.secret);
  const cookieOptions = { ...options.cookie };

  return function session(incoming, res, next) {
    const req = incoming as SessionRequest;
    if (req.session) return next();
    const secrets = configured.length !== 0 ? configured : toSecretList(req.secret);
    if (secrets.length === 0) return next(new HttpError(500, 'secret option required for sessions'));
    const path = (req.originalUrl ?? req.url ?? '/').split('?')[0];
    if (!path.startsWith(cookieOptions.path ?? '/')) return next();

    let fresh = false;
    const generate = (): void => {
      req.sessionID = uid();
      req.session = createSession(req, store, {}, new SessionCookie(cookieOptions), generate);
      fresh = true;
    };

    onHeaders(res, () => {
      const s = req.session;
      if (!s) return;
      const cookie = s.cookie as SessionCookie;
      if (!fresh && !cookie.expires) return;
      const signed = 's:' + signCookieValue(String(req.sessionID), secrets[0]);
      appendSetCookie(res, serializeCookie(key, signed, cookie.toSerializeOptions()));
    });
    // Save before the response ends, so the next request finds the data.
    const end = res.end as (...args: unknown[]) => ServerResponse;
    res.end = function endAfterSave(this: ServerResponse, ...args: unknown[]): ServerResponse {
      const s = req.session;
      if (!s || !req.sessionID) return end.apply(this, args);
      store.set(req.sessionID, toStore(s), () => end.apply(this, args));
      return this;
    } as ServerResponse['end'];

    const raw = req.headers.cookie ? parseCookieHeader(req.headers.cookie)[key] : undefined;
    const sid = raw && raw.startsWith('s:') ? unsignWithAny(raw.slice(2), secrets) : false;
    if (!sid) {
      generate();
      return next();
    }
    store.get(sid, (err, data) => {
      if (err) return next(err);
      if (!data) generate();
      else {
        req.sessionID = sid;
        req.session = createSession(req, store, data, new SessionCookie(cookieOptions), generate);
      }
      next();
    });
  };
}

/**
 * What `store.set` receives, as in 3.x: the cookie first, then the session's own fields. Stores read
 * the cookie (connect-redis 1.x sets the key's TTL from `cookie.maxAge`) and serialise it with
 * the rest; it is never read back from a store (the cookie comes from the options and the request).
 */
function toStore(s: Record<string, unknown>): Record<string, unknown> {
  return { cookie: s.cookie, ...storedForm(s) };
}

/** The session's own fields, without its cookie or methods. */
function storedForm(s: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(s)) if (k !== 'cookie') out[k] = s[k];
  return out;
}

function createSession(
  req: SessionRequest,
  store: SessionStore,
  data: Record<string, unknown>,
  cookie: SessionCookie,
  generate: () => void,
): Record<string, unknown> {
  const s: Record<string, unknown> = { cookie };
  for (const k of Object.keys(data)) if (k !== 'cookie' && k !== '__proto__') s[k] = data[k];
  const methods: Record<string, unknown> = {
    id: req.sessionID,
    save(fn?: Callback) {
      store.set(String(req.sessionID), toStore(s), fn);
      return s;
    },
    reload(fn: Callback) {
      store.get(String(req.sessionID), (err, fresh) => {
        if (err || !fresh) return fn(err ?? new Error('failed to load session'));
        for (const k of Object.keys(s)) if (k !== 'cookie') delete s[k];
        Object.assign(s, storedForm(fresh));
        fn();
      });
      return s;
    },
    regenerate(fn: Callback) {
      store.destroy(String(req.sessionID), (err) => {
        generate();
        fn(err);
      });
      return s;
    },
    destroy(fn?: Callback) {
      const id = String(req.sessionID);
      delete req.session;
      store.destroy(id, fn);
      return s;
    },
    touch() {
      if (cookie.originalMaxAge !== null) cookie.maxAge = cookie.originalMaxAge;
      return s;
    },
  };
  for (const [name, value] of Object.entries(methods)) Object.defineProperty(s, name, { value, enumerable: false, writable: true, configurable: true });
  return s;
}

/** `session()` with the store classes on it, as 3.x apps reach them (`express.session.MemoryStore`). */
export const sessionFactory = Object.assign(session, { Store, MemoryStore, Cookie: SessionCookie });
