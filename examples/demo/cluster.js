'use strict';
// What `npm run start:cluster` runs: the demo in production mode, one worker per CPU
// (WEB_CONCURRENCY to choose) on one port, through examples/cluster/cluster.js: a worker that
// dies is replaced, SIGHUP replaces them all one by one, SIGTERM drains them and exits.
// The worker itself: ./production.js. See docs/deployment.md.
const { runCluster } = require('../cluster/cluster');
const { start, stop } = require('./production');

runCluster({ start, stop });
