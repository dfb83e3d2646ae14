import type { ServerResponse } from 'node:http';

/**
 * A capability of a response's transport: it has no connection to keep usable, so a request body the
 * app leaves unread is not read to its end before answering (node:http's server must, or a client
 * still sending would be cut off and the connection lost). `app.fetch` sets it: the rest of such a
 * body is never pulled from the Request. Asked only on the paths that refuse or ignore a body.
 */
const UNREAD_BODY_DROPPED = Symbol('portico.unreadBodyDropped');

/** Marks `res` as one whose transport drops an unread request body (see above). */
export function markUnreadBodyDropped(res: ServerResponse): void {
  Object.defineProperty(res, UNREAD_BODY_DROPPED, { configurable: true, enumerable: false, writable: false, value: true });
}

/** Does `res`'s transport drop an unread request body, so that nothing need wait for it? */
export function dropsUnreadBody(res: ServerResponse): boolean {
  return (res as unknown as Record<symbol, unknown>)[UNREAD_BODY_DROPPED] === true;
}
