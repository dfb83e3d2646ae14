'use strict';
// What `npm start` runs (after building Portico into dist/): one process.
// PORT picks the port (0: any free one); DEMO_DB the SQLite file; REDIS_URL puts the logins in
// Redis instead of SQLite; COOKIE_SECRET replaces the secret kept in the database.
// `npm run start:cluster` (cluster.js) runs the same app in several workers.
const path = require('node:path');
const { createApp } = require('./app');
const { redisSessions } = require('./session-store');

async function main() {
  const dbFile = process.env.DEMO_DB || path.join(__dirname, 'data', 'demo.sqlite');
  const sessionStore = process.env.REDIS_URL ? await redisSessions(process.env.REDIS_URL) : undefined;
  const app = createApp({ dbFile, sessionStore, cookieSecret: process.env.COOKIE_SECRET });

  const server = app.listen(Number(process.env.PORT || 3000), () => {
    console.log(`Portico demo listening on http://localhost:${server.address().port}`);
  });

  function shutdown() {
    server.close(async () => {
      await app.get('sessions').end();
      app.get('db').close();
      process.exit(0);
    });
    server.closeAllConnections();
  }
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
