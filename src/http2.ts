import http2 from 'node:http2';
import type { SecureServerOptions, ServerOptions, Http2SecureServer, Http2Server, Http2ServerRequest, Http2ServerResponse } from 'node:http2';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Application } from './application/application';
import { http2ClassesFor } from './application/prepare-request';
import { PorticoRequest } from './request/request';
import { PorticoResponse } from './response/response';
import { requestListenerFor } from './application/deferred-dispatch';

/*
 * `portico/http2`: HTTP/2 servers whose request and response objects node:http2 constructs from
 * Portico's classes, so that no object changes prototype on its way into the app (which costs V8's
 * shared hidden classes; see docs/http2.md). An app handed to plain `http2.createServer(app)` works
 * the same, at that cost.
 */

/** A Portico app (`portico()` or `portico/legacy`'s), as node:http2 calls it. */
export type Http2App = (req: never, res: never) => unknown;

/** The classes node:http2 is given for Portico: HTTP/2 streams, and HTTP/1 connections of `allowHTTP1`. */
export interface PorticoHttp2Classes {
  Http2ServerRequest: typeof Http2ServerRequest;
  Http2ServerResponse: typeof Http2ServerResponse;
  Http1IncomingMessage: typeof IncomingMessage;
  Http1ServerResponse: typeof ServerResponse;
}

/**
 * `options` with the classes for `app`, for `http2.createServer(portico.http2Options(app, options), app)`
 * or `http2.createSecureServer(…)`. The classes take the prototypes in force for `app` when this is
 * called: what the app adds to `app.request`/`app.response` later is seen all the same (more slowly).
 */
export function http2Options<O extends ServerOptions | SecureServerOptions>(app: Http2App, options?: O): O & PorticoHttp2Classes {
  return {
    ...(options as O),
    ...http2ClassesFor(app as unknown as Application),
    // The same classes as `app.listen()` for the HTTP/1 clients an `allowHTTP1` server also takes.
    Http1IncomingMessage: PorticoRequest as typeof IncomingMessage,
    Http1ServerResponse: PorticoResponse as unknown as typeof ServerResponse,
  };
}

/** `http2.createServer` (h2c) for a Portico app: `createServer(app)` or `createServer(options, app)`. */
export function createServer(app: Http2App): Http2Server;
export function createServer(options: ServerOptions, app: Http2App): Http2Server;
export function createServer(first: ServerOptions | Http2App, second?: Http2App): Http2Server {
  const [options, app] = typeof first === 'function' ? [{}, first] : [first, second as Http2App];
  return http2.createServer(http2Options(app, options), requestListenerFor(app as unknown as Application) as never);
}

/** `http2.createSecureServer` (HTTP/2 over TLS) for a Portico app: `createSecureServer(options, app)`. */
export function createSecureServer(options: SecureServerOptions, app: Http2App): Http2SecureServer {
  return http2.createSecureServer(http2Options(app, options), requestListenerFor(app as unknown as Application) as never);
}
