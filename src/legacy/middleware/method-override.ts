import { METHODS, type IncomingMessage, type ServerResponse } from 'node:http';
import vary from 'vary';

/** What `methodOverride` adds to a request: the method the client actually sent. */
export interface MethodOverrideRequest extends IncomingMessage {
  originalMethod?: string;
  body?: unknown;
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

const HEADER = 'x-http-method-override';
const KNOWN_METHODS = new Set(METHODS);

/**
 * The 3.x `methodOverride([key])`: lets an HTML form (or a client that can only POST) ask for
 * another method. The parsed body's `key` (default `_method`) is read and removed from the body,
 * then the `X-HTTP-Method-Override` header, which wins when both are sent. Only a method node
 * knows is taken, upper-cased; `req.originalMethod` keeps the one that arrived. Every response
 * varies on the header, since it can change what a URL does.
 */
export function methodOverride(keyOption?: string): Middleware {
  const key = keyOption ?? '_method';
  return function methodOverride(incoming, res, next) {
    const req = incoming as MethodOverrideRequest;
    req.originalMethod = req.originalMethod || req.method;
    let requested: unknown;
    const body = req.body;
    if (body !== null && typeof body === 'object' && key in body) {
      const fields = body as Record<string, unknown>;
      requested = fields[key];
      delete fields[key];
    }
    const header = req.headers[HEADER];
    if (typeof header === 'string' && header) requested = header.split(',')[0].trim();
    vary(res, 'X-HTTP-Method-Override');
    if (Array.isArray(requested)) requested = requested[0];
    if (typeof requested === 'string') {
      const method = requested.toUpperCase();
      if (KNOWN_METHODS.has(method)) req.method = method;
    }
    next();
  };
}
