'use strict';
// The demo's storage: one SQLite file through node-sqlite3-wasm, SQLite compiled to WebAssembly:
// it installs from the npm registry on any Node version and platform with no compiler or native
// build, and its API is synchronous, which keeps the route code short. Each query is prepared and
// finalized per call (Database.get/all/run): a statement left open after a read would keep this
// driver's file lock, which is one lock for readers and writers, and block the other workers of
// `npm run start:cluster` that share the file.
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const { Database } = require('node-sqlite3-wasm');

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS messages (
    id INTEGER PRIMARY KEY,
    author TEXT NOT NULL,
    body TEXT NOT NULL,
    likes INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL DEFAULT (datetime('now'))
  );
  CREATE TABLE IF NOT EXISTS users (name TEXT PRIMARY KEY, salt TEXT NOT NULL, hash TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY, user TEXT NOT NULL, expires_at INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

/** How long a query waits for another process's write lock before it fails (ms). */
const BUSY_TIMEOUT = 5000;
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Runs `query`, again while the file is locked by another process. The workers of
 * `npm run start:cluster` share one file, and this driver's lock answers "database is locked" at
 * once instead of waiting (it has no busy timeout): wait a little, in steps, as SQLite's own
 * busy handler would.
 */
function whenFree(query) {
  for (let waited = 0, step = 2; ; waited += step, step = Math.min(step * 2, 50)) {
    try {
      return query();
    } catch (error) {
      if (!/database is locked/.test(error && error.message) || waited >= BUSY_TIMEOUT) throw error;
      Atomics.wait(pause, 0, 0, step);
    }
  }
}

/** Opens (and on first use creates) the database file, and returns the queries the app needs. */
function openDatabase(file) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  whenFree(() => db.exec(SCHEMA));
  whenFree(() => seed(db));

  const q = {
    list: 'SELECT id, author, body, likes, created_at AS createdAt FROM messages ORDER BY id DESC LIMIT 50',
    add: 'INSERT INTO messages (author, body) VALUES (?, ?)',
    like: 'UPDATE messages SET likes = likes + 1 WHERE id = ? RETURNING id, likes',
    remove: 'DELETE FROM messages WHERE id = ?',
    user: 'SELECT salt, hash FROM users WHERE name = ?',
    openSession: 'INSERT INTO sessions (id, user, expires_at) VALUES (?, ?, ?)',
    sessionUser: 'SELECT user FROM sessions WHERE id = ? AND expires_at > ?',
    closeSession: 'DELETE FROM sessions WHERE id = ?',
    setting: 'SELECT value FROM settings WHERE key = ?',
  };

  return {
    listMessages: () => whenFree(() => db.all(q.list)),
    addMessage: (author, body) => Number(whenFree(() => db.run(q.add, [author, body])).lastInsertRowid),
    /** Adds a like; undefined when there is no such message. */
    likeMessage: (id) => whenFree(() => db.get(q.like, id)) ?? undefined,
    deleteMessage: (id) => whenFree(() => db.run(q.remove, id)).changes > 0,
    checkPassword(name, password) {
      const row = whenFree(() => db.get(q.user, name));
      if (!row) return false;
      const hash = crypto.scryptSync(password, row.salt, 32);
      return crypto.timingSafeEqual(hash, Buffer.from(row.hash, 'hex'));
    },
    /** Starts a session for `user` and returns its random id (what the cookie carries). */
    openSession(user, maxAgeMs) {
      const id = crypto.randomBytes(24).toString('base64url');
      whenFree(() => db.run(q.openSession, [id, user, Date.now() + maxAgeMs]));
      return id;
    },
    sessionUser: (id) => whenFree(() => db.get(q.sessionUser, [id, Date.now()]))?.user,
    closeSession: (id) => whenFree(() => db.run(q.closeSession, id)),
    /** The secret signing the cookies: made on first start and kept, so logins survive restarts. */
    cookieSecret: () => whenFree(() => db.get(q.setting, 'cookie-secret')).value,
    close() {
      db.close();
    },
  };
}

/**
 * First start: the cookie secret, a demo account and a welcome message. In one IMMEDIATE
 * transaction: the workers of `npm run start:cluster` open the file at the same moment, and only
 * the first may seed it.
 */
function seed(db) {
  // Database.run and Database.get finalize the statement they prepare.
  db.exec('BEGIN IMMEDIATE');
  try {
    db.run('INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)', ['cookie-secret', crypto.randomBytes(32).toString('hex')]);
    if (!db.get('SELECT 1 FROM users')) {
      const salt = crypto.randomBytes(16).toString('hex');
      const hash = crypto.scryptSync('portico', salt, 32).toString('hex');
      db.run('INSERT INTO users (name, salt, hash) VALUES (?, ?, ?)', ['demo', salt, hash]);
      db.run('INSERT INTO messages (author, body) VALUES (?, ?)', ['Portico', 'Welcome! Leave a message below.']);
    }
    db.exec('COMMIT');
  } catch (error) {
    // BEGIN itself may have failed on the lock: then there is nothing to roll back.
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

module.exports = { openDatabase };
