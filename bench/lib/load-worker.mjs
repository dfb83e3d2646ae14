// Runs in its own process (pinned to the load core): a warm-up, then the measured autocannon run.
// Input: one JSON argument { port, connections, warmup, duration, requests }. Output: one JSON line.
import autocannon from 'autocannon';

/** Runs autocannon once and resolves with its result. */
function run(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

const config = JSON.parse(process.argv[2]);
const base = {
  url: `http://127.0.0.1:${config.port}`,
  connections: config.connections,
  pipelining: 1,
  requests: config.requests.map(({ method, path, headers, payload }) => ({ method, path, headers, body: payload })),
};

if (config.warmup > 0) await run({ ...base, duration: config.warmup });
const result = await run({ ...base, duration: config.duration });

const statusCounts = {};
for (const [code, { count }] of Object.entries(result.statusCodeStats || {})) statusCounts[code] = count;

process.stdout.write(
  `${JSON.stringify({
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    latencyAvg: result.latency.average,
    throughputMBps: result.throughput.average / (1024 * 1024),
    errors: result.errors,
    timeouts: result.timeouts,
    statusCounts,
  })}\n`,
);
