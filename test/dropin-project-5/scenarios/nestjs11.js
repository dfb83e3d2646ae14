// NestJS 11 on @nestjs/platform-express (Express 5): controllers with params, query and a JSON
// body, ParseIntPipe and a custom pipe, a guard that refuses, an exception filter with its own
// error body, a multipart upload through FileInterceptor (multer), static assets, a wildcard
// route, Nest's own 404 and a thrown HttpException. Decorated by hand: this file is plain JavaScript.
require('reflect-metadata');
const { dirname, join } = require('node:path');
const {
  Controller, Get, Post, Head, Param, Body, Query, HttpCode, Header, Module, Redirect,
  ParseIntPipe, BadRequestException, HttpException, HttpStatus, ForbiddenException,
  UseGuards, UseFilters, UseInterceptors, UploadedFile, Catch, Req, Res, StreamableFile, Sse, Version,
  VersioningType,
} = require('@nestjs/common');
const { interval, map, take } = require('rxjs');
const { NestFactory } = require('@nestjs/core');
const { FileInterceptor } = require('@nestjs/platform-express');
const { runRequests, report } = require('./run-requests');

/** Decorates `method` of `target` with method decorators, in source order. */
function decorate(target, method, ...decorators) {
  const descriptor = Object.getOwnPropertyDescriptor(target.prototype, method);
  for (const d of decorators.reverse()) d(target.prototype, method, descriptor);
}

// A custom pipe: the body must carry a non-empty `name`; it is trimmed on the way in.
class CatBodyPipe {
  transform(value) {
    if (!value || typeof value.name !== 'string' || value.name.trim() === '') {
      throw new BadRequestException(['name must be a non-empty string']);
    }
    return { ...value, name: value.name.trim() };
  }
}

// Refuses every request without the right header: Nest answers 403.
class AdminGuard {
  canActivate(context) {
    return context.switchToHttp().getRequest().get('x-role') === 'admin';
  }
}

// Writes its own error body and a header, through Express's res.status/set/json.
class ApiErrorFilter {
  catch(exception, host) {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest();
    const res = ctx.getResponse();
    const status = exception.getStatus();
    res.status(status).set('x-error-filter', 'api').json({ error: exception.message, status, method: req.method, path: req.path });
  }
}
Catch(HttpException)(ApiErrorFilter);

class CatsController {
  list(query) {
    return { query };
  }
  find(id) {
    if (id === 404) throw new HttpException({ reason: 'no such cat', id }, HttpStatus.NOT_FOUND);
    return { id, type: typeof id };
  }
  create(body) {
    return { created: body };
  }
  remove() {
    return { removed: true };
  }
  teapot() {
    throw new HttpException('short and stout', 418);
  }
  upload(file, body) {
    return { field: file.fieldname, name: file.originalname, type: file.mimetype, size: file.size, text: file.buffer.toString('utf8'), body };
  }
  docs(path, req) {
    return { path, params: req.params };
  }
  legacy() {
    return undefined;
  }
  csv() {
    return 'a,b\n1,2\n';
  }
}
Query()(CatsController.prototype, 'list', 0);
Param('id', ParseIntPipe)(CatsController.prototype, 'find', 0);
Body(CatBodyPipe)(CatsController.prototype, 'create', 0);
UploadedFile()(CatsController.prototype, 'upload', 0);
Body()(CatsController.prototype, 'upload', 1);
Param('path')(CatsController.prototype, 'docs', 0);
Req()(CatsController.prototype, 'docs', 1);
decorate(CatsController, 'list', Get());
decorate(CatsController, 'find', Get(':id'));
decorate(CatsController, 'create', Post(), HttpCode(201));
decorate(CatsController, 'remove', Post('remove'), UseGuards(AdminGuard));
decorate(CatsController, 'teapot', Get('teapot/brew'));
decorate(CatsController, 'upload', Post('upload'), UseInterceptors(FileInterceptor('file')));
decorate(CatsController, 'docs', Get('docs/*path'));
decorate(CatsController, 'legacy', Get('old/home'), Redirect('/cats', 301));
decorate(CatsController, 'csv', Get('export/csv'), Header('Content-Type', 'text/csv'));
Controller('cats')(CatsController);

