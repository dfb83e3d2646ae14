'use strict';
// Where logins live. By default, rows in the demo's SQLite file: every worker on this machine
// opens the same file, so they all see every session. With REDIS_URL set, keys in Redis, with
// their lifetime as the key's TTL: what several machines behind one load balancer need.
// Both have the same small async API: open(user, maxAgeMs) → id, user(id) → name | undefined,
// close(id), ping(), end().

/** Sessions as rows of the SQLite database (db.js). */
function sqliteSessions(db) {
  return {
    kind: 'sqlite',
    open: async (user, maxAgeMs) => db.openSession(user, maxAgeMs),
    user: async (id) => db.sessionUser(id),
    close: async (id) => {
      db.closeSession(id);
    },
    ping: async () => {
      db.sessionUser('');
    },
    end: async () => {},
  };
}

/** Sessions as `demo:session:<id>` keys in Redis, connected to `url`. */
async function redisSessions(url) {
  const crypto = require('node:crypto');
  const { createClient } = require('redis');
  const client = createClient({ url });
  client.on('error', (err) => console.error('redis:', err.message));
  await client.connect();
  const key = (id) => `demo:session:${id}`;
  return {
    kind: 'redis',
    async open(user, maxAgeMs) {
      const id = crypto.randomBytes(24).toString('base64url');
      await client.set(key(id), user, { expiration: { type: 'PX', value: maxAgeMs } });
      return id;
    },
    user: async (id) => (await client.get(key(id))) ?? undefined,
    close: async (id) => {
      await client.del(key(id));
    },
    ping: async () => {
      await client.ping();
    },
    end: async () => {
      await client.quit();
    },
  };
}

module.exports = { sqliteSessions, redisSessions };
