// `portico/graceful`: the shutdown an orchestrator (PM2, systemd, Kubernetes) relies on when it
// sends SIGTERM and waits. The readiness answer turns to 503, the server stops accepting, every
// request in flight finishes, keep-alive connections close after their last response, and the
// process exits before its deadline. A separate entry: `require('portico')` stays Express's shape.
import cluster from 'node:cluster';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export interface GracefulOptions {
  /** Milliseconds the drain may take; then the connections still open are cut. Default 10 000. */
  timeout?: number;
  /**
   * Milliseconds between the start of the drain (readiness answers 503, responses carry
   * `Connection: close`) and the closing of the listener, so that a load balancer polling
   * readiness stops sending before connections are refused. Default 0.
   */
  readinessDelay?: number;
  /** Signals that start the shutdown and then exit the process with code 0. Default SIGTERM and SIGINT; `[]` for none. */
  signals?: NodeJS.Signals[];
  /** Runs once the server has drained: close database and Redis clients here. */
  onShutdown?: () => void | Promise<void>;
  /**
   * In a node:cluster worker (PM2's cluster mode included): milliseconds, counted from the
   * closing of the listener, before the process may exit. The primary routes connections to the
   * worker until it has read that the worker closed; the worker hands those back, but only while
   * it is alive. Default 1000.
   */
  clusterLinger?: number;
}

export interface Graceful {
  /** True once the shutdown has begun. */
  readonly draining: boolean;
  /** A handler for the readiness endpoint: 200 while serving, 503 while draining. */
  readiness(req: IncomingMessage, res: ServerResponse): void;
  /** Starts the shutdown (once); resolves when the server has drained and `onShutdown` has run. */
  shutdown(): Promise<void>;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Makes `server` shut down gracefully, on the given signals or when `shutdown()` is called. */
export function graceful(server: Server, options: GracefulOptions = {}): Graceful {
  const { timeout = 10_000, readinessDelay = 0, signals = ['SIGTERM', 'SIGINT'], onShutdown, clusterLinger = 1000 } = options;
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  let done: Promise<void> | null = null;

  // First among the listeners, so the header goes in before the app can answer.
  server.prependListener('request', function trackRequest(req: IncomingMessage, res: ServerResponse) {
    if (draining) res.setHeader('Connection', 'close');
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      // A response whose headers were out before the drain kept its connection open: now idle.
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
  });

  /** Stops accepting and resolves once no connection is left, cutting the last ones after `timeout`. */
  function close(): Promise<void> {
    return new Promise((resolve) => {
      const force = setTimeout(() => server.closeAllConnections(), timeout);
      force.unref();
      server.close(() => {
        clearTimeout(force);
        resolve();
      });
      server.closeIdleConnections();
    });
  }

  async function run(): Promise<void> {
    draining = true;
    for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    server.closeIdleConnections();
    if (readinessDelay > 0) await delay(readinessDelay);
    const lingered = cluster.isWorker ? delay(clusterLinger) : Promise.resolve();
    if (server.listening) await close();
    if (onShutdown) await onShutdown();
    await lingered;
  }

  const shutdown = () => (done ??= run());

  const onSignal = () => {
    void shutdown().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('graceful shutdown failed:', err);
        process.exit(1);
      },
    );
  };
  for (const signal of signals) process.on(signal, onSignal);

  return {
    get draining() {
      return draining;
    },
    readiness(req, res) {
      res.statusCode = draining ? 503 : 200;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store');
      res.end(draining ? 'draining' : 'ready');
    },
    shutdown,
  };
}
