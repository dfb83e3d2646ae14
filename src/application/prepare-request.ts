import type { Application } from './application';
import { PorticoRequest } from '../request/request';
import { PorticoResponse } from '../response/response';

/** Where an app keeps its customised request/response prototypes, once `app.request`/`app.response` is read. */
export const REQUEST_PROTO = Symbol('portico.requestPrototype');
export const RESPONSE_PROTO = Symbol('portico.responsePrototype');

/**
 * What every app does as a request enters it: give foreign objects Portico's prototype (once),
 * link `req`/`res` to each other and to the app, and send `X-Powered-By` when enabled.
 */
export function prepareRequest(app: Application, req: PorticoRequest, res: PorticoResponse): void {
  const requestProto = app[REQUEST_PROTO] ?? PorticoRequest.prototype;
  if (Object.getPrototypeOf(req) !== requestProto) {
    Object.setPrototypeOf(req, requestProto);
    Object.setPrototypeOf(res, app[RESPONSE_PROTO] ?? PorticoResponse.prototype);
  } else if (app[RESPONSE_PROTO] !== undefined && Object.getPrototypeOf(res) !== app[RESPONSE_PROTO]) {
    Object.setPrototypeOf(res, app[RESPONSE_PROTO]);
  }
  if (app.enabled('x-powered-by')) {
    res.setHeader('X-Powered-By', 'Portico');
  }
  req.app = app;
  res.app = app;
  req.res = res;
  (res as { req: PorticoRequest }).req = req;
  if (res.locals === undefined) res.locals = Object.create(null);
}
