'use strict';
// The runtime battery's app, written once against the Express API so that the same code builds the
// Portico app on the runtime under test and the express@4 / express@5.3 oracle on Node's node:http.
// CommonJS and plain JavaScript: Bun, Deno and every Node version load it as it is.
//
// buildBatteryApp(framework, { major: 4 | 5, fixtures }) answers an app. `fixtures` is a folder the
// runner fills (writeBatteryFixtures) and shares between both servers, so file sizes and mtimes, and
// with them ETag and Last-Modified, are the same on both sides.
const fs = require('node:fs');
const path = require('node:path');

/** The files of the static and sendFile cases, written into `dir`. */
function writeBatteryFixtures(dir) {
  fs.mkdirSync(path.join(dir, 'public', 'nested'), { recursive: true });
  const files = {
    'public/index.html': '<!doctype html><title>home</title><p>index</p>\n',
    'public/hello.txt': 'hello, world\n',
    'public/data.json': '{"a":1,"b":[1,2,3]}\n',
    'public/style.css': 'body { color: #333; }\n',
    'public/nested/deep.txt': 'deep file\n',
    'public/.hidden': 'secret\n',
    'public/snow ☃.txt': 'snowman\n',
    'public/alphabet.txt': 'abcdefghijklmnopqrstuvwxyz'.repeat(40),
    'private/report.txt': 'quarterly report\n',
  };
  const mtime = new Date('2024-03-01T12:00:00Z');
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    fs.utimesSync(file, mtime, mtime);
  }
}

/** A JSON report of an error's observable fields, for the parser routes. */
function reportError(err, req, res, next) {
  if (res.headersSent) return next(err);
  const status = typeof err.status === 'number' && err.status >= 400 && err.status < 600 ? err.status : 500;
  res.status(status).json({ status: err.status, type: err.type, message: err.message, expose: err.expose, charset: err.charset, limit: err.limit, length: err.length });
}

/** What a parser left on req, echoed back. */
function echoBody(req, res) {
  const body = req.body;
  if (Buffer.isBuffer(body)) return res.json({ raw: body.toString('hex'), length: body.length, type: typeof body });
  res.json({ body: body === undefined ? '<undefined>' : body, type: typeof body });
}

function parserRoutes(framework) {
  const router = framework.Router();
  router.post('/json', framework.json(), echoBody);
  router.post('/json-strict-off', framework.json({ strict: false }), echoBody);
  router.post('/json-limit', framework.json({ limit: 64 }), echoBody);
  router.post('/json-any', framework.json({ type: '*/*' }), echoBody);
  router.post('/json-reviver', framework.json({ reviver: (k, v) => (typeof v === 'number' ? v * 10 : v) }), echoBody);
  router.post('/form', framework.urlencoded({ extended: true }), echoBody);
  router.post('/form-simple', framework.urlencoded({ extended: false }), echoBody);
  router.post('/form-limit', framework.urlencoded({ extended: true, limit: 40 }), echoBody);
  router.post('/form-params', framework.urlencoded({ extended: true, parameterLimit: 3 }), echoBody);
  router.post('/text', framework.text(), echoBody);
  router.post('/text-any', framework.text({ type: '*/*', defaultCharset: 'iso-8859-1' }), echoBody);
  router.post('/text-limit', framework.text({ limit: '10b' }), echoBody);
  router.post('/raw', framework.raw(), echoBody);
  router.post('/raw-any', framework.raw({ type: () => true, limit: 100 }), echoBody);
  router.post('/raw-no-inflate', framework.raw({ type: '*/*', inflate: false }), echoBody);
  router.use(reportError);
  return router;
}

function routingRoutes(framework, major) {
  const router = framework.Router();
  router.get('/', (req, res) => res.send('routing root'));
  router.get('/users/:id', (req, res) => res.json({ params: req.params, path: req.path, baseUrl: req.baseUrl, url: req.url }));
  router.get('/users/:id/books/:book', (req, res) => res.json(req.params));
  router.get('/dotted/:from-:to', (req, res) => res.json(req.params));
  router.get('/file/:name.:ext', (req, res) => res.json(req.params));
  if (major === 4) {
    router.get('/optional/:x?', (req, res) => res.json(req.params));
    router.get('/star/*', (req, res) => res.json(req.params));
    router.get('/ab?cd', (req, res) => res.send('ab?cd'));
    router.get('/plus/:n+', (req, res) => res.json(req.params));
    router.get(/^\/regex\/(\d+)$/, (req, res) => res.json(req.params));
    router.get('/num/:n(\\d+)', (req, res) => res.json(req.params));
  } else {
    router.get('/optional{/:x}', (req, res) => res.json(req.params));
    router.get('/star/*rest', (req, res) => res.json(req.params));
    router.get('/braces{/:a}{/:b}', (req, res) => res.json(req.params));
    router.get(/^\/regex\/(\d+)$/, (req, res) => res.json(req.params));
    router.get('/quoted/:"name with space"', (req, res) => res.json(req.params));
  }
  router.get('/case/Sensitive', (req, res) => res.send('case'));
  router.route('/multi').get((req, res) => res.send('get multi')).post((req, res) => res.send('post multi')).put((req, res) => res.status(201).send('put multi'));
  router.all('/any', (req, res) => res.send(`any ${req.method}`));
  router.param('pid', (req, res, next, value) => {
    req.loaded = `param:${value}`;
    next();
  });
  router.get('/p/:pid', (req, res) => res.send(req.loaded));
  router.get(
    '/next-route',
    (req, res, next) => next('route'),
    (req, res) => res.send('skipped'),
  );
  router.get('/next-route', (req, res) => res.send('second route'));
  router.get('/chain', (req, res, next) => {
    res.set('X-Step', '1');
    next();
  });
  router.get('/chain', (req, res) => res.append('X-Step', '2').send('chained'));
  return router;
}

