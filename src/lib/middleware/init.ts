import type { Application } from '../../application/application';
import { prepareRequest } from '../../application/prepare-request';
import type { PorticoRequest } from '../../request/request';
import type { PorticoResponse } from '../../response/response';
import type { NextFunction } from '../../router/types';

/**
 * `express/lib/middleware/init`: `init(app)` returns the middleware that links a request to `app`
 * (prototypes, `req.res`/`res.req`, `res.locals`, `X-Powered-By`). An app's own stack does this as
 * the request enters it; this factory is for code that builds the step itself.
 */
export function init(app: Application) {
  return function expressInit(req: PorticoRequest, res: PorticoResponse, next: NextFunction): void {
    prepareRequest(app, req, res);
    (req as PorticoRequest & { next?: NextFunction }).next = next;
    next();
  };
}
