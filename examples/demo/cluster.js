'use strict';
// What `npm run start:cluster` runs: the demo in production mode, one worker per CPU
// (WEB_CONCURRENCY to choose) on one port, through examples/cluster/cluster.js: a worker that
// dies is replaced, SIGHUP replaces them all one by one, SIGTERM drains them and exits.
// Environment as for server.js: PORT, DEMO_DB, REDIS_URL (logins in Redis; without it, in the
// SQLite file every worker shares), COOKIE_SECRET, TRUST_PROXY. See docs/deployment.md.
const path = require('node:path');
const { runCluster } = require('../cluster/cluster');

let app = null;

runCluster({
  async start() {
    const { createApp } = require('./app');
    const { redisSessions } = require('./session-store');
    const dbFile = process.env.DEMO_DB || path.join(__dirname, 'data', 'demo.sqlite');
    const sessionStore = process.env.REDIS_URL ? await redisSessions(process.env.REDIS_URL) : undefined;
    app = createApp({ dbFile, sessionStore, cookieSecret: process.env.COOKIE_SECRET });
    return app.listen(Number(process.env.PORT || 3000));
  },
  async stop() {
    if (!app) return;
    await app.get('sessions').end();
    app.get('db').close();
  },
});
