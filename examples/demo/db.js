'use strict';
// The demo's storage: one SQLite file through node-sqlite3-wasm, SQLite compiled to WebAssembly:
// it installs from the npm registry on any Node version and platform with no compiler or native
// build, and its API is synchronous, which keeps the route code short. Each query is a prepared
// statement compiled once, here, and finalized on close (WebAssembly memory is not collected).
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

/** Opens (and on first use creates) the database file, and returns the queries the app needs. */
function openDatabase(file) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.exec(SCHEMA);
  seed(db);

  const q = {
    list: db.prepare('SELECT id, author, body, likes, created_at AS createdAt FROM messages ORDER BY id DESC LIMIT 50'),
    add: db.prepare('INSERT INTO messages (author, body) VALUES (?, ?)'),
    like: db.prepare('UPDATE messages SET likes = likes + 1 WHERE id = ? RETURNING id, likes'),
    remove: db.prepare('DELETE FROM messages WHERE id = ?'),
    user: db.prepare('SELECT salt, hash FROM users WHERE name = ?'),
    openSession: db.prepare('INSERT INTO sessions (id, user, expires_at) VALUES (?, ?, ?)'),
    sessionUser: db.prepare('SELECT user FROM sessions WHERE id = ? AND expires_at > ?'),
    closeSession: db.prepare('DELETE FROM sessions WHERE id = ?'),
    setting: db.prepare('SELECT value FROM settings WHERE key = ?'),
  };

  return {
    listMessages: () => q.list.all(),
    addMessage: (author, body) => Number(q.add.run([author, body]).lastInsertRowid),
    /** Adds a like; undefined when there is no such message. */
    likeMessage: (id) => q.like.get(id) ?? undefined,
    deleteMessage: (id) => q.remove.run(id).changes > 0,
    checkPassword(name, password) {
      const row = q.user.get(name);
      if (!row) return false;
      const hash = crypto.scryptSync(password, row.salt, 32);
      return crypto.timingSafeEqual(hash, Buffer.from(row.hash, 'hex'));
    },
    /** Starts a session for `user` and returns its random id (what the cookie carries). */
    openSession(user, maxAgeMs) {
      const id = crypto.randomBytes(24).toString('base64url');
      q.openSession.run([id, user, Date.now() + maxAgeMs]);
      return id;
    },
    sessionUser: (id) => q.sessionUser.get([id, Date.now()])?.user,
    closeSession: (id) => q.closeSession.run(id),
    /** The secret signing the cookies: made on first start and kept, so logins survive restarts. */
    cookieSecret: () => q.setting.get('cookie-secret').value,
    close() {
      for (const statement of Object.values(q)) statement.finalize();
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
    db.exec('ROLLBACK');
    throw error;
  }
}

module.exports = { openDatabase };
