import { createExpress5Application, express5Application, type Express5Application } from './express5-application';
import { Express5Request, type Request5 } from './express5-request';
import { Express5Response, type Response5 } from './express5-response';
import { createSwitchingRouter5 } from './router-entry';
import type * as types from '../types/index';
import { Route5 as RouteClass } from '../router/route5';
import { bodyParsers5 } from '../body/express5';
import { serveStatic5 } from '../static/index';

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

// eslint-disable-next-line @typescript-eslint/no-namespace -- `export =` of a function with named members needs a namespace
declare namespace portico5 {
  const application: Record<string | symbol, unknown>;
  const request: Request5;
  const response: Response5;
  const Route: typeof RouteClass;
  /**
   * Typed with the 4.x router's members (the same methods; the path parameters of Express 5's syntax
   * are typed as strings): handlers get `portico/5`'s request and response at run time.
   */
  const Router: types.RouterFactory;
  const json: typeof bodyParsers5.json;
  const raw: typeof bodyParsers5.raw;
  const static: typeof serveStatic5;
  const text: typeof bodyParsers5.text;
  const urlencoded: typeof bodyParsers5.urlencoded;
  type Express = Express5Application;
  type Application = Express5Application;
  type Request = Request5;
  type Response = Response5;
  type NextFunction = types.NextFunction;
  type Router = ReturnType<types.RouterFactory>;
}

export = portico5;
