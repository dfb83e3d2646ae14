import { createApplication } from './application/create-application';
import { ApplicationCore, type Application as ApplicationType } from './application/application';
import { createRouter, type Router as RouterType, type RouterOptions as RouterOptionsType } from './router/router';
import { Route as RouteClass } from './router/route';
import { PorticoRequest } from './request/request';
import { PorticoResponse } from './response/response';
import * as body from './body/index';
import { serveStatic } from './static/index';
import { cookieParser as parseCookies } from './cookies/index';
import { HttpError as HttpErrorClass } from './errors/http-error';
import { installRemovedMiddlewareGuards } from './removed-middleware';

/** Creates an application (`portico()`), the way `express()` does. */
function portico(): ApplicationType {
  return createApplication();
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
});
installRemovedMiddlewareGuards(portico);

// eslint-disable-next-line @typescript-eslint/no-namespace
declare namespace portico {
  const application: ApplicationCore;
  const request: PorticoRequest;
  const response: PorticoResponse;
  const Router: typeof createRouter;
  const Route: typeof RouteClass;
  const json: typeof body.json;
  const raw: typeof body.raw;
  const text: typeof body.text;
  const urlencoded: typeof body.urlencoded;
  const bodyParsers: typeof body.bodyParsers;
  const static: typeof serveStatic;
  const cookieParser: typeof parseCookies;
  const HttpError: typeof HttpErrorClass;
  type Application = ApplicationType;
  type Router = RouterType;
  type RouterOptions = RouterOptionsType;
}

export = portico;
