// Starting a benchmark server and putting load on it (wrk, or autocannon where wrk is missing),
// shared by the runner and the profiler.
import { join } from 'node:path';
import { BENCH_DIR, serverFile } from './frameworks.mjs';
import { freePort, spawnNode, waitForReady } from './processes.mjs';
import { runWrk, wrkVersion } from './wrk.mjs';

/** The environment every server runs with: production mode, as deployed apps do. */
export const SERVER_ENV = { NODE_ENV: 'production' };

/** The gist of a child's stderr for an error message: the first line naming an error, then the last lines. */
export function tail(text, count = 4) {
  const lines = text.trim().split('\n').filter((l) => l.trim() !== '' && !/^Node\.js v\d/.test(l));
  const first = lines.find((l) => /\b\w*Error\b/.test(l));
  const last = lines.slice(-count);
  return (first && !last.includes(first) ? [first, '…', ...last] : last).join(' | ');
}

/**
 * Starts a framework's server for a scenario on a free port (core 0 when pinning) and resolves
 * once it is listening. `nodeArgs` go before the script (e.g. --cpu-prof).
 */
export async function startServer(framework, scenarioId, pinning, nodeArgs = []) {
  const port = await freePort();
  const server = spawnNode([...nodeArgs, serverFile(framework), scenarioId, String(port)], {
    pinning,
    core: 0,
    env: SERVER_ENV,
    ipc: true,
  });
  try {
    await waitForReady(server);
  } catch (err) {
    server.kill('SIGKILL');
    const stderr = tail(server.stderrText);
    throw new Error(`${err.message}${stderr ? ` — server stderr: ${stderr}` : ''}`, { cause: err });
  }
  return { server, port };
}

/** The load generators the runner knows, in order of preference. */
export const LOAD_GENERATORS = ['wrk', 'autocannon'];

/**
 * wrk when it is on PATH, otherwise autocannon (an npm dependency, always there). autocannon in one
 * Node process tops out below the fastest servers; wrk does not, so it is preferred.
 */
export function defaultLoadGenerator() {
  return wrkVersion() ? 'wrk' : 'autocannon';
}

/**
 * Runs the load generator (core 1 when pinning) against a port: `warmup` seconds unmeasured, then
 * `duration` seconds measured. `load` picks wrk or autocannon (default: defaultLoadGenerator());
 * both resolve with { rps, total, p50, p99, latencyAvg, throughputMBps, errors, timeouts, statusCounts }.
 */
export async function runLoad(port, requests, { connections, warmup, duration, load }, pinning) {
  const generator = load || defaultLoadGenerator();
  if (generator === 'wrk') return runWrk(port, requests, { connections, warmup, duration }, pinning);
  return runAutocannon(port, requests, { connections, warmup, duration }, pinning);
}

/** autocannon in a Node process of its own (load-worker.mjs), so that it gets a core to itself. */
async function runAutocannon(port, requests, { connections, warmup, duration }, pinning) {
  const config = {
    port,
    connections,
    warmup,
    duration,
    requests: requests.map(({ method, path, headers, payload }) => ({ method, path, headers, payload })),
  };
  const worker = spawnNode([join(BENCH_DIR, 'lib', 'load-worker.mjs'), JSON.stringify(config)], { pinning, core: 1 });
  const { code, signal } = await worker.exited;
  if (code !== 0) throw new Error(`load generator exited (${signal || code}): ${tail(worker.stderrText)}`);
  const lines = worker.stdoutText.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]);
}
