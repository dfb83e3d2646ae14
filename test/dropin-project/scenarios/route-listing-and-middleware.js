// What many projects do beside the public API: list routes by walking `app._router.stack`, and use
// common middleware (cors, express-rate-limit) from the same tree.
const express = require('express');
const cors = require('cors');
const { rateLimit } = require('express-rate-limit');
const { runRequests, report, expressIdentity } = require('./run-requests');

const app = express();
app.use(cors({ origin: 'https://example.test' }));
app.use(rateLimit({ windowMs: 60000, limit: 2, standardHeaders: 'draft-7', legacyHeaders: false }));
const v1 = express.Router();
v1.get('/things/:id', (req, res) => res.json({ id: req.params.id }));
v1.route('/things').get((_req, res) => res.json([])).post((_req, res) => res.sendStatus(201));
app.use('/v1', v1);
app.delete('/admin', (_req, res) => res.sendStatus(204));

/** Routes as listing helpers find them: route layers, and routers' stacks under their mount RegExp. */
function listRoutes(stack, prefix) {
  const out = [];
  for (const layer of stack) {
    if (layer.route) {
      out.push(`${Object.keys(layer.route.methods).join(',')} ${prefix}${layer.route.path}`);
    } else if (layer.name === 'router' && layer.handle.stack) {
      const mount = String(layer.regexp).replace('/^\\', '').replace('\\/?(?=\\/|$)/i', '').replace(/\\\//g, '/');
      out.push(...listRoutes(layer.handle.stack, prefix + mount));
    } else {
      out.push(`middleware ${layer.name}`);
    }
  }
  return out;
}

runRequests(
  app,
  [
    { path: '/v1/things/3', headers: { origin: 'https://example.test' } },
    { method: 'OPTIONS', path: '/v1/things', headers: { origin: 'https://example.test', 'access-control-request-method': 'POST' } },
    { path: '/v1/things' },
  ],
  ['content-type', 'access-control-allow-origin', 'ratelimit', 'ratelimit-policy', 'retry-after'],
).then((responses) => report({ identity: expressIdentity(), routes: listRoutes(app._router.stack, ''), responses }));
