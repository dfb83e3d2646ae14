import { adoptPrototypes, API_REQUEST_PROTO, API_RESPONSE_PROTO } from '../application/prepare-request';
import type { Application } from '../application/application';
import { createRouter5, Router5Core, type Router5, type Router5Options } from '../router/router5';
import type { NextFunction } from '../router/types';
import { Express5Request } from './express5-request';
import { Route5 } from '../router/route5';
import { Express5Response } from './express5-response';

/**
 * `portico5.Router()`: a router with Express 5's path syntax and router 2's rules which, mounted in an
 * Express 4 app, also gives the requests it handles Express 5's request and response for as long as
 * they are inside it (`res.status` checks, the removed methods, 5.x `send`/`redirect`…): an app can move
 * to Express 5 one router at a time. `req.query` stays what the app parsed (the parser is an app
 * setting). Inside an Express 5 app nothing changes hands: the app's own prototypes are kept.
 */
export function createSwitchingRouter5(options?: Router5Options): Router5 {
  const router = createRouter5(options);
  Object.defineProperty(router, 'handle', { configurable: true, enumerable: false, writable: true, value: handleAs5 });
  return router;
}

// `Router.prototype` of router 2: the methods every 5.x router inherits (see createRouter5).
createSwitchingRouter5.prototype = Router5Core.prototype;
// `Router.Route` of router 2: the class of the routes these routers create.
Object.defineProperty(createSwitchingRouter5, 'Route', { configurable: true, writable: true, value: Route5 });

/** The Express 5 API's prototypes, as an app without prototypes of its own would give them. */
const API5 = { [API_REQUEST_PROTO]: Express5Request.prototype, [API_RESPONSE_PROTO]: Express5Response.prototype, parent: undefined } as unknown as Application;

const OWN_HANDLE = Router5Core.prototype.handle;

function handleAs5(this: Router5, req: unknown, res: unknown, next: NextFunction): void {
  // Without a callback the router's own handle throws router 2's TypeError.
  if (!next || Object.prototype.isPrototypeOf.call(Express5Request.prototype, req as object)) {
    OWN_HANDLE.call(this, req, res, next);
    return;
  }
  const requestProto = Object.getPrototypeOf(req) as object;
  const responseProto = Object.getPrototypeOf(res) as object;
  adoptPrototypes(API5, req as object, res as object);
  OWN_HANDLE.call(this, req, res, (err?: unknown) => {
    Object.setPrototypeOf(req, requestProto);
    Object.setPrototypeOf(res, responseProto);
    next(err);
  });
}