// The same errors without the filter: Nest's own error bodies.
class PlainController {
  download(res) {
    res.download(join(__dirname, '..', 'public', 'hello.txt'), 'greeting.txt');
  }
  stream() {
    return new StreamableFile(Buffer.from('streamed bytes'), { type: 'application/octet-stream', disposition: 'attachment; filename="data.bin"' });
  }
  form(body) {
    return { body };
  }
  boom() {
    throw new Error('not an HttpException');
  }
  raw(req) {
    return { raw: req.rawBody.toString('hex'), body: req.body };
  }
  small(file) {
    return { size: file.size };
  }
  events() {
    return interval(5).pipe(take(2), map((i) => ({ data: { tick: i }, id: String(i) })));
  }
  cookies(res) {
    res.cookie('theme', 'dark', { path: '/plain', httpOnly: true }).clearCookie('old').links({ next: '/plain/2' }).vary('Accept-Language');
    res.location('back');
    return { ok: true };
  }
  v2() {
    return { version: 2 };
  }
  whoami(req) {
    return { ip: req.ip, protocol: req.protocol, hostname: req.hostname, secure: req.secure, xhr: req.xhr, fresh: req.fresh, accepts: req.accepts(['json', 'html']), is: req.is('json') };
  }
  forbidden() {
    throw new ForbiddenException('not yours');
  }
  count(n) {
    return { n };
  }
  head() {
    return '';
  }
}
Param('n', ParseIntPipe)(PlainController.prototype, 'count', 0);
Res()(PlainController.prototype, 'download', 0);
Body()(PlainController.prototype, 'form', 0);
Req()(PlainController.prototype, 'whoami', 0);
Req()(PlainController.prototype, 'raw', 0);
UploadedFile()(PlainController.prototype, 'small', 0);
decorate(PlainController, 'boom', Get('boom'));
Res({ passthrough: true })(PlainController.prototype, 'cookies', 0);
decorate(PlainController, 'events', Sse('events'));
decorate(PlainController, 'cookies', Get('cookies'));
decorate(PlainController, 'v2', Get('versioned'), Version('2'));
decorate(PlainController, 'raw', Post('raw'));
decorate(PlainController, 'small', Post('small'), UseInterceptors(FileInterceptor('file', { limits: { fileSize: 8 } })));
decorate(PlainController, 'download', Get('download'));
decorate(PlainController, 'stream', Get('stream'));
decorate(PlainController, 'form', Post('form'), HttpCode(200));
decorate(PlainController, 'whoami', Get('whoami'));
decorate(PlainController, 'forbidden', Get('forbidden'));
decorate(PlainController, 'count', Get('count/:n'));
decorate(PlainController, 'head', Head('probe'), Header('X-Probe', 'yes'));
Controller('plain')(PlainController);
UseFilters(ApiErrorFilter)(CatsController);

// Nest middleware bound to a wildcard path: Nest 11 mounts it with Express 5's path syntax.
class AppModule {
  configure(consumer) {
    consumer.apply((req, res, next) => {
      res.set('x-middleware', req.baseUrl + '|' + req.url);
      next();
    }).forRoutes('plain/*path');
  }
}
Module({ controllers: [CatsController, PlainController] })(AppModule);

/** A multipart/form-data body with one text field and one file. */
function multipart(boundary) {
  return Buffer.from([
    `--${boundary}`,
    'Content-Disposition: form-data; name="owner"',
    '',
    'jerry',
    `--${boundary}`,
    'Content-Disposition: form-data; name="file"; filename="notes.txt"',
    'Content-Type: text/plain',
    '',
    'first line\nsecond line',
    `--${boundary}--`,
    '',
  ].join('\r\n'));
}

const HEADERS = [
  'content-type', 'content-length', 'etag', 'x-powered-by', 'last-modified', 'cache-control', 'accept-ranges',
  'content-range', 'content-disposition', 'location', 'vary', 'x-error-filter', 'x-probe',
  'x-middleware', 'set-cookie', 'link', 'x-accel-buffering', 'connection', 'transfer-encoding', 'access-control-allow-origin', 'access-control-allow-methods', 'access-control-allow-headers',
];

