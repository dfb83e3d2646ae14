'use strict';
// The HTTP/2 benchmark servers: the same scenario apps as over HTTP/1.1, served over h2c (HTTP/2
// without TLS, prior knowledge), so that what is compared is the framework and node:http2, not
// the cost of TLS. Usage: node bench/servers/http2.cjs <portico|fastify|node-http2> <a|b|e|g> <port>
//  - portico: the Express server code of express-style.cjs, passed to http2.createServer(app);
//  - fastify: fastify.cjs's app with `http2: true`;
//  - node-http2: node-http.cjs's hand-written listener on http2.createServer (the compatibility API).

const http2 = require('node:http2');
const common = require('./common.cjs');

const H2_SCENARIOS = ['a', 'b', 'e', 'g'];
const H2_FRAMEWORKS = ['portico', 'fastify', 'node-http2'];

/** Starts `framework`'s app for `scenario` over h2c on 127.0.0.1:port; resolves once listening. */
async function start(framework, scenario, port) {
  if (framework === 'fastify') {
    const app = require('./fastify.cjs').createApp(scenario, { http2: true });
    await app.listen({ port, host: common.HOST });
    return app;
  }
  const listener =
    framework === 'portico' ? require('./portico.cjs').createApp(scenario) : require('./node-http.cjs').createHandler(scenario);
  const server = http2.createServer(listener);
  await new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(port, common.HOST, resolve);
  });
  return server;
}

module.exports = { start, H2_SCENARIOS, H2_FRAMEWORKS };

if (require.main === module) {
  const [framework, scenario, portText] = process.argv.slice(2);
  const port = Number(portText);
  if (!H2_FRAMEWORKS.includes(framework) || !H2_SCENARIOS.includes(scenario) || !Number.isInteger(port) || port <= 0) {
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
