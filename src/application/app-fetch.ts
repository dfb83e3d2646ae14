import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Application } from './application';
import { createFinalHandler } from './final-handler';
import { createFetchExchange } from '../transport/fetch-exchange';
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
  return function fetch(request: Request, context?: unknown): Promise<Response> {
    return new Promise<Response>((resolve) => {
      const { req, res } = createFetchExchange(request, context, resolve);
      markUnreadBodyDropped(res);
      try {
        (app as unknown as (req: IncomingMessage, res: ServerResponse) => void)(req, res);
      } catch (error) {
        failRequest(app, req, res, error);
      }
    });
  };
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
