'use strict';
// Graceful shutdown of one HTTP server: stop accepting, let every request in flight finish, close
// keep-alive connections without cutting a request in half, then resolve.
//
// Why the bookkeeping: `server.close()` stops accepting and waits for the open connections, but a
// keep-alive connection stays open until its idle timeout, and a client may send its next request
// on it at any moment. So idle connections are closed at once, a response in flight is sent with
// `Connection: close` (the client then opens a new connection, to a worker that is still
// accepting), and a request that arrives on an old connection during the drain is still served,
// also with `Connection: close`.

/**
 * Prepares `server` for a graceful close and returns `close({ timeout })`, a function that resolves
 * once the server has no connection left, or after `timeout` ms (default 10 s), when the
 * connections still open are cut.
 */
function gracefulShutdown(server) {
  const inFlight = new Set();
  let closing = false;

  // First among the listeners, so the header goes in before the app can answer.
  server.prependListener('request', function trackRequest(req, res) {
    if (closing) res.setHeader('Connection', 'close');
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      // A response whose headers were already out when the drain began kept its connection open:
      // once it has ended, that connection is idle and can go.
      if (closing) setImmediate(() => server.closeIdleConnections());
    });
  });

  return function close({ timeout = 10_000 } = {}) {
    if (closing) return Promise.resolve();
    closing = true;
    return new Promise((resolve) => {
      const force = setTimeout(() => server.closeAllConnections(), timeout);
      force.unref();
      server.close(() => {
        clearTimeout(force);
        resolve();
      });
      for (const res of inFlight) {
        if (!res.headersSent) res.setHeader('Connection', 'close');
      }
      server.closeIdleConnections();
    });
  };
}

module.exports = { gracefulShutdown };
