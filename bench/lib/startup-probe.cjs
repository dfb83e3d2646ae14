'use strict';
// Scenario (j), measured in a fresh process run with --expose-gc: load a framework, register the
// 1,000-route app, listen, answer the first request; then the memory that stays after GC.
// Usage: node --expose-gc startup-probe.cjs <framework> <port>. Output: one JSON line.

const http = require('node:http');
const path = require('node:path');

/** GETs a path from 127.0.0.1:port and resolves with status and body. */
function get(port, urlPath) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode, body }));
      })
      .on('error', reject);
  });
}

const ms = (from, to) => Number(to - from) / 1e6;
const mb = (bytes) => bytes / (1024 * 1024);

async function main() {
  const [framework, portText] = process.argv.slice(2);
  const port = Number(portText);
  if (typeof globalThis.gc !== 'function') throw new Error('run with --expose-gc');

  const t0 = process.hrtime.bigint();
  const server = require(path.join(__dirname, '..', 'servers', `${framework}.cjs`));
  const common = require('../servers/common.cjs');
  const t1 = process.hrtime.bigint();
  await server.start('c-1000', port);
  const t2 = process.hrtime.bigint();
  const i = common.routeCount('c-1000') - 3;
  const res = await get(port, `/route${i}/1`);
  const t3 = process.hrtime.bigint();
  const expected = common.routeBody(i, '1');
  if (res.status !== 200 || res.body !== expected) {
    throw new Error(`first request answered ${res.status} ${JSON.stringify(res.body.slice(0, 100))}, expected ${expected}`);
  }

  globalThis.gc();
  globalThis.gc();
  const memory = process.memoryUsage();
  process.stdout.write(
    `${JSON.stringify({
      loadMs: ms(t0, t1),
      listenMs: ms(t1, t2),
      firstResponseMs: ms(t2, t3),
      readyMs: ms(t1, t3),
      rssMb: mb(memory.rss),
      heapUsedMb: mb(memory.heapUsed),
    })}\n`,
  );
  process.exit(0);
}

main().catch((err) => {
  console.error(err && err.stack ? err.stack : err);
  process.exit(1);
});
