'use strict';
// The HTTP/2 benchmark servers: the same scenario apps as over HTTP/1.1, served over h2c (HTTP/2
// without TLS, prior knowledge), so that what is compared is the framework and node:http2, not
// the cost of TLS. Usage: node bench/servers/http2.cjs <framework> <a|b|e|g|s> <port>
//  - portico: the Express server code of express-style.cjs, started with portico/http2's
//    createServer(app) (node:http2 constructs Portico's request and response classes);
//  - portico-plain: the same app passed to node's own http2.createServer(app);
//  - fastify: fastify.cjs's app with `http2: true`;
//  - node-http2: node-http.cjs's hand-written listener on http2.createServer (the compatibility API).
// Scenario (s), a session and a JSON body parser, is in http2-session.cjs (no node-http2 version).

const http2 = require('node:http2');
const common = require('./common.cjs');

const H2_SCENARIOS = ['a', 'b', 'e', 'g', 's'];
const H2_FRAMEWORKS = ['portico', 'portico-plain', 'fastify', 'node-http2'];
/** Which frameworks have an app for a scenario. */
const hasApp = (framework, scenario) => !(scenario === 's' && framework === 'node-http2');

const porticoModule = () => require(process.env.PORTICO_BENCH_MODULE || '../../dist/index.js');
/** portico/http2 of the same build as the Portico module benchmarked. */
const porticoHttp2Path = () => require('node:path').join(require('node:path').dirname(require.resolve(process.env.PORTICO_BENCH_MODULE || '../../dist/index.js')), 'http2.js');

/** Starts `framework`'s app for `scenario` over h2c on 127.0.0.1:port; resolves once listening. */
async function start(framework, scenario, port) {
  if (framework === 'fastify') {
    const options = { http2: true };
    const app = scenario === 's' ? require('./http2-session.cjs').fastifyApp(options) : require('./fastify.cjs').createApp(scenario, options);
    await app.listen({ port, host: common.HOST });
    return app;
  }
  let listener;
  if (framework === 'node-http2') listener = require('./node-http.cjs').createHandler(scenario);
  else if (scenario === 's') listener = require('./http2-session.cjs').expressStyle(porticoModule());
  else listener = require('./portico.cjs').createApp(scenario);
  const server = framework === 'portico' ? require(porticoHttp2Path()).createServer(listener) : http2.createServer(listener);
  await new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(port, common.HOST, resolve);
  });
  return server;
}

module.exports = { start, hasApp, H2_SCENARIOS, H2_FRAMEWORKS };

if (require.main === module) {
  const [framework, scenario, portText] = process.argv.slice(2);
  const port = Number(portText);
  if (!H2_FRAMEWORKS.includes(framework) || !H2_SCENARIOS.includes(scenario) || !hasApp(framework, scenario) || !Number.isInteger(port) || port <= 0) {
    console.error(`usage: node bench/servers/http2.cjs <${H2_FRAMEWORKS.join('|')}> <${H2_SCENARIOS.join('|')}> <port>`);
    process.exit(2);
  }
  const exit = () => process.exit(0);
  process.on('SIGTERM', exit);
  process.on('SIGINT', exit);
  common.ensureFixtures();
  start(framework, scenario, port).then(
    () => process.stdout.write(`READY ${port}\n`),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
