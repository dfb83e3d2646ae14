'use strict';
// N copies of one app on one port with node:cluster. The primary process only supervises: it
// starts the workers, starts another when one dies, replaces them one by one on SIGHUP (a rolling
// restart: the new worker listens before the old one is asked to leave, so the port is always
// served), and drains them all on SIGTERM or SIGINT. Each worker runs the app and shuts down
// gracefully (portico/graceful). See docs/deployment.md.
const cluster = require('node:cluster');
const os = require('node:os');
const { graceful } = require('portico/graceful');

const SHUTDOWN = 'portico:shutdown';
// A leaving worker's "I have closed my server" and the primary's "then I route you nothing more":
// see `releasedByPrimary` below.
const CLOSED = 'portico:closed';
const RELEASED = 'portico:released';

/**
 * Runs the cluster; call it from the script that `node` starts (the primary and every worker run
 * that same script).
 * - `start()` (worker): listens and returns the `http.Server`, or a promise of it.
 * - `stop()` (worker, optional): runs once the server has drained, to close databases and clients.
 * - `workers`: how many (default `WEB_CONCURRENCY`, else one per CPU).
 * - `shutdownTimeout`: ms a worker may take to drain before its last connections are cut (10 s).
 * - `log`: where the primary reports (default `console.log`).
 */
function runCluster(options) {
  if (cluster.isPrimary) return runPrimary(options);
  return runWorker(options);
}

function runPrimary({ workers, shutdownTimeout = 10_000, log = console.log }) {
  const count = workers || Number(process.env.WEB_CONCURRENCY) || os.availableParallelism();
  const leaving = new Set(); // ids of workers asked to leave: their exit is not a crash
  let stopping = false;
  let rolling = null;
  let rollAgain = false;

  function fork() {
    const worker = cluster.fork();
    const born = Date.now();
    worker.once('listening', (address) => log(`worker ${worker.process.pid} listening on port ${address.port}`));
    worker.once('exit', (code, signal) => {
      if (leaving.delete(worker.id) || stopping) return;
      log(`worker ${worker.process.pid} died (${signal || 'exit code ' + code}); starting another`);
      // A worker that dies at once (a bad deploy, a missing setting) would otherwise be forked in a
      // tight loop: wait a second before trying again.
      setTimeout(() => stopping || fork(), Date.now() - born < 1000 ? 1000 : 0);
    });
    return worker;
  }

  /** Asks `worker` to drain and exit; cuts it off if it takes longer than allowed. */
  function retire(worker) {
    if (worker.isDead()) return Promise.resolve();
    leaving.add(worker.id);
    const pid = worker.process.pid;
    const exited = new Promise((resolve) => worker.once('exit', resolve)).then(() => log(`worker ${pid} left`));
    if (worker.isConnected()) worker.send({ cmd: SHUTDOWN });
    const kill = setTimeout(() => worker.process.kill('SIGKILL'), shutdownTimeout + 2000);
    return exited.finally(() => clearTimeout(kill));
  }

  async function rollingRestart() {
    const old = Object.values(cluster.workers);
    log(`rolling restart: replacing ${old.length} workers`);
    for (const worker of old) {
      if (stopping) return;
      if (worker.isDead()) continue; // died during the roll: its replacement is already new
      const fresh = fork();
      // Until it listens, a new worker that exits ends the roll instead of being started again.
      leaving.add(fresh.id);
      const ready = await new Promise((resolve) => {
        fresh.once('listening', () => resolve(true));
        fresh.once('exit', () => resolve(false));
      });
      if (ready) leaving.delete(fresh.id);
      else {
        // The new code does not start: keep the old workers serving rather than replace them all.
        if (!stopping) log('rolling restart: a new worker failed to start; keeping the others');
        return;
      }
      await retire(worker);
    }
    log(`rolling restart: done, workers ${Object.values(cluster.workers).map((w) => w.process.pid).join(' ')}`);
  }

  process.on('SIGHUP', () => {
    if (stopping) return;
    if (rolling) {
      rollAgain = true; // a SIGHUP during a roll means "new code again": one more roll after this one
      return;
    }
    rolling = (async () => {
      do {
        rollAgain = false;
        await rollingRestart();
      } while (rollAgain && !stopping);
      rolling = null;
    })();
  });

  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: draining ${Object.keys(cluster.workers).length} workers`);
    Promise.all(Object.values(cluster.workers).map(retire)).then(() => {
      log('all workers stopped');
      process.exit(0);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  // A worker's CLOSED arrives after node:cluster's own "server closed" message from that worker
  // (one channel, in order), which is what takes it out of the round robin: from here on no
  // connection goes to it. RELEASED goes out behind any connection already sent to it, which it
  // hands back first.
  cluster.on('message', (worker, message) => {
    if (message && message.cmd === CLOSED && worker.isConnected()) worker.send({ cmd: RELEASED });
  });

  for (let i = 0; i < count; i++) fork();
}

async function runWorker({ start, stop, shutdownTimeout = 10_000 }) {
  // The handlers go in before the app starts: a worker asked to leave while it is still starting
  // (a rolling restart right after a deploy) must not miss the request.
  let close = null;
  let leaving = false;
  const leave = async () => {
    if (leaving) return;
    leaving = true;
    let released = Promise.resolve();
    if (close) {
      const drained = close(); // closes the server at once
      released = releasedByPrimary();
      await drained;
    }
    if (stop) await stop();
    await released;
    exit();
  };
  process.on('message', (message) => message && message.cmd === SHUTDOWN && leave());
  // Ctrl-C reaches the whole process group, and a primary that died leaves the worker orphaned:
  // in both cases drain rather than die mid-request.
  process.on('SIGTERM', leave);
  process.on('SIGINT', leave);
  process.on('disconnect', leave);

  // A worker asked to leave before it listens just exits (in `leave`): nothing was in flight.
  // Signals are handled above; the primary's RELEASED (releasedByPrimary) replaces the timed
  // linger portico/graceful uses under other cluster primaries.
  close = graceful(await start(), { timeout: shutdownTimeout, signals: [], clusterLinger: 0 }).shutdown;
}

/**
 * Resolves once the primary has stopped routing connections to this worker, whose server is closed.
 *
 * Why: node:cluster's primary accepts each connection and sends it to a worker, and closes its
 * own copy only when that worker acknowledges it. A worker that has closed its server hands such a
 * connection back (the primary gives it to another worker), but only while it is alive. The
 * primary learns that a worker closed its server from a message; until it has read that message,
 * it still sends that worker connections. A worker that exits in that window (under CPU contention
 * the primary can lag the worker's whole drain) takes the acknowledgement with it: the primary
 * keeps the connection open forever, with the request unread, and the client (or nginx, which
 * cannot retry a POST it has sent) waits for an answer that never comes.
 */
function releasedByPrimary() {
  if (!process.connected) return Promise.resolve(); // no primary: nobody routes anything here
  return new Promise((resolve) => {
    const onMessage = (message) => {
      if (message && message.cmd === RELEASED) done();
    };
    const done = () => {
      process.off('message', onMessage);
      process.off('disconnect', done);
      resolve();
    };
    process.on('message', onMessage);
    process.once('disconnect', done);
    process.send({ cmd: CLOSED });
  });
}

/** Exits once everything written to the primary (the hand-backs included) has been sent. */
function exit() {
  if (!process.connected) process.exit(0);
  process.send({ cmd: 'portico:exit' }, () => process.exit(0));
}

module.exports = { runCluster };
