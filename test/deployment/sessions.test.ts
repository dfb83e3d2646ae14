import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { createClient } from 'redis';
import { send } from '../helpers/server';
import { startCluster, type ClusterProcess } from './support/cluster-process';
import { root, startRedis } from './support/services';

// State shared by the workers through a real redis-server: express-session + connect-redis on
// Portico 4.x, portico/legacy's session() with connect-redis 1.4 written the Express 3 way, and
// express-rate-limit with rate-limit-redis.

const fixtures = join(root, 'test', 'deployment', 'fixtures');
let redis: Awaited<ReturnType<typeof startRedis>>;
let modern: ClusterProcess;
let legacy: ClusterProcess;
let client: ReturnType<typeof createClient>;

before(async () => {
  redis = await startRedis();
  [modern, legacy] = await Promise.all([
    startCluster(join(fixtures, 'cluster-app.js'), { REDIS_URL: redis.url, RATE_LIMIT: '5' }, 2),
    startCluster(join(fixtures, 'legacy-cluster-app.js'), { REDIS_PORT: String(redis.port) }, 2),
  ]);
  client = createClient({ url: redis.url });
  await client.connect();
});
after(async () => {
  await client?.quit();
  await Promise.all([modern?.stop(), legacy?.stop()]);
  await redis?.stop();
});

interface Counted {
  count: number;
  sid: string;
  pid: number;
}

/** One request on its own connection (so the cluster may hand it to any worker). */
async function count(c: ClusterProcess, method: 'GET' | 'POST', cookie?: string): Promise<Counted & { setCookie?: string }> {
  const r = await send(c.port, { method, path: '/count', headers: cookie ? { cookie } : {} });
  assert.equal(r.status, 200, r.text);
  const setCookie = r.headers['set-cookie']?.[0]?.split(';')[0];
  return { ...(JSON.parse(r.text) as Counted), setCookie };
}

/**
 * Creates a session on one worker, then changes it request after request until both workers have
 * served it: every change must see the one before, whichever worker made it.
 */
async function sessionAcrossWorkers(c: ClusterProcess): Promise<{ sid: string; pids: Set<number>; last: number }> {
  const first = await count(c, 'POST');
  assert.equal(first.count, 1);
  assert.ok(first.setCookie, 'the new session sets its cookie');
  const cookie = first.setCookie;
  const pids = new Set([first.pid]);
  let last = 1;
  // The cluster hands connections round-robin: two workers show up within a few requests.
  for (let i = 0; i < 20 && pids.size < 2; i++) {
    const read = await count(c, 'GET', cookie);
    assert.deepEqual([read.count, read.sid], [last, first.sid], `worker ${read.pid} reads the session`);
    const changed = await count(c, 'POST', cookie);
    assert.deepEqual([changed.count, changed.sid], [last + 1, first.sid], `worker ${changed.pid} changes the session`);
    last = changed.count;
    pids.add(read.pid).add(changed.pid);
  }
  assert.equal(pids.size, 2, 'both workers served the session');
  return { sid: first.sid, pids, last };
}

describe('sessions across workers, in Redis', () => {
  it('express-session + connect-redis on Portico 4.x: created by one worker, read and changed by the other', async () => {
    const { sid, pids, last } = await sessionAcrossWorkers(modern);
    assert.deepEqual(pids, new Set(modern.listeningPids()));
    const stored = JSON.parse(String(await client.get(`sess:${sid}`))) as { count: number };
    assert.equal(stored.count, last);
  });

  it("portico/legacy session() with require('connect-redis')(express), connect-redis 1.4: the same", async () => {
    const { sid, pids, last } = await sessionAcrossWorkers(legacy);
    assert.deepEqual(pids, new Set(legacy.listeningPids()));
    const key = `legacy-sess:${sid}`;
    const stored = JSON.parse(String(await client.get(key))) as { count: number; cookie: object };
    assert.equal(stored.count, last);
    assert.deepEqual(stored.cookie, { originalMaxAge: null, expires: null, httpOnly: true, path: '/' });
    // connect-redis 1.x gives a session without an expiry one day in Redis.
    const ttl = await client.ttl(key);
    assert.ok(ttl > 86_000 && ttl <= 86_400, `TTL ${ttl}`);
  });

  it('a forged or unknown session id starts a new session on any worker', async () => {
    const forged = await count(modern, 'GET', 'connect.sid=s%3Aforged.signature');
    assert.equal(forged.count, 0);
    const legacyForged = await count(legacy, 'POST', 'connect.sid=s%3Aforged.signature');
    assert.equal(legacyForged.count, 1);
    assert.ok(legacyForged.setCookie);
  });
});

describe('express-rate-limit with rate-limit-redis', () => {
  it('holds the limit across workers: 5 allowed in the window, whichever worker answers, then 429', async () => {
    const statuses: number[] = [];
    const pids = new Set<number>();
    for (let i = 0; i < 8; i++) {
      const r = await send(modern.port, { path: '/limited' });
      statuses.push(r.status);
      if (r.status === 200) pids.add((JSON.parse(r.text) as { pid: number }).pid);
      else {
        // Seconds left in the window, which started with the first request.
        const wait = Number(r.headers['retry-after']);
        assert.ok(wait > 0 && wait <= 60, `Retry-After: ${r.headers['retry-after']}`);
      }
    }
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429, 429]);
    assert.equal(pids.size, 2, 'both workers counted against the one limit');
  });
});
