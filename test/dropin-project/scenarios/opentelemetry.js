// @opentelemetry/instrumentation-express with an in-memory exporter: the spans of each request.
const { NodeTracerProvider } = require('@opentelemetry/sdk-trace-node');
const { InMemorySpanExporter, SimpleSpanProcessor } = require('@opentelemetry/sdk-trace-base');
const { registerInstrumentations } = require('@opentelemetry/instrumentation');
const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http');
const { ExpressInstrumentation } = require('@opentelemetry/instrumentation-express');

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
provider.register();
registerInstrumentations({ instrumentations: [new HttpInstrumentation(), new ExpressInstrumentation()] });

// Required after the instrumentations are registered, as their documentation says.
const express = require('express');
const { runRequests, report, expressIdentity } = require('./run-requests');

const app = express();
app.use(express.json());
app.use(function audit(_req, _res, next) {
  next();
});
const users = express.Router();
users.get('/:id', (req, res) => res.json({ id: req.params.id }));
users.post('/', (req, res) => res.status(201).json(req.body));
app.use('/users', users);
app.get('/health', (_req, res) => res.send('ok'));

runRequests(app, [
  { path: '/health' },
  { path: '/users/42' },
  { method: 'POST', path: '/users', headers: { 'content-type': 'application/json' }, body: '{"name":"ann"}' },
  { path: '/missing' },
]).then(async (responses) => {
  await provider.forceFlush();
  const byTrace = new Map();
  for (const span of exporter.getFinishedSpans()) {
    const list = byTrace.get(span.spanContext().traceId) || [];
    list.push(span);
    byTrace.set(span.spanContext().traceId, list);
  }
  // One list per request, in request order (by the earliest start); spans by name within it, as
  // spans that start in the same microsecond have no reliable order.
  const traces = [...byTrace.values()]
    .sort((a, b) => Math.min(...a.map((s) => hr(s.startTime))) - Math.min(...b.map((s) => hr(s.startTime))))
    .map((spans) =>
      spans
        .map((s) => ({
          name: s.name,
          type: s.attributes['express.type'],
          expressName: s.attributes['express.name'],
          route: s.attributes['http.route'],
        }))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    );
  report({ identity: expressIdentity(), responses, traces });
});

function hr([seconds, nanos]) {
  return seconds * 1e9 + nanos;
}
