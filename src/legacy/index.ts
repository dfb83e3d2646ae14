import { createLegacyApplication, type LegacyApplication, type LegacyRoute } from './legacy-application';
import { LegacyRequest } from './legacy-request';
import { LegacyResponse } from './legacy-response';
import { createRouter } from '../router/router';
import { serveStatic } from '../static/index';
import { json, urlencoded } from '../body/index';
import * as middleware from './middleware/index';

/** Creates a 3.x-style application (`require('portico/legacy')()`). */
function legacy(): LegacyApplication {
  return createLegacyApplication();
}

// The 3.x top-level function carried the connect middleware as properties.
Object.assign(legacy, {
  request: LegacyRequest.prototype,
  response: LegacyResponse.prototype,
  Router: createRouter,
  static: serveStatic,
  json,
  urlencoded,
  bodyParser: middleware.bodyParser,
  multipart: middleware.multipart,
  compress: middleware.compress,
  cookieParser: middleware.cookieParser,
  cookieSession: middleware.cookieSession,
  csrf: middleware.csrf,
  directory: middleware.directory,
  basicAuth: middleware.basicAuth,
});

// eslint-disable-next-line @typescript-eslint/no-namespace
declare namespace legacy {
  const request: LegacyRequest;
  const response: LegacyResponse;
  const Router: typeof createRouter;
  const static: typeof serveStatic;
  const json: typeof import('../body/index').json;
  const urlencoded: typeof import('../body/index').urlencoded;
  const bodyParser: typeof middleware.bodyParser;
  const multipart: typeof middleware.multipart;
  const compress: typeof middleware.compress;
  const cookieParser: typeof middleware.cookieParser;
  const cookieSession: typeof middleware.cookieSession;
  const csrf: typeof middleware.csrf;
  const directory: typeof middleware.directory;
  const basicAuth: typeof middleware.basicAuth;
  type Application = LegacyApplication;
  type Route = LegacyRoute;
}

export = legacy;
