/**
 * Errors handed to a `next` function, each with the moment it was (a sequence number). A handler's
 * rejected promise becomes `next(err)`; wrappers written for Express 4, which ignores returned
 * promises (express-async-errors wraps every handler this way), catch the same rejection and call
 * `next(err)` themselves. Their call comes first, as they subscribed first; the router's own
 * forwarding then finds that the error went through a `next` after the handler was called, and
 * does not route it a second time. An error handler that rethrows the error it received is still
 * forwarded: that error went through `next` before the handler ran. Weakly held.
 */
const forwardedAt = new WeakMap<object, number>();
let sequence = 0;

/** The current moment, read when a handler is called. */
export function forwardingMoment(): number {
  return sequence;
}

/** Records that `err` went through a `next` now (only objects can be told apart later). */
export function noteForwarded(err: unknown): void {
  if ((typeof err === 'object' && err !== null) || typeof err === 'function') forwardedAt.set(err, ++sequence);
}

/** Was `err` passed to a `next` after `moment`? */
export function forwardedSince(err: unknown, moment: number): boolean {
  if ((typeof err !== 'object' || err === null) && typeof err !== 'function') return false;
  const at = forwardedAt.get(err);
  return at !== undefined && at > moment;
}
