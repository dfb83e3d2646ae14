import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError } from '../../errors/http-error';
import { onHeaders } from './on-headers';

/** What `timeout()` adds to a request. */
export interface TimeoutRequest extends IncomingMessage {
  timedout?: boolean;
  clearTimeout?: () => void;
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * The 3.x `timeout(ms)` (default 5000): when no response has started after `ms`, `req.timedout`
 * becomes true, the request emits `timeout` and `next(err)` is called with a 503 `Response timeout`
 * (`code` `ETIMEDOUT`, `timeout` the delay). `req.clearTimeout()` cancels it; so do the response headers.
 */
export function timeout(ms?: number): Middleware {
  const delay = ms ?? 5000;
  return function timeout(incoming, res, next) {
    const req = incoming as TimeoutRequest;
    const timer = setTimeout(() => {
      req.timedout = true;
      req.emit('timeout', delay);
      const err = new HttpError(503, 'Response timeout') as HttpError & { code: string; timeout: number };
      err.code = 'ETIMEDOUT';
      err.timeout = delay;
      next(err);
    }, delay);
    req.clearTimeout = () => clearTimeout(timer);
    req.timedout = false;
    onHeaders(res, () => clearTimeout(timer));
    res.once('close', () => clearTimeout(timer));
    next();
  };
}
