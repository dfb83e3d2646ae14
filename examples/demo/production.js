'use strict';
// The demo as one production worker: what examples/demo/cluster.js (node:cluster) and
// examples/demo/pm2.js (PM2) both run. Environment as for server.js: PORT, DEMO_DB, REDIS_URL
// (logins in Redis; without it, in the SQLite file every worker shares), COOKIE_SECRET, TRUST_PROXY.
const path = require('node:path');

let app = null;

/** Builds the app and listens; returns the server. */
async function start() {
  const { createApp } = require('./app');
  const { redisSessions } = require('./session-store');
  const dbFile = process.env.DEMO_DB || path.join(__dirname, 'data', 'demo.sqlite');
  const sessionStore = process.env.REDIS_URL ? await redisSessions(process.env.REDIS_URL) : undefined;
  app = createApp({ dbFile, sessionStore, cookieSecret: process.env.COOKIE_SECRET });
  return app.listen(Number(process.env.PORT || 3000));
}

/** Closes the session store and the database, once the server has drained. */
async function stop() {
  if (!app) return;
  await app.get('sessions').end();
  app.get('db').close();
}

module.exports = { start, stop };
