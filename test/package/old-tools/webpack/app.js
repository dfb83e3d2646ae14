// Bundled by webpack 4 and webpack 5 for a Node target, as server bundles of Express apps are,
// then run: it prints the answer to its own request and exits.
const http = require('http');
const express = require('portico');

const app = express();
app.get('/', (req, res) => res.send({ bundled: true, path: req.path }));
const server = app.listen(0, '127.0.0.1', () => {
  http.get({ host: '127.0.0.1', port: server.address().port, path: '/' }, (res) => {
    let body = '';
    res.on('data', (chunk) => (body += chunk));
    res.on('end', () => {
      console.log(JSON.stringify({ status: res.statusCode, body }));
      server.close();
    });
  });
});
