import type { IncomingMessage, ServerResponse } from 'node:http';
import { onHeaders } from './on-headers';

/** Options of `responseTime()`. */
export interface ResponseTimeOptions {
  /** Decimal places of the milliseconds (default 3). */
  digits?: number;
  /** Header name (default `X-Response-Time`). */
  header?: string;
  /** Append `ms` (default true). */
  suffix?: boolean;
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * The 3.x `responseTime()`: the time from the middleware to the response headers, in
 * milliseconds, in `X-Response-Time` (`0.123ms`). A header the app set itself is kept.
 */
export function responseTime(optionsArg?: ResponseTimeOptions): Middleware {
  const options = optionsArg ?? {};
  const digits = options.digits ?? 3;
  const header = options.header ?? 'X-Response-Time';
  const suffix = options.suffix !== false;
  return function responseTime(_req, res, next) {
    const start = process.hrtime.bigint();
    onHeaders(res, () => {
      if (res.getHeader(header) !== undefined) return;
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      res.setHeader(header, ms.toFixed(digits) + (suffix ? 'ms' : ''));
    });
    next();
  };
}
