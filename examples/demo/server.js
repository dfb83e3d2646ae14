'use strict';
// What `npm start` runs (after building Portico into dist/).
// PORT picks the port (0: any free one); DEMO_DB the SQLite file.
const path = require('node:path');
const { createApp } = require('./app');

const dbFile = process.env.DEMO_DB || path.join(__dirname, 'data', 'demo.sqlite');
const app = createApp({ dbFile });

const server = app.listen(Number(process.env.PORT || 3000), () => {
  console.log(`Portico demo listening on http://localhost:${server.address().port}`);
});

function shutdown() {
  server.close(() => {
    app.get('db').close();
    process.exit(0);
  });
  server.closeAllConnections();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
