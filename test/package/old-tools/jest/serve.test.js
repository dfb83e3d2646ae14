// Loaded by jest 26 and jest 25, which resolve `node:`-prefixed core modules as files and know
// nothing of package.json "exports": the published code must load as Express 4's does.
const http = require('http');
const portico = require('portico');
const legacy = require('portico/legacy');
const graceful = require('portico/graceful');
const http2 = require('portico/http2');

function get(app) {
  return new Promise((resolve, reject) => {
    const server = app.listen(0, '127.0.0.1', () => {
      http.get({ host: '127.0.0.1', port: server.address().port, path: '/hello?name=jest' }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => server.close(() => resolve({ status: res.statusCode, type: res.headers['content-type'], body })));
      }).on('error', reject);
    });
  });
}

test('portico serves a request', async () => {
  const app = portico();
  app.use(portico.json());
  app.get('/hello', (req, res) => res.json({ hello: req.query.name }));
  expect(await get(app)).toEqual({ status: 200, type: 'application/json; charset=utf-8', body: '{"hello":"jest"}' });
});

test('portico/legacy serves a request, and the other entries load', async () => {
  const app = legacy();
  app.get('/hello', (req, res) => res.send(200, 'legacy ' + req.query.name));
  expect(await get(app)).toEqual({ status: 200, type: 'text/html; charset=utf-8', body: 'legacy jest' });
  expect(typeof graceful.graceful).toBe('function');
  expect(typeof http2.createSecureServer).toBe('function');
});