(async () => {
  const app = await NestFactory.create(AppModule, { logger: false, rawBody: true, cors: { origin: 'https://app.example' } });
  app.useStaticAssets(join(__dirname, '..', 'public'), { prefix: '/static' });
  app.useBodyParser('json', { limit: '1kb' });
  app.set('trust proxy', 'loopback');
  app.enableVersioning({ type: VersioningType.HEADER, header: 'x-api-version' });
  await app.listen(0, '127.0.0.1');
  const server = app.getHttpServer();
  const json = { 'content-type': 'application/json' };
  const responses = await runRequests(server, [
    { path: '/cats?color=grey&tags[]=a&tags[]=b&page[size]=10' },
    { path: '/cats/7' },
    { path: '/cats/seven' },
    { path: '/cats/404' },
    { method: 'POST', path: '/cats', headers: json, body: '{"name":"  tom  ","age":3}' },
    { method: 'POST', path: '/cats', headers: json, body: '{"name":""}' },
    { method: 'POST', path: '/cats', headers: json, body: '{"name":' },
    { method: 'POST', path: '/cats/remove' },
    { method: 'POST', path: '/cats/remove', headers: { 'x-role': 'admin' } },
    { path: '/cats/teapot/brew' },
    { method: 'POST', path: '/cats/upload', headers: { 'content-type': 'multipart/form-data; boundary=XyZ' }, body: multipart('XyZ') },
    { method: 'POST', path: '/cats/upload', headers: { 'content-type': 'multipart/form-data; boundary=XyZ' }, body: '--XyZ\r\nbroken' },
    { path: '/cats/docs/guide/intro.md' },
    { path: '/cats/old/home' },
    { path: '/cats/export/csv' },
    { path: '/plain/download' },
    { path: '/plain/stream' },
    { method: 'POST', path: '/plain/form', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1&b[c]=2&b[d]=3&list=x&list=y' },
    { method: 'POST', path: '/cats', headers: json, body: JSON.stringify({ name: 'x'.repeat(2000) }) },
    { path: '/plain/whoami', headers: { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'cats.example', 'x-requested-with': 'XMLHttpRequest', accept: 'text/html' } },
    { path: '/plain/forbidden' },
    { path: '/plain/boom' },
    { path: '/plain/events' },
    { path: '/plain/cookies', headers: { referer: '/from/here' } },
    { path: '/plain/versioned', headers: { 'x-api-version': '2' } },
    { path: '/plain/versioned', headers: { 'x-api-version': '3' } },
    { method: 'POST', path: '/plain/raw', headers: json, body: '{"b":"\u00e9"}' },
    { method: 'POST', path: '/plain/small', headers: { 'content-type': 'multipart/form-data; boundary=XyZ' }, body: multipart('XyZ') },
    { method: 'OPTIONS', path: '/cats', headers: { origin: 'https://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } },
    { path: '/CATS/8/' },
    { path: '/cats/docs/a%20b/c%2Fd' },
    { method: 'HEAD', path: '/cats/9' },
    { path: '/plain/count/12' },
    { path: '/plain/count/1.5' },
    { method: 'HEAD', path: '/plain/probe' },
    { path: '/static/hello.txt' },
    { method: 'HEAD', path: '/static/site.css' },
    { path: '/static/hello.txt', headers: { range: 'bytes=0-4' } },
    { path: '/static/missing.txt' },
    { path: '/static' },
    { path: '/nope' },
    { method: 'DELETE', path: '/cats/7' },
  ], HEADERS);
  // A conditional request with the validator the static file was served with.
  const etag = responses.find((r) => r.request === 'GET /static/hello.txt').headers.etag;
  responses.push(...await runRequests(server, [{ path: '/static/hello.txt', headers: { 'if-none-match': etag } }], HEADERS));
  await app.close();
  // Which express @nestjs/platform-express loads: the one npm's overrides put in the tree.
  const adapterDir = dirname(require.resolve('@nestjs/platform-express/package.json'));
  const expressPkg = require(require.resolve('express/package.json', { paths: [adapterDir] }));
  report({ identity: { name: expressPkg.name, version: expressPkg.version }, responses });
})().catch((err) => {
  process.stderr.write(String(err && err.stack) + '\n');
  process.exit(1);
});
