import { it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { send } from '../helpers/server';
import { tempDataDir } from '../e2e/support/demo-server';
import { assertBuilt } from './support/cluster-process';
import { startPm2, type Pm2 } from './support/pm2';
import { freePort, startRedis } from './support/services';

// The demo under PM2 as `npm run start:pm2` configures it (ecosystem.config.cjs, cluster mode,
// wait_ready): two workers on one port with logins in Redis, and `pm2 reload` replaces both.

const NAME = 'portico-demo';
let pm2: Pm2;
let redis: Awaited<ReturnType<typeof startRedis>>;
let data: ReturnType<typeof tempDataDir>;
let port: number;

before(async () => {
  assertBuilt();
  redis = await startRedis();
  data = tempDataDir();
  pm2 = startPm2();
  port = await freePort();
  await pm2.run(['start', 'ecosystem.config.cjs'], { PORT: String(port), WEB_CONCURRENCY: '2', REDIS_URL: redis.url, DEMO_DB: data.dbFile });
});
after(async () => {
  await pm2?.stop();
  await redis?.stop();
  data?.remove();
});

/** The pids answering /healthz over `n` requests, each on a new connection. */
async function healthyPids(n: number): Promise<Set<number>> {
  const pids = new Set<number>();
  for (let i = 0; i < n; i++) {
    const r = await send(port, { path: '/healthz' });
    assert.equal(r.status, 200, r.text);
    const body = JSON.parse(r.text) as { pid: number; sessions: string };
    assert.equal(body.sessions, 'redis');
    pids.add(body.pid);
  }
  return pids;
}

it('ecosystem.config.cjs runs the demo in PM2 cluster mode; pm2 reload replaces every worker once each new one is ready', async () => {
  const listed = async () => (await pm2.list()).filter((p) => p.name === NAME && p.status === 'online').map((p) => p.pid);
  const before = await listed();
  assert.equal(before.length, 2);
  assert.deepEqual(await healthyPids(6), new Set(before));

  const output = await pm2.run(['reload', NAME]);
  const after = await listed();
  assert.equal(after.length, 2, output);
  for (const pid of after) assert.ok(!before.includes(pid), `worker ${pid} was not replaced`);
  // Until both new workers answer: a bound generous for a loaded machine, reached at once otherwise.
  const deadline = Date.now() + 30_000;
  let seen = await healthyPids(6);
  while (seen.size < 2 && Date.now() < deadline) {
    await delay(100);
    seen = await healthyPids(6);
  }
  assert.deepEqual(seen, new Set(after));
});
