import type { Application } from './application';
import { readSetting } from '../settings/settings';

/**
 * `app.enable('deferred dispatch')`: the servers Portico creates (`app.listen()`, portico/http2's
 * `createServer`) hand each request to the app in `setImmediate` instead of while node parses its head,
 * so node parses every request head that has arrived before any handler runs (docs/deferred-dispatch.md).
 * Nothing here runs for an app without the setting: the server is then given the app itself.
 */
export const DEFERRED_DISPATCH = 'deferred dispatch';

/** Apps a Portico server was created for: their dispatch is fixed from then on. */
const startedApps = new WeakSet<object>();

/** True only while the deferred dispatcher calls the app, so the app can tell it from any other caller. */
let dispatching = false;

/** What the app is called with: `(req, res, next)`; `next` is absent when a server calls it. */
type AppHandle = (this: Application, req: unknown, res: unknown, next?: unknown) => void;

/** Ends a request with an error the way the app ends requests it did not answer. */
export type FailRequest = (app: Application, req: unknown, res: unknown, err: Error) => void;

let failRequest: FailRequest | undefined;

/** Set once by the application module (which owns the final handler), to keep the import one-way. */
export function setDispatchFailure(fail: FailRequest): void {
  failRequest = fail;
}

/** Checks `app.set('deferred dispatch', value)` and arms (or disarms) the app's caller check. */
export function onDispatchSetting(app: Application, value: unknown): void {
  if (startedApps.has(app)) {
    throw new Error(
      "app.set('deferred dispatch') must come before app.listen(): the server chose how it dispatches requests when it was created",
    );
  }
  if (value) guardPlainListener(app);
  else if (Object.prototype.hasOwnProperty.call(app, 'handle') && (app.handle as { [GUARD]?: true })[GUARD]) {
    delete (app as { handle?: unknown }).handle;
  }
}

const GUARD = Symbol('portico.deferredDispatchGuard');

/**
 * An app with the setting answers a request that another server hands it (`http.createServer(app)`:
 * called as a plain listener, without `next`) with an error instead of serving it undeferred, which
 * would silently not be what the app asked for. The check is an own `handle` of that app only.
 */
function guardPlainListener(app: Application): void {
  if (Object.prototype.hasOwnProperty.call(app, 'handle')) return;
  const guarded = function handle(this: Application, req: unknown, res: unknown, next?: unknown): void {
    const fromDispatcher = dispatching;
    dispatching = false;
    const inner = (Object.getPrototypeOf(this) as { handle: AppHandle }).handle;
    if (next !== undefined || fromDispatcher) {
      inner.call(this, req, res, next);
      return;
    }
    (failRequest as FailRequest)(this, req, res, new Error(PLAIN_LISTENER_MESSAGE));
  };
  Object.defineProperty(guarded, GUARD, { value: true });
  Object.defineProperty(app, 'handle', { configurable: true, writable: true, enumerable: false, value: guarded });
}

export const PLAIN_LISTENER_MESSAGE =
  "The 'deferred dispatch' setting applies only to the servers Portico creates (app.listen(), portico/http2's createServer()), " +
  'but this app was called as the request listener of another server: create the server with app.listen(), or disable the setting';

/** The request listener a Portico server is given for `app`: the app itself, or the deferred dispatcher. */
export function requestListenerFor(app: Application): Application | ((req: unknown, res: unknown) => void) {
  startedApps.add(app);
  // (portico/http2 may be handed any listener; one without settings is served as given.)
  if (app.settings === undefined || !readSetting(app.settings, DEFERRED_DISPATCH)) return app;
  guardPlainListener(app);
  return function deferredDispatch(req: unknown, res: unknown): void {
    setImmediate(dispatch, app, req, res);
  };
}

/**
 * Calls `app` as a Portico server does, past the plain-listener check: the deferred dispatcher's
 * call, and `app.fetch`'s (a fetch host parses no pipelined heads to wait for, so it calls at once).
 */
export function dispatch(app: Application, req: unknown, res: unknown): void {
  dispatching = true;
  try {
    app(req, res);
  } finally {
    dispatching = false;
  }
}
