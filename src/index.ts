// The declared module `express-serve-static-core` is a script, which only a reference brings into the program;
// `preserve` keeps the reference in dist/index.d.ts, so consumers get the module too.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- an import cannot include a script
/// <reference path="./types/express-serve-static-core.ts" preserve="true" />
import { createApplication } from './application/create-application';
import { ApplicationCore } from './application/application';
import { createRouter } from './router/router';
import { Route as RouteClass } from './router/route';
import { PorticoRequest } from './request/request';
import { PorticoResponse } from './response/response';
import * as body from './body/index';
import { serveStatic } from './static/index';
import { cookieParser as parseCookies } from './cookies/cookie-parser';
import { HttpError as HttpErrorClass } from './errors/http-error';
import { installRemovedMiddlewareGuards } from './removed-middleware';
import { query as queryMiddleware } from './query-middleware';
import type * as types from './types/index';
import type * as core from 'express-serve-static-core';

/** Creates an application (`portico()`), the way `express()` does. */
function portico(): portico.Express {
  return createApplication() as unknown as portico.Express;
}

// The framework function carries its factories as properties, as `require('express')` does.
Object.assign(portico, {
  application: ApplicationCore.prototype,
  request: PorticoRequest.prototype,
  response: PorticoResponse.prototype,
  Router: createRouter,
  Route: RouteClass,
  json: body.json,
  raw: body.raw,
  text: body.text,
  urlencoded: body.urlencoded,
  bodyParsers: body.bodyParsers,
  static: serveStatic,
  cookieParser: parseCookies,
  HttpError: HttpErrorClass,
  query: queryMiddleware,
});
installRemovedMiddlewareGuards(portico);

/*
 * The published types. `require('portico')` is the function above with these members, so the module is
 * declared `export =` a function merged with this namespace: that is the shape every import style of
 * `@types/express` code relies on (`import express from`, `import * as express from`,
 * `import express = require()`, `express.Request`). The interfaces below are the merge points for
 * `declare module 'portico' { interface Request { … } }`; their members live in src/types. `Request`,
 * `Response`, `Locals` and `Application` extend those of the module `express-serve-static-core` that
 * Portico declares (src/types/express-serve-static-core.ts), so its augmentations reach them too.
 */
// eslint-disable-next-line @typescript-eslint/no-namespace -- `export =` of a function with named members needs a namespace
declare namespace portico {
  // Values: the properties assigned above.
  const application: Application;
  const request: Request;
  const response: Response;
  const Router: types.RouterFactory;
  const Route: types.RouteConstructor;
  const json: types.JsonParserFactory;
  const raw: types.RawParserFactory;
  const text: types.TextParserFactory;
  const urlencoded: types.UrlencodedParserFactory;
  const bodyParsers: types.BodyParsers;
  const static: types.StaticFactory;
  const cookieParser: typeof parseCookies;
  const HttpError: typeof HttpErrorClass;
  const query: typeof queryMiddleware;

  /**
   * Switches for the whole program, set by augmentation:
   * `declare module 'portico' { interface TypeOptions { strict: true } }` turns the loose `any` defaults
   * (`req.body`, `res.locals` values, cookies, the error of an error handler, `app.get(setting)`) into `unknown`.
   */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- empty on purpose: a merge point
  interface TypeOptions {}

  /* eslint-disable @typescript-eslint/no-empty-object-type -- the interfaces below are merge points for
     `declare module 'portico'`; their members come from src/types */
  /** The request (`req`). See src/types/request.ts for the type parameters. */
  interface Request<
    P = types.ParamsDictionary,
    ResBody = unknown,
    ReqBody = types.DefaultBody,
    ReqQuery = types.ParsedQs,
    LocalsObj extends object = types.DefaultLocals,
  > extends core.Request<P, ResBody, ReqBody, ReqQuery, LocalsObj> {}

  /** The response (`res`). */
  interface Response<ResBody = unknown, LocalsObj extends object = types.DefaultLocals> extends core.Response<ResBody, LocalsObj> {}

