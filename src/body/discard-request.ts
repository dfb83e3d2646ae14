import type { IncomingMessage, ServerResponse } from 'node:http';
import { dropsUnreadBody } from '../http/unread-body';

/**
 * How much of a refused body is read and thrown away to keep the connection usable for the next
 * request. Beyond it (or when Content-Length already says more remains) reading stops and the
 * connection is closed once the response has gone out: a 1 GB upload against a 100kb limit costs
 * neither memory nor the gigabyte.
 */
export const DRAIN_LIMIT = 8 * 1024 * 1024;

/**
 * How long the socket stays open after the response has finished before it is closed: closing
 * with unread input makes TCP send a reset, which could destroy a response the client has not read yet.
 */
export const LINGER_MS = 500;

/**
 * Discards the rest of a request whose body was refused, without holding any of it.
 * `remaining` is the number of bytes Content-Length still announces, when known.
 *
 * `settled`, when given, is called once the discarding is over: the request has been read to its
 * end, or it closed, or reading stopped at DRAIN_LIMIT (or at once, when Content-Length announces
 * more than that). A body refused while the client is still sending is answered then, as Express
 * does: a client that writes its whole request before reading the answer (most do) would never see
 * a response sent earlier. The wait is bounded by DRAIN_LIMIT bytes.
 */
export function discardRequest(req: IncomingMessage, res: ServerResponse, remaining: number | null, settled?: () => void): void {
  let pending = settled;
  const settle = (): void => {
    const fn = pending;
    pending = undefined;
    if (fn !== undefined) fn();
  };
  if (req.readableEnded || req.destroyed) return settle();
  // No connection to keep usable (app.fetch): the rest is not read at all, and the answer goes now.
  if (dropsUnreadBody(res)) {
    req.pause();
    return settle();
  }
  let drained = 0;
  let timer: NodeJS.Timeout | undefined;

  const onData = (chunk: Buffer): void => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT) giveUp();
  };
  const close = (): void => {
    timer = undefined;
    cleanup();
    req.socket?.destroy();
  };
  const closeSoon = (): void => {
    timer = setTimeout(close, LINGER_MS);
    timer.unref();
  };
  function giveUp(): void {
    // Stop reading: the client's sends stall instead of costing bandwidth and buffers here.
    req.removeListener('data', onData);
    req.pause();
    if (res.writableFinished) closeSoon();
    else res.once('finish', closeSoon);
    settle();
  }
  function cleanup(): void {
    if (timer !== undefined) clearTimeout(timer);
    req.removeListener('data', onData);
    req.removeListener('end', cleanup);
    req.removeListener('close', cleanup);
    req.removeListener('error', cleanup);
    res.removeListener('finish', closeSoon);
    settle();
  }

  req.once('end', cleanup);
  req.once('close', cleanup);
  // An aborted upload emits 'error' on some Node versions; with a listener it is not an uncaught error.
  req.once('error', cleanup);
  if (remaining !== null && remaining > DRAIN_LIMIT) return giveUp();
  req.on('data', onData);
  if (req.isPaused()) req.resume();
}
