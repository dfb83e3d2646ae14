import { createExpress5Application, express5Application } from './express5-application';
import { Express5Request } from './express5-request';
import { Express5Response } from './express5-response';
import { createSwitchingRouter5 } from './router-entry';
import type * as types from '../types/index';
import type * as core from 'express-serve-static-core';
import type { Locals as PorticoLocals } from '../index';
import { Route5 as RouteClass } from '../router/route5';
import { bodyParsers5 } from '../body/express5';
import { serveStatic5 } from './serve-static-5';

/** Creates an Express 5 application (`require('portico/5')()`), the way `express()` of express@5 does. */
function portico5(): portico5.Express {
  return createExpress5Application() as unknown as portico5.Express;
}

// The members of `require('express')` in Express 5, in its order.
Object.assign(portico5, {
  application: express5Application,
  request: Express5Request.prototype,
  response: Express5Response.prototype,
  Route: RouteClass,
  Router: createSwitchingRouter5,
  json: bodyParsers5.json,
  raw: bodyParsers5.raw,
  static: serveStatic5,
  text: bodyParsers5.text,
  urlencoded: bodyParsers5.urlencoded,
});

// The published types of `portico/5`: a function with these members (`export =`), as `require` returns it.
// eslint-disable-next-line @typescript-eslint/no-namespace -- `export =` of a function with named members needs a namespace
declare namespace portico5 {
  const application: Record<string | symbol, unknown>;
  const request: Request;
  const response: Response;
  const Route: typeof RouteClass;
  /** Creates an Express 5 router (router 2's semantics). */
  const Router: (options?: types.RouterOptions) => Router;
  const json: typeof bodyParsers5.json;
  const raw: typeof bodyParsers5.raw;
  /** Serves files under `root` (serve-static 2's options; no `mime` table). */
  const static: (root: string, options?: types.Static5Options) => RequestHandler;
  const text: typeof bodyParsers5.text;
  const urlencoded: typeof bodyParsers5.urlencoded;
  /** An Express 5 application. */
  type Express = types.Express5Application;
  type Application = types.Express5Application;
  /** The request of an Express 5 app. */
  type Request<
    P = types.ParamsDictionary,
    ResBody = unknown,
    ReqBody = types.DefaultBody,
    ReqQuery = types.ParsedQs,
    LocalsObj extends object = types.DefaultLocals,
  > = types.Express5Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
  /** The response of an Express 5 app. */
  type Response<ResBody = unknown, LocalsObj extends object = types.DefaultLocals> = types.Express5Response<ResBody, LocalsObj>;
  type NextFunction = types.NextFunction;
  /** A router of `portico/5`. */
  type Router = types.Express5Router;
  type IRouter = types.IRouter<'v5'>;
  type IRoute<Path extends string = string> = types.IRoute<Path, 'v5'>;
  type IRouterMatcher<T> = types.IRouterMatcher<T, 'v5'>;
  type IRouterHandler<T> = types.IRouterHandler<T, 'v5'>;
  type RouterOptions = types.RouterOptions;
  type Handler = RequestHandler;
  type RequestParamHandler = types.RequestParamHandler<'v5'>;
  type Locals = PorticoLocals;
  type Send<ResBody = unknown, T = Response<ResBody>> = types.Send<ResBody, T>;
  type CookieOptions = types.CookieOptions;
  type Errback = types.FileCallback;
  type MediaType = core.MediaType;
  type SendFileOptions = types.SendFileOptions;
  type DownloadOptions = types.DownloadOptions;
  type ServeStaticOptions = types.Static5Options;
  type Query = types.ParsedQs;
  /** The `req.params` of a route path in Express 5's syntax (`*name` gives the matched segments). */
  type RouteParameters<Path extends string> = types.RouteParameters5<Path>;
  type RequestHandler<
    P = types.ParamsDictionary,
    ResBody = unknown,
    ReqBody = types.DefaultBody,
    ReqQuery = types.ParsedQs,
    LocalsObj extends object = types.DefaultLocals,
  > = types.RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj, 'v5'>;
  type ErrorRequestHandler<
    P = types.ParamsDictionary,
    ResBody = unknown,
    ReqBody = types.DefaultBody,
    ReqQuery = types.ParsedQs,
    LocalsObj extends object = types.DefaultLocals,
  > = types.ErrorRequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj, 'v5'>;
  type ParamsDictionary = types.ParamsDictionary;
  type ParsedQs = types.ParsedQs;
}

export = portico5;
