'use strict';
// One demo worker as PM2 runs it (ecosystem.config.cjs, `npm run start:pm2`): the worker of
// ./production.js, drained with portico/graceful and reporting 'ready' (../cluster/pm2-worker.js).
const { runPm2Worker } = require('../cluster/pm2-worker');

runPm2Worker(require('./production'));
