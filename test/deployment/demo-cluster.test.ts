import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createClient } from 'redis';
import { tempDataDir } from '../e2e/support/demo-server';
import { startCluster, type ClusterProcess } from './support/cluster-process';
import { root, startRedis } from './support/services';

// The demo in production mode (`npm run start:cluster`: examples/demo/cluster.js) with two
// workers: a login made through one worker holds on the other, and logging out through the other
// ends it everywhere; in Redis with REDIS_URL, in the shared SQLite file without.

const script = join(root, 'examples', 'demo', 'cluster.js');

/** node-sqlite3-wasm (the demo's driver), to look into the demo's file; `get` finalizes its statement. */
interface SqliteFile {
  get(sql: string): unknown;
  close(): void;
}
const { Database } = createRequire(__filename)('node-sqlite3-wasm') as { Database: new (file: string, options: { readOnly: boolean }) => SqliteFile };

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One request on `agent` (a keep-alive connection, so always the same worker). */
function request(port: number, agent: http.Agent, method: string, path: string, headers: http.OutgoingHttpHeaders = {}, body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const r = http.request({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    r.on('error', reject);
    r.end(body);
  });
}

/** Two keep-alive connections held by two different workers, found by asking /healthz. */
async function oneConnectionPerWorker(port: number): Promise<Array<{ agent: http.Agent; pid: number; sessions: string }>> {
  const found = new Map<number, { agent: http.Agent; pid: number; sessions: string }>();
  for (let i = 0; i < 10 && found.size < 2; i++) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const r = await request(port, agent, 'GET', '/healthz');
    assert.equal(r.status, 200, r.text);
    const { pid, sessions } = JSON.parse(r.text) as { pid: number; sessions: string };
    if (found.has(pid)) agent.destroy();
    else found.set(pid, { agent, pid, sessions });
  }
  assert.equal(found.size, 2, 'two workers answer');
  return [...found.values()];
}

/** Logs in through worker A, reads through worker B, logs out through B, reads through A; returns the session id. */
async function loginAcrossWorkers(port: number, expectedSessions: string): Promise<{ sid: string; checkLoggedOut(): Promise<void> }> {
  const [a, b] = await oneConnectionPerWorker(port);
  assert.equal(a.sessions, expectedSessions);
  try {
    const login = await request(port, a.agent, 'POST', '/login', { 'content-type': 'application/x-www-form-urlencoded' }, 'name=demo&password=portico');
    assert.deepEqual([login.status, login.headers.location], [302, '/']);
    const cookie = String(login.headers['set-cookie']?.[0]).split(';')[0];
    assert.match(cookie, /^sid=s%3A[\w-]{32}\./);
    const sid = decodeURIComponent(cookie.slice(4)).slice(2).split('.')[0];

    const onB = await request(port, b.agent, 'GET', '/', { cookie });
    assert.match(onB.text, /Logged in as <strong>demo<\/strong>/, `worker ${b.pid} knows the login made on worker ${a.pid}`);
    const onA = await request(port, a.agent, 'GET', '/', { cookie });
    assert.match(onA.text, /Logged in as <strong>demo<\/strong>/);

    return {
      sid,
      async checkLoggedOut() {
        const logout = await request(port, b.agent, 'POST', '/logout', { cookie });
        assert.equal(logout.status, 302);
        const after = await request(port, a.agent, 'GET', '/', { cookie });
        assert.doesNotMatch(after.text, /Logged in as/, `worker ${a.pid} knows of the logout on worker ${b.pid}`);
      },
    };
  } finally {
    a.agent.destroy();
    b.agent.destroy();
  }
}

/** The SQLite file's session rows. */
function sqliteSessionCount(dbFile: string): number {
  const db = new Database(dbFile, { readOnly: true });
  try {
    return (db.get('SELECT COUNT(*) AS n FROM sessions') as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('npm run start:cluster: the demo in two workers', () => {
  describe('with REDIS_URL', () => {
    let redis: Awaited<ReturnType<typeof startRedis>>;
    let demo: ClusterProcess;
    let data: ReturnType<typeof tempDataDir>;
    before(async () => {
      data = tempDataDir();
      redis = await startRedis();
      demo = await startCluster(script, { DEMO_DB: data.dbFile, REDIS_URL: redis.url }, 2);
    });
    after(async () => {
      await demo?.stop();
      await redis?.stop();
      data?.remove();
    });

    it("keeps logins in Redis, seen by every worker, with the login's lifetime as the key's TTL", async () => {
      const client = createClient({ url: redis.url });
      await client.connect();
      try {
        const { sid, checkLoggedOut } = await loginAcrossWorkers(demo.port, 'redis');
        assert.equal(await client.get(`demo:session:${sid}`), 'demo');
        const ttl = await client.pTTL(`demo:session:${sid}`);
        assert.ok(ttl > 7 * 86_400_000 - 60_000 && ttl <= 7 * 86_400_000, `TTL ${ttl} ms`);
        assert.equal(sqliteSessionCount(data.dbFile), 0, 'nothing in SQLite');
        await checkLoggedOut();
        assert.equal(await client.exists(`demo:session:${sid}`), 0);
      } finally {
        await client.quit();
      }
    });
  });

  describe('without REDIS_URL', () => {
    let demo: ClusterProcess;
    let data: ReturnType<typeof tempDataDir>;
    before(async () => {
      data = tempDataDir();
      demo = await startCluster(script, { DEMO_DB: data.dbFile, REDIS_URL: '' }, 2);
    });
    after(async () => {
      await demo?.stop();
      data?.remove();
    });

    it('keeps logins in the SQLite file the workers share (the embedded default), seeded once', async () => {
      const { checkLoggedOut } = await loginAcrossWorkers(demo.port, 'sqlite');
      assert.equal(sqliteSessionCount(data.dbFile), 1);
      await checkLoggedOut();
      assert.equal(sqliteSessionCount(data.dbFile), 0);
      // Both workers opened a new file at once: one seeded it, neither failed.
      assert.doesNotMatch(demo.output(), /died/);
      const db = new Database(data.dbFile, { readOnly: true });
      try {
        assert.equal((db.get('SELECT COUNT(*) AS n FROM messages') as { n: number }).n, 1);
      } finally {
        db.close();
      }
    });

    it('drains and exits 0 on SIGTERM', async () => {
      assert.equal(await demo.stop(), 0);
      assert.match(demo.output(), /all workers stopped/);
    });
  });
});
