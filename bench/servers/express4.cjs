'use strict';
// Express 4: the reference. portico.cjs is this file with the require changed.
const express = require('express');

module.exports = require('./express-style.cjs').build(express);
if (require.main === module) require('./common.cjs').runFromCli(module.exports);
