import type { IncomingMessage, ServerResponse } from 'node:http';
import { connectionInfo } from './fetch-options';
import { FetchSocket } from './fetch-socket';
import { createFetchRequest } from './fetch-request';
import { createFetchResponse, cutFetchResponse } from './fetch-response';

/** The request and response an app is handed for one fetch `Request`. */
export interface FetchExchange {
  req: IncomingMessage;
  res: ServerResponse;
}

/**
 * node:http's request and response for `request`, over a socket stand-in: what the engine is
 * given, as node:http's server gives it its objects. `resolve` receives the Response as soon as its
 * head is known. The request's AbortSignal (the client going away, as the host reports it) and the
 * app destroying the socket or response both end the exchange as a closed connection does.
 */
export function createFetchExchange(request: Request, context: unknown, resolve: (response: Response) => void): FetchExchange {
  const url = new URL(request.url);
  const socket = new FetchSocket(connectionInfo(request, url, context));
  const req = createFetchRequest(request, url, socket);
  const res = createFetchResponse(req, socket, resolve);
  const signal = request.signal as AbortSignal | undefined;
  const onAbort = (): void => {
    // The signal's reason (an AbortError) is what the body stream errors with.
    const reason: unknown = signal?.reason;
    socket.destroy(reason instanceof Error ? reason : undefined);
  };
  socket.onGone = (error) => {
    signal?.removeEventListener('abort', onAbort);
    cutFetchResponse(res, error);
  };
  if (signal !== undefined && signal !== null) {
    if (signal.aborted) process.nextTick(onAbort);
    else {
      signal.addEventListener('abort', onAbort, { once: true });
      // Once the response has gone out, the signal no longer means anything to this exchange.
      res.once('close', () => signal.removeEventListener('abort', onAbort));
    }
  }
  return { req, res };
}
