'use strict';
// One worker as PM2 runs it in cluster mode (PM2 is then the node:cluster primary): it listens,
// drains on PM2's SIGINT (or SIGTERM) with portico/graceful, and tells PM2 it is ready once it
// listens (`wait_ready` in the ecosystem file), so that `pm2 reload` stops an old worker only when
// its replacement serves. See docs/deployment.md.
const { graceful } = require('portico/graceful');

/**
 * Runs `start()` (listens, returns the `http.Server` or a promise of it); `stop()` runs once the
 * server has drained (close databases and clients). A worker that cannot start exits 1.
 */
function runPm2Worker({ start, stop }) {
  Promise.resolve()
    .then(start)
    .then(
      (server) => {
        graceful(server, { onShutdown: stop });
        const ready = () => process.send?.('ready');
        if (server.listening) ready();
        else server.once('listening', ready);
      },
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
}

module.exports = { runPm2Worker };
