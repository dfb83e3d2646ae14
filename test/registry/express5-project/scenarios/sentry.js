// @sentry/node 9 (built on OpenTelemetry, with an Express 5 instrumentation of its own): the
// transaction names it gives requests, the Express spans of each transaction and the errors its
// Express error handler reports. @sentry/node 7's Express integration hooks Express 4's router
// internals: on express@5.3 it names transactions by URL (`GET /api/users/42`), so an Express 5
// project uses a release that supports Express 5.
const Sentry = require('@sentry/node');

const transactions = [];
const errors = [];
Sentry.init({
  // Nothing is sent: every event is dropped in beforeSend*, after what it says was recorded.
  dsn: 'http://public@127.0.0.1:9/1',
  tracesSampleRate: 1,
  beforeSendTransaction(event) {
    const spans = (event.spans || [])
      .filter((s) => s.op && s.op.endsWith('.express'))
      .map((s) => ({ op: s.op, description: s.description }))
      .sort((a, b) => (a.description < b.description ? -1 : a.description > b.description ? 1 : 0));
    transactions.push({ name: event.transaction, source: event.transaction_info && event.transaction_info.source, spans });
    return null;
  },
  beforeSend(event, hint) {
    const [exception] = (event.exception && event.exception.values) || [];
    errors.push({
      message: hint.originalException && hint.originalException.message,
      mechanism: exception && exception.mechanism && exception.mechanism.type,
      transaction: event.transaction,
    });
    return null;
  },
});

// Required after Sentry.init, as its documentation says for CommonJS.
const express = require('express');
const { runRequests, report, expressIdentity } = require('./run-requests');

const app = express();
const api = express.Router();
api.get('/users/:id', (req, res) => res.json({ id: req.params.id }));
api.get('/orders/:order/items/:item', (req, res) => res.json(req.params));
app.use('/api', api);
app.get('/plain', (_req, res) => res.send('plain'));
app.get('/boom', () => {
  throw new Error('boom');
});
Sentry.setupExpressErrorHandler(app);

runRequests(app, [{ path: '/api/users/42' }, { path: '/api/orders/1/items/2' }, { path: '/plain' }, { path: '/boom' }], ['content-type']).then(async (responses) => {
  await Sentry.flush(2000);
  report({
    identity: expressIdentity(),
    responses,
    errors,
    transactions: transactions.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
  });
});
