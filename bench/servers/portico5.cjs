'use strict';
// portico/5: the Express 5 server code (the same as Express 4's, which both APIs accept) on Portico's Express 5 entry.
const express = require('../../dist/express5/index.js');

module.exports = require('./express-style.cjs').build(express);
if (require.main === module) require('./common.cjs').runFromCli(module.exports);