  /**
   * A request whose body, cookies and locals are `unknown` whatever `TypeOptions` says:
   * annotate a handler's `req` with it to validate input before use.
   */
  interface StrictRequest<
    P = types.ParamsDictionary,
    ResBody = unknown,
    ReqBody = unknown,
    ReqQuery = types.ParsedQs,
    LocalsObj extends object = Record<string, unknown>,
  > extends Request<P, ResBody, ReqBody, ReqQuery, LocalsObj> {
    cookies: Record<string, unknown>;
    signedCookies: Record<string, unknown>;
  }

  /** Template variables (`res.locals`, `app.locals`); add yours by augmentation. */
  interface Locals extends core.Locals {}

  /** An application (`portico()`). */
  interface Application extends core.Application {}

  /** What `portico()` returns: an application (the name `@types/express` uses). */
  interface Express extends Application {
    request: Request;
    response: Response;
  }

  /** A router (`portico.Router()`). */
  interface Router extends types.RouterMembers {}

  /** A route (`app.route(path)`, `req.route`). */
  interface Route<Path extends string = string> extends types.IRoute<Path> {}
  /* eslint-enable @typescript-eslint/no-empty-object-type */

  type NextFunction = types.NextFunction;
  type RequestHandler<
    P = types.ParamsDictionary,
    ResBody = unknown,
    ReqBody = types.DefaultBody,
    ReqQuery = types.ParsedQs,
    LocalsObj extends object = types.DefaultLocals,
  > = types.RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
  type Handler = types.Handler;
  type ErrorRequestHandler<
    P = types.ParamsDictionary,
    ResBody = unknown,
    ReqBody = types.DefaultBody,
    ReqQuery = types.ParsedQs,
    LocalsObj extends object = types.DefaultLocals,
  > = types.ErrorRequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
  type RequestParamHandler = types.RequestParamHandler;
  type RequestHandlerParams<
    P = types.ParamsDictionary,
    ResBody = unknown,
    ReqBody = types.DefaultBody,
    ReqQuery = types.ParsedQs,
    LocalsObj extends object = types.DefaultLocals,
  > = types.RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
  type MiddlewareFunction = types.MiddlewareFunction;
  type IRouter = types.IRouter;
  type IRouterMatcher<T> = types.IRouterMatcher<T>;
  type IRouterHandler<T> = types.IRouterHandler<T>;
  type IRoute<Path extends string = string> = types.IRoute<Path>;
  type ILayer = types.ILayer;
  type RouterOptions = types.RouterOptions;
  type ParamsDictionary = types.ParamsDictionary;
  type ParsedQs = types.ParsedQs;
  type Query = types.ParsedQs;
  type PathParams = types.PathParams;
  type RouteParameters<Path extends string> = types.RouteParameters<Path>;
  type Send<ResBody = unknown, T = Response<ResBody>> = types.Send<ResBody, T>;
  type CookieOptions = types.CookieOptions;
  type JsonOptions = types.JsonOptions;
  type RawOptions = types.RawOptions;
  type TextOptions = types.TextOptions;
  type UrlencodedOptions = types.UrlencodedOptions;
  type StaticOptions = types.StaticOptions;
  type ServeStaticOptions = types.StaticOptions;
  type SendFileOptions = types.SendFileOptions;
  type DownloadOptions = types.DownloadOptions;
  type TemplateEngine = types.TemplateEngine;
  /** `app.fetch`: the app as a fetch handler (docs/fetch.md). */
  type FetchHandler = types.FetchHandler;
  /** The options `app.fetch(request, options)` reads (the client's address). */
  type FetchOptions = types.FetchOptions;
  type RenderCallback = types.RenderCallback;
  type FormatHandlers = types.FormatHandlers;
  type RangeResult = types.RangeResult;
  type ByteRange = types.ByteRange;
  /** `req.range()`'s ranges (the name `@types/express` uses). */
  type RequestRanges = types.Ranges;
  /** The callback of `res.sendFile`/`res.download` (the name `@types/express` uses). */
  type Errback = types.FileCallback;
}

export = portico;
