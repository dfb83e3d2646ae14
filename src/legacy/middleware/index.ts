/** The 3.x middleware, one file each; the legacy entry attaches them to its framework function. */
export { basicAuth, parseBasicCredentials, type BasicAuthRequest, type BasicAuthCheck, type BasicAuthAsyncCheck } from './basic-auth';
export { bodyParser, type BodyParserOptions } from './body-parser';
export { compress, type CompressOptions, type CompressResponse } from './compress';
export { cookieParser } from '../../cookies/cookie-parser';
export { cookieSession, type CookieSessionOptions, type CookieSessionRequest, type SessionData } from './cookie-session';
export { SessionCookie, type SessionCookieOptions } from './session-cookie';
export { csrf, type CsrfOptions, type CsrfRequest } from './csrf';
export { directory, type DirectoryOptions } from './directory';
export { multipart, type MultipartOptions, type MultipartRequest, type UploadedFile } from './multipart';
export { methodOverride, type MethodOverrideRequest } from './method-override';
export { responseTime, type ResponseTimeOptions } from './response-time';
export { errorHandler, type ErrorHandlerFactory } from './error-handler';
export { favicon, type FaviconOptions } from './favicon';
export { legacyStatic } from './static';
export { logger, type LoggerFactory, type LoggerOptions, type LoggerToken, type LoggerFormat } from './logger';
export { timeout, type TimeoutRequest } from './timeout';
export { vhost, type VhostRequest } from './vhost';
export { sessionFactory as session, MemoryStore, Store, type SessionOptions, type SessionRequest } from './session';
