'use strict';
// Portico's Express app handed each request in setImmediate by the server's request listener, the
// scheduling 0http uses by default. Not a Portico feature: a measurement of what the scheduling
// alone would be worth, beside the same app called directly, in (a) and (b) only.

const http = require('node:http');
const common = require('./common.cjs');
const { createApp } = require('./portico.cjs');

function start(scenario, port) {
  const app = createApp(scenario);
  const server = http.createServer(function deferred(req, res) {
    setImmediate(app, req, res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, common.HOST, () => resolve(server));
  });
}

module.exports = { start };
if (require.main === module) common.runFromCli(module.exports);