function requestEcho(framework) {
  const router = framework.Router();
  router.get('/query', (req, res) => res.json(req.query));
  router.all('/req', (req, res) =>
    res.json({
      method: req.method,
      url: req.url,
      originalUrl: req.originalUrl,
      path: req.path,
      hostname: req.hostname,
      protocol: req.protocol,
      secure: req.secure,
      xhr: req.xhr,
      subdomains: req.subdomains,
      fresh: req.fresh,
      stale: req.stale,
      ips: req.ips,
      accepts: req.accepts(['json', 'html', 'text']),
      acceptsLanguages: req.acceptsLanguages('en', 'fr'),
      acceptsEncodings: req.acceptsEncodings('gzip', 'br'),
      is: req.is('json'),
      range: req.range(100) === undefined ? '<undefined>' : req.range(100),
      ua: req.get('user-agent') === undefined ? '<none>' : req.get('user-agent'),
    }),
  );
  return router;
}

function responseRoutes(framework) {
  const router = framework.Router();
  router.get('/send-string', (req, res) => res.send('<p>hello</p>'));
  router.get('/send-buffer', (req, res) => res.send(Buffer.from('binary\u0000data')));
  router.get('/send-object', (req, res) => res.send({ a: 1, nested: { b: [true, null] } }));
  router.get('/send-status', (req, res) => res.sendStatus(202));
  router.get('/send-empty', (req, res) => res.status(204).send('dropped'));
  router.get('/json-spaces', (req, res) => res.json({ unicode: 'é☃\u2028', lt: '<script>' }));
  router.get('/jsonp', (req, res) => res.jsonp({ cb: true }));
  router.get('/type', (req, res) => res.type('xml').send('<a/>'));
  router.get('/charset', (req, res) => res.set('Content-Type', 'text/plain; charset=iso-8859-1').send('caf\u00e9'));
  router.get('/headers', (req, res) => {
    res.set({ 'X-One': '1', 'X-List': ['a', 'b'] });
    res.vary('Accept').vary('Origin');
    res.links({ next: '/page/2', last: '/page/9' });
    res.location('/somewhere?x=1 2');
    res.attachment('report ☃.pdf');
    res.send('headers');
  });
  router.get('/write', (req, res) => {
    res.status(200);
    res.setHeader('Content-Type', 'text/plain');
    res.write('one,');
    res.write(Buffer.from('two,'));
    res.end('three');
  });
  router.get('/status-code', (req, res) => {
    res.statusCode = 201;
    res.end('created by statusCode');
  });
  router.get('/etag', (req, res) => res.send('etag body'.repeat(20)));
  router.get('/format', (req, res) =>
    res.format({
      'text/plain': () => res.send('plain'),
      'text/html': () => res.send('<b>html</b>'),
      'application/json': () => res.json({ format: 'json' }),
    }),
  );
  router.get('/format-default', (req, res) =>
    res.format({
      text: () => res.send('text'),
      default: () => res.status(406).send('nothing acceptable'),
    }),
  );
  router.get('/format-406', (req, res) => res.format({ 'application/xml': () => res.send('<x/>') }));
  return router;
}

function cookieRoutes(framework) {
  const router = framework.Router();
  router.get('/set', (req, res) => {
    res.cookie('plain', 'value');
    res.cookie('opts', 'v2', { path: '/admin', httpOnly: true, secure: true, sameSite: 'strict', domain: 'example.com' });
    res.cookie('obj', { a: 1 });
    res.cookie('dated', 'x', { expires: new Date('2030-01-01T00:00:00Z') });
    res.cookie('spaced', 'a b;c');
    res.send('cookies');
  });
  router.get('/clear', (req, res) => res.clearCookie('plain').clearCookie('opts', { path: '/admin' }).send('cleared'));
  router.get('/append', (req, res) => {
    res.append('Set-Cookie', 'first=1');
    res.append('Set-Cookie', ['second=2', 'third=3']);
    res.send('appended');
  });
  router.get('/read', (req, res) => res.json({ header: req.get('cookie') || '<none>' }));
  return router;
}

