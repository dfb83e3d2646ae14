'use strict';
// Portico: the Express 4 server code with the require changed. PORTICO_BENCH_MODULE exists only
// to exercise the harness before dist/ is built (the runner marks such results as a stand-in).
const express = require(process.env.PORTICO_BENCH_MODULE || '../../dist/index.js');

module.exports = require('./express-style.cjs').build(express);
if (require.main === module) require('./common.cjs').runFromCli(module.exports);
