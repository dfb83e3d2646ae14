// express-async-errors deep-imports `express/lib/router/layer` and `express/lib/router` and wraps
// every handler and param callback so that a rejected promise reaches the error handlers.
require('express-async-errors');
const express = require('express');
const { runRequests, report, expressIdentity } = require('./run-requests');

const handled = [];
const app = express();
app.param('id', async (req, _res, next, id) => {
  if (id === 'bad') throw new Error('bad id');
  req.item = id;
  next();
});
app.get('/items/:id', async (req, res) => {
  res.json({ item: req.item });
});
app.get('/async-throw', async () => {
  throw new Error('async failure');
});
app.get('/two-steps', async (_req, _res, next) => next(), async () => {
  throw new Error('second step failed');
});
const router = express.Router();
router.use(async () => {
  throw new Error('router middleware failed');
});
app.use('/router', router);
app.use((err, req, res, _next) => {
  handled.push(`${req.path}: ${err.message}`);
  res.status(500).json({ error: err.message });
});

runRequests(app, [
  { path: '/items/7' },
  { path: '/items/bad' },
  { path: '/async-throw' },
  { path: '/two-steps' },
  { path: '/router/x' },
]).then((responses) => report({ identity: expressIdentity(), responses, handled }));
