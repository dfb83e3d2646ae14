// An Express 4 application in the middle of its move to Express 5: the app and its /api/v1 router
// are still Express 4 (`portico`), the /api/v2 router has been moved to Express 5 (`portico/5`).
// Each keeps its own rules: path syntax, the forms of res.send and res.json, status checks, req.query.
'use strict';
const portico = require('portico');
const portico5 = require('portico/5');

const books = [
  { id: 1, title: 'Dune', tags: ['sf'] },
  { id: 2, title: 'Emma', tags: ['classic'] },
];

/** The Express 4 router, as it was. */
function v1() {
  const router = portico.Router();
  // 4.x syntax: an optional parameter and a regular-expression parameter.
  router.get('/books/:id(\\d+)?', (req, res) => {
    if (req.params.id === undefined) return res.json(books);
    const book = books.find((b) => b.id === Number(req.params.id));
    if (!book) return res.json(404, { error: 'not found' }); // the 4.x status-first form (deprecated)
    res.json(book);
  });
  router.get('/search', (req, res) => res.json(req.query)); // the app's extended parser: ?tag[]=sf
  return router;
}

/** The same API moved to Express 5: the 5.x spelling of each route and response. */
function v2() {
  const router = portico5.Router();
  router.get('/books{/:id}', (req, res) => {
    if (req.params.id === undefined) return res.json(books);
    const book = books.find((b) => b.id === Number(req.params.id));
    if (!book) return res.status(404).json({ error: 'not found' });
    res.json(book);
  });
  // A wildcard is named in Express 5, and its value is the list of segments.
  router.get('/files/*path', (req, res) => res.json({ segments: req.params.path }));
  // Express 5 checks status codes: a string is an error.
  router.get('/teapot', (req, res) => res.status('418').end());
  return router;
}

function createApp() {
  const app = portico();
  app.set('json spaces', 0);
  app.use('/api/v1', v1());
  app.use('/api/v2', v2());
  app.use((err, req, res, next) => {
    if (res.headersSent) return next(err);
    res.status(500).json({ error: err.message });
  });
  return app;
}

module.exports = { createApp };

if (require.main === module) {
  const port = Number(process.env.PORT ?? 3000);
  const server = createApp().listen(port, () => console.log(`listening on http://localhost:${server.address().port}`));
}
