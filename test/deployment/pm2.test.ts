import { it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { assertBuilt } from './support/cluster-process';
import { startPm2, type Pm2, type Pm2Process } from './support/pm2';
import { freePort, root, startNginx, startRedis, type Nginx } from './support/services';
import { viaNginx } from './support/proxy-client';
import { runSessionLoad } from './support/session-load';
import { until } from '../helpers/wait-for';

// The deployment run by PM2 (cluster mode, from devDependencies, its own PM2_HOME): nginx (TLS)
// in front, sessions and a rate limit in Redis. `pm2 reload` under load replaces every worker
// with no failed request and no lost session; a worker killed with SIGKILL is replaced while the
// other keeps serving. docs/deployment.md quotes the figures this prints.

const config = join(root, 'test', 'deployment', 'fixtures', 'pm2.config.cjs');
const NAME = 'portico-test';
let redis: Awaited<ReturnType<typeof startRedis>>;
let pm2: Pm2;
let nginx: Nginx;

const online = async (): Promise<Pm2Process[]> => (await pm2.list()).filter((p) => p.name === NAME && p.status === 'online');

before(async () => {
  assertBuilt();
  redis = await startRedis();
  pm2 = startPm2();
  const port = await freePort();
  await pm2.run(['start', config], { PORT: String(port), REDIS_URL: redis.url, TRUST_PROXY: '127.0.0.1', SECURE_COOKIE: '1', WEB_CONCURRENCY: '2' });
  nginx = await startNginx([port]);
});
after(async () => {
  await nginx?.stop();
  await pm2?.stop();
  await redis?.stop();
});

it('pm2 reload under load through nginx replaces every worker: no failed request, no lost session', async (t) => {
  const before = (await online()).map((p) => p.pid);
  assert.equal(before.length, 2, 'two workers online');
  // The reload starts once both workers have served the load, and the load stops once both new
  // workers have served it too.
  const pids = new Set<number>();
  let after: number[] = [];
  const reload = (async () => {
    await until(() => before.every((pid) => pids.has(pid)), 'both workers to serve the load', 120_000);
    await pm2.run(['reload', NAME]);
    after = (await online()).map((p) => p.pid);
    await until(() => after.every((pid) => pids.has(pid)), 'both new workers to serve the load', 120_000);
  })();
  const result = await runSessionLoad(nginx, { clients: 8, maxRequests: 20_000, maxMs: 240_000, until: reload, afterMs: 1000, pids });
  await reload;

  const figures = `${result.requests} requests in ${(result.durationMs / 1000).toFixed(1)} s, ${result.failures.length} failed; ` +
    `${result.sessionsKept} of ${result.sessions} sessions kept; workers ${before.join(' ')} -> ${after.join(' ')}`;
  t.diagnostic(figures);
  console.log(`pm2 reload under load: ${figures}`);

  assert.equal(result.stoppedBy, 'done', `the load stopped early (${result.stoppedBy}): ${figures}`);
  assert.deepEqual(result.failures, []);
  assert.equal(result.sessionsKept, result.sessions);
  assert.ok(result.requests >= 200, `too little load to prove anything: ${figures}`);
  assert.equal(after.length, 2);
  for (const pid of after) assert.ok(!before.includes(pid), `worker ${pid} was not replaced: ${figures}`);
  for (const pid of [...before, ...after]) assert.ok(result.pids.has(pid), `worker ${pid} served no request: ${figures}`);
});

it('a worker killed with SIGKILL is replaced by PM2 while the other keeps serving', async () => {
  const workers = await online();
  const [victim, survivor] = workers.map((p) => p.pid);
  const restarts = workers[0].restarts;
  process.kill(victim, 'SIGKILL');
  // PM2 (node:cluster's primary) routes connections to a worker until it sees it die; one routed
  // to the dead worker in that instant would never be answered (docs/deployment.md). From then
  // on, every request is answered while the replacement starts.
  const noticed = Date.now() + 30_000;
  while ((await online()).some((p) => p.pid === victim)) {
    assert.ok(Date.now() < noticed, `PM2 did not notice that worker ${victim} died`);
    await delay(50);
  }
  const served = new Set<number>();
  for (let i = 0; i < 10; i++) {
    const r = await viaNginx(nginx, { tls: true, path: '/pid' });
    assert.equal(r.status, 200, r.text);
    served.add(Number(r.text));
  }
  assert.ok(!served.has(victim));
  assert.ok(served.has(survivor));

  const deadline = Date.now() + 120_000;
  let now = await online();
  while ((now.length < 2 || now.some((p) => p.pid === victim)) && Date.now() < deadline) {
    await delay(250);
    now = await online();
  }
  assert.equal(now.length, 2, `PM2 did not replace worker ${victim}: ${JSON.stringify(now)}`);
  const replacement = now.find((p) => p.pid !== survivor);
  assert.ok(replacement && replacement.pid !== victim && replacement.restarts === restarts + 1, JSON.stringify(now));
  const seen = new Set<number>();
  for (let i = 0; i < 10 && seen.size < 2; i++) seen.add(Number((await viaNginx(nginx, { tls: true, path: '/pid' })).text));
  assert.deepEqual(seen, new Set([survivor, replacement.pid]));
});
