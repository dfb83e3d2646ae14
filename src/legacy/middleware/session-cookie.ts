import type { CookieSerializeOptions } from '../../cookies/cookie-codec';

/** Cookie attributes of the session cookie, as `cookieSession({ cookie })` takes them. */
export interface SessionCookieOptions {
  path?: string;
  domain?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: boolean | 'lax' | 'strict' | 'none';
  /** Lifetime in milliseconds from the moment the cookie is written; `null` for a browser-session cookie. */
  maxAge?: number | null;
  expires?: Date | null;
}

/**
 * The `req.session.cookie` object of the 3.x API: its attributes can be changed per request
 * (`req.session.cookie.maxAge = 60000`) before the response headers go out.
 */
export class SessionCookie {
  path: string;
  domain: string | undefined;
  httpOnly: boolean;
  secure: boolean;
  sameSite: SessionCookieOptions['sameSite'];
  expires: Date | null;
  /** The lifetime the cookie was given (ms), or null: 3.x reported it in the session's JSON. */
  originalMaxAge: number | null = null;
  /** Was `secure` configured? 3.x showed it in the JSON form then, even when false. */
  private readonly secureGiven: boolean;

  constructor(options: SessionCookieOptions) {
    this.path = options.path ?? '/';
    this.domain = options.domain;
    this.httpOnly = options.httpOnly ?? true;
    this.secure = options.secure ?? false;
    this.secureGiven = options.secure !== undefined;
    this.sameSite = options.sameSite;
    this.expires = options.expires ?? null;
    if (options.maxAge != null) this.maxAge = options.maxAge;
  }

  /** Milliseconds left before expiry, or null for a browser-session cookie. */
  get maxAge(): number | null {
    return this.expires ? this.expires.getTime() - Date.now() : null;
  }

  set maxAge(ms: number | null) {
    this.expires = typeof ms === 'number' ? new Date(Date.now() + ms) : null;
    this.originalMaxAge = typeof ms === 'number' ? ms : null;
  }

  /** The attributes in the form `serializeCookie` takes. */
  toSerializeOptions(): CookieSerializeOptions {
    return {
      path: this.path,
      domain: this.domain,
      httpOnly: this.httpOnly,
      secure: this.secure,
      sameSite: this.sameSite,
      expires: this.expires ?? undefined,
    };
  }

  /**
   * JSON form, as `JSON.stringify(req.session)` showed it in 3.x (`originalMaxAge`, `expires`, then
   * the attributes that are set); the cookie itself is never stored in the session data.
   */
  toJSON(): Record<string, unknown> {
    return {
      originalMaxAge: this.originalMaxAge,
      expires: this.expires,
      secure: this.secure || this.secureGiven ? this.secure : undefined,
      httpOnly: this.httpOnly,
      domain: this.domain,
      path: this.path,
      sameSite: this.sameSite,
    };
  }
}
