'use strict';
// Login with a cookie-based session: the cookie carries a random session id, signed with the
// app's secret (portico.cookieParser), and the session itself is a row in SQLite, so logging
// out really ends it and a restart does not.
const portico = require('../../../dist/index.js');

const SESSION_COOKIE = 'sid';
const WEEK = 7 * 24 * 60 * 60 * 1000;
// Clearing a cookie needs the same attributes as setting it (the signature aside).
const cookieOptions = { httpOnly: true, sameSite: 'lax', path: '/' };

/** Middleware: `res.locals.user` (and so every view) knows who is logged in. */
function sessions(db) {
  return function loadSession(req, res, next) {
    const sid = req.signedCookies[SESSION_COOKIE];
    res.locals.user = sid ? db.sessionUser(sid) || null : null;
    next();
  };
}

/** GET/POST /login and POST /logout. */
function router(db) {
  const r = portico.Router();

  r.get('/login', (req, res) => {
    res.render('login', { title: 'Log in', error: null, name: '' });
  });

  r.post('/login', (req, res) => {
    const name = String(req.body.name || '');
    const password = String(req.body.password || '');
    if (!db.checkPassword(name, password)) {
      return res.status(401).render('login', { title: 'Log in', error: 'Wrong name or password.', name });
    }
    const sid = db.openSession(name, WEEK);
    res.cookie(SESSION_COOKIE, sid, { ...cookieOptions, signed: true, maxAge: WEEK });
    res.redirect('/');
  });

  r.post('/logout', (req, res) => {
    const sid = req.signedCookies[SESSION_COOKIE];
    if (sid) db.closeSession(sid);
    res.clearCookie(SESSION_COOKIE, cookieOptions);
    res.redirect('/');
  });

  return r;
}

module.exports = { sessions, router };
