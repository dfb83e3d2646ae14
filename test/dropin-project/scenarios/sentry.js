// @sentry/node 7 with its Express integration: the transaction names it gives requests.
const Sentry = require('@sentry/node');
const express = require('express');
const { runRequests, report, expressIdentity } = require('./run-requests');

const transactions = [];
const app = express();
Sentry.init({
  // Nothing is sent: every event is dropped in beforeSend*, after its name was recorded.
  dsn: 'http://public@127.0.0.1:9/1',
  tracesSampleRate: 1,
  integrations: [new Sentry.Integrations.Http({ tracing: true }), new Sentry.Integrations.Express({ app })],
  beforeSendTransaction(event) {
    transactions.push(event.transaction);
    return null;
  },
  beforeSend() {
    return null;
  },
});
app.use(Sentry.Handlers.requestHandler());
app.use(Sentry.Handlers.tracingHandler());
const api = express.Router();
api.get('/users/:id', (req, res) => res.json({ id: req.params.id }));
api.get('/orders/:order/items/:item', (req, res) => res.json(req.params));
app.use('/api', api);
app.get('/plain', (_req, res) => res.send('plain'));
app.use(Sentry.Handlers.errorHandler());

runRequests(app, [{ path: '/api/users/42' }, { path: '/api/orders/1/items/2' }, { path: '/plain' }]).then(async (responses) => {
  await Sentry.flush(2000);
  report({ identity: expressIdentity(), responses, transactions: transactions.sort() });
});
