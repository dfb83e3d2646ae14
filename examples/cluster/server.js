'use strict';
// The smallest app run by the cluster: `node examples/cluster/server.js`
// (PORT, default 3000; WEB_CONCURRENCY workers, default one per CPU).
// SIGHUP to the primary replaces the workers one by one; SIGTERM or Ctrl-C drains them and exits.
const { runCluster } = require('./cluster');

runCluster({
  // Runs in each worker only: the primary never loads the app.
  start() {
    const portico = require('portico');
    const app = portico();
    app.get('/healthz', (req, res) => res.send('ok'));
    app.get('/', (req, res) => res.send(`Hello from worker ${process.pid}\n`));
    return app.listen(Number(process.env.PORT || 3000));
  },
});
