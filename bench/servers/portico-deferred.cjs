'use strict';
// Portico's Express app handed each request in setImmediate, the scheduling 0http uses by default.
// Not a Portico feature: a measurement of what the scheduling alone would be worth, beside the same
// app called directly, in (a) and (b) only. The server is still `app.listen`'s (Portico's request and
// response classes); only its request listener is swapped for one that defers.

const common = require('./common.cjs');
const { createApp } = require('./portico.cjs');

function start(scenario, port) {
  const app = createApp(scenario);
  return new Promise((resolve, reject) => {
    const server = app.listen(port, common.HOST, () => resolve(server));
    server.once('error', reject);
    server.removeAllListeners('request');
    server.on('request', function deferred(req, res) {
      setImmediate(app, req, res);
    });
  });
}

module.exports = { start };
if (require.main === module) common.runFromCli(module.exports);
