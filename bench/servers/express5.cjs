'use strict';
// Express 5 runs the same Express server code as Express 4 (installed under the alias express5).
const express = require('express5');

module.exports = require('./express-style.cjs').build(express);
if (require.main === module) require('./common.cjs').runFromCli(module.exports);