function redirectRoutes(framework, major) {
  const router = framework.Router();
  router.get('/plain', (req, res) => res.redirect('/target'));
  router.get('/status', (req, res) => res.redirect(301, '/moved'));
  router.get('/absolute', (req, res) => res.redirect('https://example.com/x?y=1'));
  router.get('/encoded', (req, res) => res.redirect('/a path/ü?q=<x>'));
  router.get('/relative', (req, res) => res.redirect('../up'));
  if (major === 4) router.get('/back', (req, res) => res.redirect('back'));
  else router.get('/back', (req, res) => res.redirect(req.get('Referrer') || '/'));
  return router;
}

function errorRoutes(framework) {
  const router = framework.Router();
  router.get('/throw', () => {
    throw new Error('thrown synchronously');
  });
  router.get('/next', (req, res, next) => next(new Error('passed to next')));
  router.get('/next-status', (req, res, next) => {
    const err = new Error('teapot');
    err.status = 418;
    next(err);
  });
  router.get('/next-string', (req, res, next) => next('a string'));
  router.get('/expose', (req, res, next) => {
    const err = new Error('client detail');
    err.statusCode = 422;
    err.expose = true;
    next(err);
  });
  router.get('/headers-err', (req, res, next) => {
    const err = new Error('with headers');
    err.status = 401;
    err.headers = { 'WWW-Authenticate': 'Basic realm="x"' };
    next(err);
  });
  router.get('/reject', (req, res, next) => {
    // express@4 does not await a returned promise: the rejection is passed on explicitly, as 4.x apps do.
    Promise.reject(new Error('rejected')).catch(next);
  });
  router.get('/after-headers', (req, res, next) => {
    res.write('partial');
    next(new Error('too late'));
  });
  router.get('/handled', (req, res, next) => next(new Error('custom')));
  router.use('/handled', (err, req, res, _next) => res.status(503).json({ handled: err.message }));
  return router;
}

function fileRoutes(framework, fixtures) {
  const router = framework.Router();
  const root = path.join(fixtures, 'public');
  router.use('/static', framework.static(root));
  router.use('/static-opts', framework.static(root, { maxAge: 60000, dotfiles: 'allow', index: false, extensions: ['txt'], etag: false }));
  router.use('/static-fallthrough', framework.static(root, { fallthrough: false }));
  router.get('/send-file', (req, res, next) => res.sendFile('hello.txt', { root }, (err) => err && next(err)));
  router.get('/send-file-abs', (req, res) => res.sendFile(path.join(root, 'alphabet.txt')));
  router.get('/send-file-missing', (req, res) => res.sendFile('missing.txt', { root }, (err) => res.status(err.status || 500).send(`missing: ${err.code}`)));
  router.get('/send-file-headers', (req, res) => res.sendFile('data.json', { root, headers: { 'X-Sent': 'yes' }, maxAge: '1h', lastModified: false }));
  router.get('/download', (req, res) => res.download(path.join(fixtures, 'private', 'report.txt'), 'Q1 report.txt'));
  router.get('/stream', (req, res) => {
    res.type('text');
    fs.createReadStream(path.join(root, 'alphabet.txt')).pipe(res);
  });
  return router;
}

/** The battery's app on `framework` (express, express5 or a Portico entry) for Express `major` 4 or 5. */
function buildBatteryApp(framework, options) {
  const { major, fixtures } = options;
  const app = framework();
  // The default error page shows the stack outside production, and stacks name files that differ
  // between the two servers.
  app.set('env', 'production');
  app.set('trust proxy', 'loopback');
  app.set('json spaces', 0);
  app.use((req, res, next) => {
    if (req.get('x-middleware-mark')) res.set('X-Mark', req.get('x-middleware-mark'));
    next();
  });
  app.get('/', (req, res) => res.send('battery home'));
  app.use('/route', routingRoutes(framework, major));
  app.use('/body', parserRoutes(framework));
  app.use('/in', requestEcho(framework));
  app.use('/res', responseRoutes(framework));
  app.use('/cookies', cookieRoutes(framework));
  app.use('/redirect', redirectRoutes(framework, major));
  app.use('/err', errorRoutes(framework));
  app.use('/files', fileRoutes(framework, fixtures));
  const sub = framework();
  sub.get('/', (req, res) => res.json({ mountpath: sub.mountpath, baseUrl: req.baseUrl, originalUrl: req.originalUrl }));
  sub.get('/x/:y', (req, res) => res.json({ params: req.params, baseUrl: req.baseUrl }));
  app.use('/sub', sub);
  return app;
}

module.exports = { buildBatteryApp, writeBatteryFixtures };
