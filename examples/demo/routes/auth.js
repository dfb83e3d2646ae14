'use strict';
// Login with a cookie-based session: the cookie carries a random session id, signed with the
// app's secret (portico.cookieParser), and the session itself is kept on the server (a row in
// SQLite, or a key in Redis: ../session-store.js), so logging out really ends it and a restart
// does not.
const portico = require('../../../dist/index.js');

const SESSION_COOKIE = 'sid';
const WEEK = 7 * 24 * 60 * 60 * 1000;
// Clearing a cookie needs the same attributes as setting it (the signature aside).
const cookieOptions = { httpOnly: true, sameSite: 'lax', path: '/' };

/** Middleware: `res.locals.user` (and so every view) knows who is logged in. */
function sessions(store) {
  // An async middleware: a rejected promise goes to the error page like next(err).
  return async function loadSession(req, res, next) {
    const sid = req.signedCookies[SESSION_COOKIE];
    res.locals.user = sid ? (await store.user(sid)) || null : null;
    next();
  };
}

/** GET/POST /login and POST /logout; `db` checks passwords, `store` keeps the sessions. */
function router(db, store) {
  const r = portico.Router();

  r.get('/login', (req, res) => {
    res.render('login', { title: 'Log in', error: null, name: '' });
  });

  r.post('/login', async (req, res) => {
    const name = String(req.body.name || '');
    const password = String(req.body.password || '');
    if (!db.checkPassword(name, password)) {
      return res.status(401).render('login', { title: 'Log in', error: 'Wrong name or password.', name });
    }
    const sid = await store.open(name, WEEK);
    res.cookie(SESSION_COOKIE, sid, { ...cookieOptions, signed: true, maxAge: WEEK });
    res.redirect('/');
  });

  r.post('/logout', async (req, res) => {
    const sid = req.signedCookies[SESSION_COOKIE];
    if (sid) await store.close(sid);
    res.clearCookie(SESSION_COOKIE, cookieOptions);
    res.redirect('/');
  });

  return r;
}

module.exports = { sessions, router };
