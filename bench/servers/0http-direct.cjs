'use strict';
// 0http with `prioRequestsProcessing: false`: each request handled as node emits it, as every other
// server here does, instead of in setImmediate. Measured beside 0http's default in (a) and (b) only,
// to show what its scheduling, rather than its routing, is worth (the "Request scheduling" table).

const zeroHttp = require('./0http.cjs');

function start(scenario, port) {
  return zeroHttp.start(scenario, port, { prioRequestsProcessing: false });
}

module.exports = { start };
if (require.main === module) require('./common.cjs').runFromCli(module.exports);
