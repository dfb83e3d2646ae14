/**
 * The `cookie` package (RFC 6265 parsing and serialisation) ships no types; these are the
 * parts Portico uses, typed once here so the rest of the code stays free of `any`.
 */
export interface CookieParseOptions {
  /** Decodes each value; default `decodeURIComponent` (a value that fails to decode stays as is). */
  decode?: (value: string) => string;
}

/** Attributes accepted by `serializeCookie`. */
export interface CookieSerializeOptions {
  encode?: (value: string) => string;
  domain?: string;
  path?: string;
  expires?: Date;
  maxAge?: number;
  httpOnly?: boolean;
  secure?: boolean;
  partitioned?: boolean;
  priority?: 'low' | 'medium' | 'high';
  sameSite?: boolean | 'lax' | 'strict' | 'none';
}

interface CookieModule {
  parse(header: string, options?: CookieParseOptions): Record<string, string>;
  serialize(name: string, value: string, options?: CookieSerializeOptions): string;
}

const cookieModule = require('cookie') as CookieModule;

/** Parses a `Cookie` header into an object (first occurrence of a name wins; `__proto__` is never set). */
export function parseCookieHeader(header: string, options?: CookieParseOptions): Record<string, string> {
  return cookieModule.parse(header, options);
}

/** Serialises one `Set-Cookie` value; throws a TypeError on an invalid name, value or attribute. */
export function serializeCookie(name: string, value: string, options?: CookieSerializeOptions): string {
  return cookieModule.serialize(name, value, options);
}
