// Shared by the scenarios: listens on 127.0.0.1, sends requests in turn, prints one JSON line.
const http = require('node:http');

/**
 * Sends `requests` ({ method, path, headers, body }) to `target` (an app, or a listening server)
 * and returns status, selected headers and body of each.
 */
async function runRequests(target, requests, headerNames = ['content-type']) {
  const server = typeof target === 'function' ? http.createServer(target) : target;
  if (!server.listening) await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  const results = [];
  for (const r of requests) {
    results.push(await new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method: r.method || 'GET', path: r.path, headers: r.headers, agent: false }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const headers = {};
          for (const h of headerNames) if (res.headers[h] !== undefined) headers[h] = res.headers[h];
          resolve({ request: `${r.method || 'GET'} ${r.path}`, status: res.statusCode, headers, body: Buffer.concat(chunks).toString('utf8') });
        });
      });
      req.on('error', reject);
      if (r.body !== undefined) req.write(r.body);
      req.end();
    }));
  }
  return results;
}

/** Prints the scenario's result and exits (instrumentation may keep timers alive). */
function report(result) {
  process.stdout.write(JSON.stringify(result) + '\n');
  process.exit(0);
}

/** Which framework `require('express')` gives here: the name in its package.json. */
function expressIdentity() {
  const pkg = require('express/package.json');
  return { name: pkg.name, version: pkg.version };
}

module.exports = { runRequests, report, expressIdentity };
