import { createLegacyApplication, legacyApplication } from './legacy-application';
import { LegacyRouter } from './legacy-router';
import type * as types from '../types/index';
import { LegacyRequest } from './legacy-request';
import { LegacyResponse } from './legacy-response';
import { serveStatic } from '../static/index';
import { urlencoded } from '../body/index';
import { query } from '../query-middleware';
import * as middleware from './middleware/index';
import { warnDeprecated } from '../errors/deprecation';

/** Creates a 3.x-style application (`require('portico/legacy')()`). */
function legacy(): legacy.Application {
  return createLegacyApplication() as unknown as legacy.Application;
}

/** 3.x kept `createServer()` from 2.x as a deprecated alias of the framework function. */
function createServer(): legacy.Application {
  warnDeprecated('createServer(): apps are no longer http.Server instances; call the framework function instead');
  return legacy();
}

// The 3.x top-level function carried the connect middleware as properties.
Object.assign(legacy, {
  createServer,
  request: LegacyRequest.prototype,
  response: LegacyResponse.prototype,
  Router: LegacyRouter,
  application: legacyApplication,
  static: Object.assign(middleware.legacyStatic, { mime: serveStatic.mime }),
  json: middleware.legacyJson,
  urlencoded,
  query,
  methodOverride: middleware.methodOverride,
  responseTime: middleware.responseTime,
  errorHandler: middleware.errorHandler,
  favicon: middleware.favicon,
  logger: middleware.logger,
  timeout: middleware.timeout,
  session: middleware.session,
  vhost: middleware.vhost,
  mime: serveStatic.mime,
  bodyParser: middleware.bodyParser,
  multipart: middleware.multipart,
  compress: middleware.compress,
  cookieParser: middleware.cookieParser,
  cookieSession: middleware.cookieSession,
  csrf: middleware.csrf,
  directory: middleware.directory,
  basicAuth: middleware.basicAuth,
});

// The published types of `portico/legacy`: a function with these members (`export =`), as `require` returns it.
// eslint-disable-next-line @typescript-eslint/no-namespace -- `export =` of a function with named members needs a namespace
declare namespace legacy {
  const request: Request;
  const response: Response;
  /** The 3.x route table: `new Router()`, `router.route(verb, path, fns)`, `match`, `middleware`. */
  const Router: typeof LegacyRouter;
  /** The prototype of every app; a method added here appears on every app. */
  const application: Record<string, unknown>;
  const static: types.StaticFactory;
  const json: typeof middleware.legacyJson;
  const urlencoded: types.UrlencodedParserFactory;
  const query: typeof import('../query-middleware').query;
  const methodOverride: typeof middleware.methodOverride;
  const responseTime: typeof middleware.responseTime;
  const errorHandler: typeof middleware.errorHandler;
  const favicon: typeof middleware.favicon;
  const logger: typeof middleware.logger;
  const timeout: typeof middleware.timeout;
  const session: typeof middleware.session;
  const vhost: typeof middleware.vhost;
  const mime: types.StaticFactory['mime'];
  /** @deprecated Call the framework function. */
  const createServer: () => Application;
  const bodyParser: typeof middleware.bodyParser;
  const multipart: typeof middleware.multipart;
  const compress: typeof middleware.compress;
  const cookieParser: typeof middleware.cookieParser;
  const cookieSession: typeof middleware.cookieSession;
  const csrf: typeof middleware.csrf;
  const directory: typeof middleware.directory;
  const basicAuth: typeof middleware.basicAuth;
  /** A 3.x-style application. */
  type Application = types.LegacyApplication;
  /** The request of a 3.x-style app. */
  type Request<
    P = types.ParamsDictionary,
    ResBody = unknown,
    ReqBody = types.DefaultBody,
    ReqQuery = types.ParsedQs,
    LocalsObj extends object = types.DefaultLocals,
  > = types.LegacyRequest<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
  /** The response of a 3.x-style app. */
  type Response<ResBody = unknown, LocalsObj extends object = types.DefaultLocals> = types.LegacyResponse<ResBody, LocalsObj>;
  /** A handler of a 3.x-style app. */
  type RequestHandler<
    P = types.ParamsDictionary,
    ResBody = unknown,
    ReqBody = types.DefaultBody,
    ReqQuery = types.ParsedQs,
    LocalsObj extends object = types.DefaultLocals,
  > = types.RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj, 'legacy'>;
  /** An error handler of a 3.x-style app. */
  type ErrorRequestHandler<
    P = types.ParamsDictionary,
    ResBody = unknown,
    ReqBody = types.DefaultBody,
    ReqQuery = types.ParsedQs,
    LocalsObj extends object = types.DefaultLocals,
  > = types.ErrorRequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj, 'legacy'>;
  type NextFunction = types.NextFunction;
  type Route = types.LegacyRoute;
  type Locals = types.LegacyLocals;
  type Router = LegacyRouter;
}

export = legacy;
