'use strict';
// One demo worker as PM2 runs it (ecosystem.config.cjs, `npm run start:pm2`): it drains on
// SIGINT/SIGTERM with portico/graceful, and tells PM2 it is ready once it listens (wait_ready),
// so that `pm2 reload` stops an old worker only when its replacement serves.
const { graceful } = require('portico/graceful');
const { start, stop } = require('./production');

start().then(
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
