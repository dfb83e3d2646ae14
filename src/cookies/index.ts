export { cookieParser, type CookieRequest, type CookieParserFactory, type CookieParserMiddleware } from './cookie-parser';
export { JSONCookie, JSONCookies } from './json-cookie';
export { signedCookie, signedCookies, type CookieSecret } from './signed-cookie';
export { signCookieValue, unsignCookieValue } from './signature';
export { parseCookieHeader, serializeCookie, type CookieParseOptions, type CookieSerializeOptions } from './cookie-codec';
