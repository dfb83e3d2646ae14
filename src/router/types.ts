import type { IncomingMessage, ServerResponse } from 'node:http';

/** `next()`, `next('route')`, `next('router')` or `next(err)`. */
export type NextFunction = (err?: unknown) => void;

/** Any request handler the router accepts; the request and response are Portico's at run time. */
export type Handler = (req: IncomingMessage, res: ServerResponse, next: NextFunction) => unknown;

/** Error-handling middleware: recognised by its four declared parameters. */
export type ErrorHandler = (err: unknown, req: IncomingMessage, res: ServerResponse, next: NextFunction) => unknown;

/** What `use`, routes and `param` take: functions and arbitrarily nested arrays of them. */
export type HandlerArgument = Handler | ErrorHandler | HandlerArgument[];

/** Per-request routing state the router keeps on the request object. */
export interface RoutedRequest extends IncomingMessage {
  baseUrl: string;
  originalUrl: string;
  params: Record<string, string>;
  next?: NextFunction;
  route?: unknown;
  url: string;
  method: string;
}
