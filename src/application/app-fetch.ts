import { IncomingMessage, ServerResponse } from 'node:http';
import type { Application } from './application';
import { createFinalHandler } from './final-handler';
import { dispatch } from './deferred-dispatch';
import { apiRequestPrototype, apiResponsePrototype } from './prepare-request';
import { createFetchExchange, listenForAbort, type MessageFactories } from '../transport/fetch-exchange';
import type { FetchSocket } from '../transport/fetch-socket';
import { markUnreadBodyDropped } from '../http/unread-body';

/** `app.fetch`: a Web-standard fetch handler running the app (docs/fetch.md). */
export type AppFetch = (request: Request, context?: unknown, ...rest: unknown[]) => Promise<Response>;

/**
 * The app's fetch handler: each Request becomes node:http's request and response (see
 * src/transport/fetch-exchange.ts), handed to the app as node:http's server hands them; the promise
 * resolves with the Response once the app has written its head. It never rejects for an app error:
 * what the router does not catch (an error thrown before or around it) ends with the final handler.
 */
export function createAppFetch(app: Application): AppFetch {
  const make = messageFactories(app);
  return function fetch(request: Request, context?: unknown): Promise<Response> {
    return new Promise<Response>((resolve) => {
      const { req, res } = createFetchExchange(request, context, resolve, make);
      markUnreadBodyDropped(res);
      try {
        // As a Portico server calls it: an app with `deferred dispatch` is served, not refused
        // as the listener of a foreign server (a fetch host has no pipelined heads to wait for).
        dispatch(app, req, res);
      } catch (error) {
        failRequest(app, req, res, error);
      }
      listenForAbort(res);
    });
  };
}

/**
 * The classes the app's own server would be given (`app.listen()`: its API's request and response
 * classes), so that the objects are made with the prototypes most apps keep, as there: nothing is
 * re-prototyped per request, and V8 keeps one shape for them all. node's classes for anything else.
 */
function messageFactories(app: Application): MessageFactories {
  const Request = classOf(apiRequestPrototype(app), IncomingMessage);
  const Response = classOf(apiResponsePrototype(app), ServerResponse);
  return {
    request: (socket: FetchSocket) => new Request(socket as never),
    response: (req: IncomingMessage) => new Response(req),
  };
}

function classOf<C extends typeof IncomingMessage | typeof ServerResponse>(proto: object, base: C): C {
  const constructor = (proto as { constructor?: unknown }).constructor;
  if (typeof constructor === 'function' && (constructor === base || constructor.prototype instanceof base)) return constructor as C;
  return base;
}

/** An error escaping the app itself: answered with the error page while the head can still go out. */
function failRequest(app: Application, req: IncomingMessage, res: ServerResponse, error: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  createFinalHandler(req as never, res as never, {
    env: String(app.set('env')),
    onError: (err) => {
      if (app.set('env') !== 'test') console.error((err as { stack?: unknown }).stack || String(err));
    },
  })(error);
}

/** Per app, its bound handler: made on the first read of `app.fetch`. */
const handlers = new WeakMap<object, AppFetch>();

/** `app.fetch` of `app`, the same function on every read. */
export function appFetchOf(app: Application): AppFetch {
  let handler = handlers.get(app);
  if (handler === undefined) {
    handler = createAppFetch(app);
    handlers.set(app, handler);
  }
  return handler;
}
