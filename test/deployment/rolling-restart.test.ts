import { it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startCluster, type ClusterProcess } from './support/cluster-process';
import { root, startNginx, startRedis, type Nginx } from './support/services';
import { runSessionLoad } from './support/session-load';
import { until } from '../helpers/wait-for';

// The whole deployment under load: nginx (TLS) balancing over two app servers (two node:cluster
// primaries, as two machines would be, 2 workers each), sessions in Redis. While users keep
// changing their sessions, every worker of both servers is replaced one by one (SIGHUP to each
// primary in turn). No request may fail and no session may be lost. docs/deployment.md quotes
// the figures this prints.

const app = join(root, 'test', 'deployment', 'fixtures', 'cluster-app.js');
let redis: Awaited<ReturnType<typeof startRedis>>;
let servers: ClusterProcess[] = [];
let nginx: Nginx;

before(async () => {
  redis = await startRedis();
  const env = { REDIS_URL: redis.url, TRUST_PROXY: '127.0.0.1', SECURE_COOKIE: '1' };
  servers = await Promise.all([startCluster(app, env, 2), startCluster(app, env, 2)]);
  nginx = await startNginx(servers.map((s) => s.port));
});
after(async () => {
  await nginx?.stop();
  await Promise.all(servers.map((s) => s.stop()));
  await redis?.stop();
});

it('a rolling restart of every worker under load through nginx loses no request and no session', async (t) => {
  const before = servers.flatMap((s) => s.listeningPids());
  const replaced: number[] = [];
  // The restart starts once every worker has served the load, and the load stops once every new
  // worker has served it too.
  const pids = new Set<number>();
  const restart = (async () => {
    await until(() => before.every((pid) => pids.has(pid)), 'every worker to serve the load', 120_000);
    for (const server of servers) {
      const mark = server.output().length;
      server.signal('SIGHUP');
      const done = await server.waitFor(/rolling restart: done, workers (\d+) (\d+)/, mark, 240_000);
      replaced.push(Number(done[1]), Number(done[2]));
    }
    await until(() => replaced.every((pid) => pids.has(pid)), 'every new worker to serve the load', 120_000);
  })();

  const result = await runSessionLoad(nginx, { clients: 8, maxRequests: 20_000, maxMs: 300_000, until: restart, afterMs: 1000, pids });
  await restart;

  const figures = `${result.requests} requests in ${(result.durationMs / 1000).toFixed(1)} s, ${result.failures.length} failed; ` +
    `${result.sessionsKept} of ${result.sessions} sessions kept; workers replaced: ${before.length} (${before.join(' ')} -> ${replaced.join(' ')})`;
  t.diagnostic(figures);
  console.log(`rolling restart under load: ${figures}`);

  assert.equal(result.stoppedBy, 'done', `the load stopped early (${result.stoppedBy}): ${figures}`);
  assert.deepEqual(result.failures, []);
  assert.equal(result.sessionsKept, result.sessions);
  assert.ok(result.requests >= 200, `too little load to prove anything: ${figures}`);
  // Every old and every new worker answered some of the load.
  for (const pid of [...before, ...replaced]) assert.ok(result.pids.has(pid), `worker ${pid} served no request: ${figures}`);
  for (const pid of replaced) assert.ok(!before.includes(pid));
});
