'use strict';
// Portico's Express app with `app.enable('deferred dispatch')`: app.listen's server hands each request
// to the app in setImmediate, the scheduling 0http uses by default (docs/deferred-dispatch.md). The
// app and the server are otherwise portico.cjs's.

const common = require('./common.cjs');
const { createApp } = require('./portico.cjs');

function start(scenario, port) {
  const app = createApp(scenario);
  app.enable('deferred dispatch');
  return new Promise((resolve, reject) => {
    const server = app.listen(port, common.HOST, () => resolve(server));
    server.once('error', reject);
  });
}

module.exports = { start };
if (require.main === module) common.runFromCli(module.exports);
