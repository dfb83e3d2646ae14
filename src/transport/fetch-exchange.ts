import type { IncomingMessage, ServerResponse } from 'node:http';
import { FetchSocket } from './fetch-socket';
import { createFetchRequest, type RequestFactory } from './fetch-request';
import { createFetchResponse, type ResponseFactory } from './fetch-response';

export { listenForAbort } from './fetch-response';

/** The request and response an app is handed for one fetch `Request`. */
export interface FetchExchange {
  req: IncomingMessage;
  res: ServerResponse;
}

/** How an exchange's request and response objects are made (node's classes, or the app's). */
export interface MessageFactories {
  request: RequestFactory;
  response: ResponseFactory;
}

/**
 * node:http's request and response for `request`, over a socket stand-in: what the engine is
 * given, as node:http's server gives it its objects (made by `make`, as a server is given its
 * classes). `resolve` receives the Response as soon as its head is known. The request's
 * AbortSignal (the client going away, as the host reports it) and the app destroying the socket or
 * response both end the exchange as a closed connection does (see createFetchResponse).
 */
export function createFetchExchange(request: Request, context: unknown, resolve: (response: Response) => void, make: MessageFactories): FetchExchange {
  const url = new URL(request.url);
  const socket = new FetchSocket(request, url, context);
  const req = createFetchRequest(request, url, socket, make.request);
  const res = createFetchResponse(req, socket, resolve, make.response, request);
  return { req, res };
}
