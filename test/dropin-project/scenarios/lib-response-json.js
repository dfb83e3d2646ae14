// A line editors' auto-import writes: the response prototype's `json`, taken from the module path.
const { json } = require('express/lib/response');
const Layer = require('express/lib/router/layer');
const Route = require('express/lib/router/route');
const Router = require('express/lib/router');
const express = require('express');
const { runRequests, report, expressIdentity } = require('./run-requests');

const app = express();
app.get('/json', (_req, res) => json.call(res, { from: 'express/lib/response' }));
app.get('/users/:id', (req, res) => res.send(req.params.id));
app.lazyrouter();
const shapes = {
  layerIsConstructor: typeof Layer === 'function' && typeof Layer.prototype.handle_request === 'function',
  everyLayerIsALayer: app._router.stack.every((l) => l instanceof Layer),
  routeDispatch: typeof Route.prototype.dispatch,
  routerProto: Object.getPrototypeOf(app._router) === Router,
  routerMembers: ['process_params', 'handle', 'use', 'route', 'param'].map((k) => `${k}:${typeof Router[k]}`),
  stack: app._router.stack.map((l) => l.name),
};

runRequests(app, [{ path: '/json' }, { path: '/users/42' }]).then((responses) =>
  report({ identity: expressIdentity(), responses, shapes }),
);
