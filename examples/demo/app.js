'use strict';
// Builds the demo application. server.js listens with it; the tests start it on a free port.
const path = require('node:path');
const portico = require('../../dist/index.js');
const { openDatabase } = require('./db');
const { sqliteSessions } = require('./session-store');
const auth = require('./routes/auth');
const pages = require('./routes/pages');
const api = require('./routes/api');

/**
 * Creates the app over the SQLite file `dbFile`; `app.get('db')` is the database, to close it.
 * Logins go to `sessionStore` (./session-store.js), by default rows in that database;
 * `cookieSecret` signs the session cookie, by default a secret kept in the database.
 */
function createApp({ dbFile, sessionStore, cookieSecret }) {
  const db = openDatabase(dbFile);
  const sessions = sessionStore || sqliteSessions(db);
  const app = portico();
  app.set('db', db);
  app.set('sessions', sessions);
  // Behind a reverse proxy (TRUST_PROXY, e.g. its address): req.ip, req.protocol and
  // req.hostname come from its X-Forwarded-* headers. Unset: they are ignored.
  if (process.env.TRUST_PROXY) app.set('trust proxy', trustProxyValue(process.env.TRUST_PROXY));
  app.set('views', path.join(__dirname, 'views'));
  app.set('view engine', 'ejs');
  // Every view reads `user`; routes after the session middleware set it in res.locals.
  app.locals.user = null;

  // Images never change under the same name: the browser keeps them a day without asking.
  app.use('/images', portico.static(path.join(__dirname, 'public', 'images'), { maxAge: '1d', immutable: true }));
  // CSS and scripts change as you edit the demo: the browser keeps a copy but revalidates it on
  // each load (ETag, Last-Modified), so an unchanged file costs a 304 and no body.
  app.use(portico.static(path.join(__dirname, 'public'), { maxAge: 0 }));

  // For load balancers and orchestrators: 200 while the app and its stores answer, else 503.
  app.get('/healthz', async (req, res) => {
    try {
      db.listMessages();
      await sessions.ping();
      res.json({ status: 'ok', sessions: sessions.kind, pid: process.pid });
    } catch {
      res.status(503).json({ status: 'unavailable', pid: process.pid });
    }
  });

  app.use(portico.cookieParser(cookieSecret || db.cookieSecret()));
  app.use(portico.urlencoded({ extended: false }));
  app.use(auth.sessions(sessions));

  app.use(pages(db));
  app.use(auth.router(db, sessions));
  app.use('/api', api(db));

  app.use(function notFound(req, res) {
    if (req.path.startsWith('/api/')) return res.status(404).json({ error: 'Not Found' });
    res.status(404).render('404', { title: 'Not found' });
  });
  // Error handlers take four arguments; that is how the framework tells them apart.
  app.use(function errorPage(err, req, res, _next) {
    const status = err.status || err.statusCode || 500;
    if (status >= 500 && process.env.NODE_ENV !== 'test') console.error(err);
    res.status(status);
    if (req.path.startsWith('/api/')) return res.json({ error: status >= 500 ? 'Internal Server Error' : err.message });
    res.render('500', { title: 'Something went wrong', status });
  });
  return app;
}

/** A 'trust proxy' value from the environment: a hop count stays a number, `true`/`false` booleans. */
function trustProxyValue(value) {
  if (/^\d+$/.test(value)) return Number(value);
  if (value === 'true' || value === 'false') return value === 'true';
  return value;
}

module.exports = { createApp };
