'use strict';
// Builds the demo application. server.js listens with it; the tests start it on a free port.
const path = require('node:path');
const portico = require('../../dist/index.js');
const { openDatabase } = require('./db');
const auth = require('./routes/auth');
const pages = require('./routes/pages');
const api = require('./routes/api');

/** Creates the app over the SQLite file `dbFile`; `app.get('db')` is the database, to close it. */
function createApp({ dbFile }) {
  const db = openDatabase(dbFile);
  const app = portico();
  app.set('db', db);
  app.set('views', path.join(__dirname, 'views'));
  app.set('view engine', 'ejs');
  // Every view reads `user`; routes after the session middleware set it in res.locals.
  app.locals.user = null;

  // Images never change under the same name: the browser keeps them a day without asking.
  app.use('/images', portico.static(path.join(__dirname, 'public', 'images'), { maxAge: '1d', immutable: true }));
  // CSS and scripts change as you edit the demo: the browser keeps a copy but revalidates it on
  // each load (ETag, Last-Modified), so an unchanged file costs a 304 and no body.
  app.use(portico.static(path.join(__dirname, 'public'), { maxAge: 0 }));

  app.use(portico.cookieParser(db.cookieSecret()));
  app.use(portico.urlencoded({ extended: false }));
  app.use(auth.sessions(db));

  app.use(pages(db));
  app.use(auth.router(db));
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

module.exports = { createApp };
