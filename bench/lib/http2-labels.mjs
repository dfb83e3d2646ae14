// The names the HTTP/2 benchmark gives its frameworks and its own scenario, shared by its tables
// (bench/http2.mjs) and its chart (bench/lib/charts.mjs).
export const H2_FRAMEWORK_NAMES = {
  portico: 'Portico (portico/http2)',
  'portico-plain': 'Portico (http2.createServer(app))',
  fastify: 'Fastify (http2: true)',
  'node-http2': 'node:http2',
};

/** Scenario (s) exists only in the HTTP/2 benchmark. */
export const H2_SESSION_TITLE = 'Session + JSON body parser';

/** The same frameworks as a chart's bar labels, where the column headings' detail does not fit. */
export const H2_SHORT_NAMES = {
  portico: 'Portico',
  'portico-plain': 'Portico, plain start',
  fastify: 'Fastify 5',
  'node-http2': 'node:http2',
};
