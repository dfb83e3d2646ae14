import { mkdirSync, writeFileSync, symlinkSync, statSync, unlinkSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import type express from 'express';
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, send, type RunningServer, type SimpleRequest, type SimpleResponse } from '../helpers/server';
import { stableHeaders } from '../helpers/compare';
import { FILES, fixture, makeTempDir } from '../helpers/file-fixtures';

/*
 * The shared case suite of the file-serving differential tests (static.compat.test.ts against
 * express@4, express5/static5.compat.test.ts against express@5): one app definition built on each
 * framework, every request sent to both, status, every header but Date/X-Powered-By/Connection and
 * the body bytes compared. Both apps end with handlers that answer without res.send/res.json, so
 * only the file sender's own output is compared:
 *   - `next()` → 404 `NEXT <originalUrl>`
 *   - `next(err)` → the error's status and its observable fields as JSON
 *   - a handler that throws → 599 with the error's name and message
 */
export type Framework = typeof express;
export type Handler = (req: any, res: any) => void;


/** The fields of an error, in a fixed order, as both apps report them. */
export function describeError(err: any): string {
  return JSON.stringify({
    name: err.name,
    message: err.message,
    status: err.status,
    statusCode: err.statusCode,
    expose: err.expose,
    code: err.code,
    syscall: err.syscall,
    errno: err.errno,
    path: err.path,
    headers: err.headers,
  });
}

/** A sendFile/download callback that answers 598 with the error, or leaves the finished transfer alone. */
export function answerError(res: any) {
  return (err?: any) => {
    if (!err) return;
    res.statusCode = 598;
    res.setHeader('X-Headers-Sent', String(res.headersSent));
    res.end(describeError(err));
  };
}

/** Static configurations, each mounted at /s/<name>. */
export function staticConfigs(tmpDir: string): Record<string, Record<string, unknown> | undefined> {
  return {
    default: undefined,
    strict: { fallthrough: false },
    deny: { dotfiles: 'deny' },
    'deny-strict': { dotfiles: 'deny', fallthrough: false },
    allow: { dotfiles: 'allow' },
    'ignore-strict': { dotfiles: 'ignore', fallthrough: false },
    'no-redirect': { redirect: false },
    'no-redirect-strict': { redirect: false, fallthrough: false },
    'no-index': { index: false },
    'no-index-strict': { index: false, fallthrough: false },
    'index-list': { index: ['nope.html', 'page.html'] },
    'index-string': { index: 'page.html' },
    ext: { extensions: ['html', 'txt'] },
    'ext-strict': { extensions: ['html', 'txt'], fallthrough: false },
    'ext-string': { extensions: 'html' },
    'ext-true': { extensions: true },
    'ext-dir-last': { extensions: ['txt', 'html'], fallthrough: false },
    'bad-dotfiles': { dotfiles: 'bogus' },
    'bad-index': { index: 5 },
    'cache-1d': { maxAge: '1d', immutable: true, etag: false, lastModified: false },
    'cache-1500': { maxAge: 1500 },
    'cache-negative': { maxAge: -5 },
    'cache-date': { maxAge: new Date(4000) },
    'cache-empty-alias': { maxAge: '', maxage: '' },
    'cache-5y': { maxAge: '5y' },
    'cache-alias': { maxage: '2h' },
    immutable: { immutable: true },
    'no-cache-no-ranges': { cacheControl: false, acceptRanges: false },
    'no-validators': { etag: false, lastModified: false },
    tmp: { root: tmpDir },
    'file-root': { root: fixture('hello.txt') },
    'file-root-strict': { root: fixture('hello.txt'), fallthrough: false },
  };
}

/** The file-transfer routes, each at /f/<name>. */
export function transferRoutes(tmpDir: string): Record<string, Handler> {
  const f = fixture;
  return {
    'no-path': (_q, res) => res.sendFile(),
    'not-string': (_q, res) => res.sendFile(5),
    relative: (_q, res) => res.sendFile('hello.txt'),
    absolute: (_q, res) => res.sendFile(f('hello.txt')),
    root: (_q, res) => res.sendFile('hello.txt', { root: FILES }),
    'root-climb': (_q, res) => res.sendFile('../hello.txt', { root: f('nested') }),
    'root-inside': (_q, res) => res.sendFile('nested/../hello.txt', { root: FILES }),
    'root-absolute': (_q, res) => res.sendFile('/hello.txt', { root: FILES }),
    'root-query': (q, res) => res.sendFile(String(q.query.p), { root: FILES }, answerError(res)),
    'root-relative': (_q, res) => res.sendFile('hello.txt', { root: relative(process.cwd(), FILES) }),
    'root-empty': (_q, res) => res.sendFile(f('hello.txt'), { root: '' }),
    directory: (_q, res) => res.sendFile(f('nested')),
    'directory-slash': (_q, res) => res.sendFile(f('nested') + '/'),
    'directory-cb': (_q, res) => res.sendFile(f('nested'), answerError(res)),
    'directory-no-index': (_q, res) => res.sendFile(f('nested') + '/', { index: false }, answerError(res)),
    'directory-missing-index': (_q, res) => res.sendFile(f('.mine') + '/', answerError(res)),
    missing: (_q, res) => res.sendFile(f('missing.txt')),
    'missing-cb': (_q, res) => res.sendFile(f('missing.txt'), answerError(res)),
    ok: (_q, res) => res.sendFile(f('hello.txt'), answerError(res)),
    dotfile: (_q, res) => res.sendFile(f('.dotfile')),
    'dotfile-deny': (_q, res) => res.sendFile(f('.dotfile'), { dotfiles: 'deny' }),
    'dotfile-allow': (_q, res) => res.sendFile(f('.dotfile'), { dotfiles: 'allow' }),
    'dot-dir': (_q, res) => res.sendFile(f('.mine', 'file.txt')),
    'dot-dir-deny': (_q, res) => res.sendFile(f('.mine', 'file.txt'), { dotfiles: 'deny' }, answerError(res)),
    'dot-dir-ignore': (_q, res) => res.sendFile(f('.mine', 'file.txt'), { dotfiles: 'ignore' }, answerError(res)),
    'dot-root-deny': (_q, res) => res.sendFile('file.txt', { root: f('.mine'), dotfiles: 'deny' }),
    'dot-rel-deny': (_q, res) => res.sendFile('.mine/file.txt', { root: FILES, dotfiles: 'deny' }, answerError(res)),
    'dot-rel-default': (_q, res) => res.sendFile('.mine/file.txt', { root: FILES }),
    hidden: (_q, res) => res.sendFile(f('.mine', '.hidden'), { hidden: true }),
    options: (_q, res) =>
      res.sendFile(f('hello.txt'), {
        maxAge: '2h',
        lastModified: false,
        headers: { 'X-A': 'b', 'Content-Type': 'x/y', 'Cache-Control': 'zz' },
        acceptRanges: false,
        immutable: true,
      }),
    'no-cache-no-etag': (_q, res) => res.sendFile(f('hello.txt'), { cacheControl: false, etag: false }),
    'falsy-flags': (_q, res) => res.sendFile(f('hello.txt'), { etag: true, lastModified: 0, cacheControl: 0, acceptRanges: 0 }),
    'percent-literal': (_q, res) => res.sendFile(f('snow%20%E2%98%83', 'index.html')),
    snow: (_q, res) => res.sendFile(f('snow ☃', 'index.html')),
    'question-hash': (_q, res) => res.sendFile(join(tmpDir, 'q?x#y.txt'), answerError(res)),
    nul: (_q, res) => res.sendFile(f('hello.txt\0.png')),
    preset: (_q, res) => {
      res.set('Content-Type', 'application/x-foo');
      res.set('ETag', '"mine"');
      res.set('Cache-Control', 'private');
      res.status(201);
      res.sendFile(f('hello.txt'));
    },
    'status-500': (_q, res) => {
      res.status(500);
      res.sendFile(f('hello.txt'), answerError(res));
    },
    // Express fills in a header set to an empty value as if it were unset.
    'preset-empty': (_q, res) => {
      for (const name of ['Content-Type', 'ETag', 'Cache-Control', 'Last-Modified', 'Accept-Ranges']) res.set(name, '');
      res.sendFile(f('hello.txt'), answerError(res));
    },
    'preset-zero': (_q, res) => {
      res.setHeader('ETag', 0);
      res.setHeader('Content-Language', 'en');
      res.sendFile(f('hello.txt'), answerError(res));
    },
    'preset-last-modified': (_q, res) => {
      res.set('Last-Modified', 'Mon, 01 Jan 2001 00:00:00 GMT');
      res.sendFile(f('hello.txt'), answerError(res));
    },
    big: (_q, res) => res.sendFile(join(tmpDir, 'big.bin')),
    trailing: (_q, res) => res.sendFile(f('hello.txt') + '/', answerError(res)),
    'double-slash': (_q, res) => res.sendFile(FILES + '//hello.txt', answerError(res)),
    'dot-segment': (_q, res) => res.sendFile(FILES + '/nested/../hello.txt', answerError(res)),
    backslash: (_q, res) => res.sendFile('..\\hello.txt', { root: f('nested') }, answerError(res)),
    'max-age-bogus': (_q, res) => res.sendFile(f('hello.txt'), { maxAge: 'bogus' }),
    'max-age-10s': (_q, res) => res.sendFile(f('hello.txt'), { maxAge: '10s' }),
    'max-age-huge': (_q, res) => res.sendFile(f('hello.txt'), { maxAge: 1e15 }),
    'max-age-fraction': (_q, res) => res.sendFile(f('hello.txt'), { maxAge: 1999.9 }),
    'max-age-numeric-string': (_q, res) => res.sendFile(f('hello.txt'), { maxAge: '1999' }),
    'max-age-nan': (_q, res) => res.sendFile(f('hello.txt'), { maxAge: NaN }),
    'headers-list': (_q, res) => res.sendFile(f('hello.txt'), { headers: { 'X-Num': 5, 'X-Arr': ['a', 'b'], 'Content-Language': 'en' } }),
    'options-null': (_q, res) => res.sendFile(f('hello.txt'), null),
    'options-string': (_q, res) => res.sendFile(f('hello.txt'), 'x'),
    'empty-with-root': (_q, res) => res.sendFile('', { root: FILES }),
    'dot-with-root': (_q, res) => res.sendFile('.', { root: FILES }),
    'slash-with-root': (_q, res) => res.sendFile('/', { root: FILES }),
    'bad-dotfiles': (_q, res) => res.sendFile(f('hello.txt'), { dotfiles: 'bogus' }, answerError(res)),
    'bad-index': (_q, res) => res.sendFile(f('nested') + '/', { index: 5 }, answerError(res)),
    extensions: (_q, res) => res.sendFile(f('page'), { extensions: ['html'] }, answerError(res)),
    window: (_q, res) => res.sendFile(f('digits.txt'), { start: 1, end: 4 }, answerError(res)),
    empty: (_q, res) => res.sendFile(f('empty.txt'), answerError(res)),
    loop: (_q, res) => res.sendFile(join(tmpDir, 'loop1'), answerError(res)),
    'loop-next': (_q, res) => res.sendFile(join(tmpDir, 'loop1')),
    'sf-encoded': (_q, res) => res.sendfile(relative(process.cwd(), f('snow ☃', 'index.html')).split('/').map(encodeURIComponent).join('/')),
    'sf-malformed': (_q, res) => res.sendfile(relative(process.cwd(), f('hello.txt')) + '%', answerError(res)),
    'sf-up': (_q, res) => res.sendfile(relative(process.cwd(), f('nested')) + '/../hello.txt', answerError(res)),
    'sf-absolute-up': (_q, res) => res.sendfile(f('nested') + '/%2e%2e/hello.txt'),
    'sf-index': (_q, res) => res.sendfile(relative(process.cwd(), f('nested')) + '/'),
    'sf-dir': (_q, res) => res.sendfile(relative(process.cwd(), f('nested'))),
    'sf-number': (_q, res) => res.sendfile(5, answerError(res)),
    'sf-empty': (_q, res) => res.sendfile('', answerError(res)),
    'sf-root-up': (_q, res) => res.sendfile('nested/../hello.txt', { root: FILES }),
    'sf-undefined': (_q, res) => res.sendfile(undefined),
    'max-age-date': (_q, res) => res.sendFile(f('hello.txt'), { maxAge: new Date(5000) }),
    'max-age-alias': (_q, res) => res.sendFile(f('hello.txt'), { maxAge: 0, maxage: '1m' }),
    'max-age-empty-alias': (_q, res) => res.sendFile(f('hello.txt'), { maxage: '' }),
    'end-string': (_q, res) => res.sendFile(f('digits.txt'), { end: '3' }),
    'end-null': (_q, res) => res.sendFile(f('digits.txt'), { end: null }),
    'd-plain': (_q, res) => res.download(f('hello.txt')),
    'd-unicode-name': (_q, res) => res.download(f('hello.txt'), 'report ☃ "x".pdf'),
    'd-cb': (_q, res) => res.download(f('hello.txt'), answerError(res)),
    'd-name-cb': (_q, res) => res.download(f('hello.txt'), 'b.json', answerError(res)),
    'd-all': (_q, res) =>
      res.download(f('hello.txt'), 'b.json', { headers: { 'Content-Disposition': 'inline', 'X-Y': 'z', 'content-type': 'a/b' }, maxAge: 5000 }, answerError(res)),
    'd-options-second': (_q, res) => res.download(f('hello.txt'), { headers: { 'X-Y': 'z' } }),
    'd-undefined-name': (_q, res) => res.download(f('hello.txt'), undefined, { maxAge: 5000 }),
    'd-root': (_q, res) => res.download('hello.txt', 'n.txt', { root: FILES }),
    'd-relative': (_q, res) => res.download(relative(process.cwd(), f('hello.txt'))),
    'd-root-climb': (_q, res) => res.download('../hello.txt', { root: f('nested') }, answerError(res)),
    'd-missing-cb': (_q, res) => res.download(f('missing.txt'), answerError(res)),
    'd-missing': (_q, res) => res.download(f('missing.txt')),
    'd-name-number': (_q, res) => res.download(f('hello.txt'), 5),
    'd-no-path': (_q, res) => res.download(),
    'd-directory': (_q, res) => res.download(f('nested')),
    'd-snow': (_q, res) => res.download(f('snow ☃', 'index.html')),
    'd-null-name': (_q, res) => res.download(f('hello.txt'), null, answerError(res)),
    'd-empty-name': (_q, res) => res.download(f('hello.txt'), '', answerError(res)),
    'd-null-options': (_q, res) => res.download(f('hello.txt'), 'x.txt', null, answerError(res)),
    'd-missing-root': (_q, res) => res.download(f('hello.txt'), { root: '/nonexistent-root' }),
    'd-header-case': (_q, res) => res.download('hello.txt', 'y.txt', { root: FILES, headers: { 'content-disposition': 'inline' } }),
    'd-directory-slash': (_q, res) => res.download(f('nested') + '/', answerError(res)),
    'd-dotfile': (_q, res) => res.download(f('.dotfile'), answerError(res)),
    'd-flags': (_q, res) =>
      res.download(f('hello.txt'), 'x.txt', { dotfiles: 'allow', acceptRanges: false, cacheControl: false, lastModified: false, immutable: true }),
    'd-absolute-with-root': (_q, res) => res.download(f('hello.txt'), 'x.txt', { root: FILES }),
    'd-array-name': (_q, res) => res.download(f('hello.txt'), ['x']),
    'd-header-merge': (_q, res) =>
      res.download(f('hello.txt'), 'x.txt', { headers: { 'X-Y': 'z', 'Content-Disposition': 'inline', 'CONTENT-disposition': 'b' } }),
    'd-headers-number': (_q, res) => res.download(f('hello.txt'), 'x.txt', { headers: 5 }),
    'd-preset-disposition': (_q, res) => {
      res.set('Content-Disposition', 'inline');
      res.download(f('hello.txt'));
    },
    'd-path-name': (_q, res) => res.download(f('hello.txt'), 'dir/sub/x.txt'),
    'd-latin1-name': (_q, res) => res.download(f('hello.txt'), 'caf\u00e9.txt'),
    'd-crlf-name': (_q, res) => res.download(f('do..ts.txt'), 'a\r\nb.txt'),
    'd-quote-name': (_q, res) => res.download(f('hello.txt'), 'evil"\\name.txt'),
    'd-slash-root': (_q, res) => res.download('/hello.txt', { root: FILES + '/' }),
  };
}

/** Builds the comparison app on one framework. */
export function build(framework: Framework, tmpDir: string) {
  const app = framework();
  for (const [name, options] of Object.entries(staticConfigs(tmpDir))) {
    const { root, ...rest } = (options ?? {}) as { root?: string };
    app.use('/s/' + name, framework.static(root ?? FILES, options ? (rest as never) : undefined));
  }
  app.use(
    '/s/headers',
    framework.static(FILES, {
      setHeaders(res: any, path: string, stat: any) {
        res.setHeader('X-Path', relative(FILES, path));
        res.setHeader('X-Size', String(stat.size));
        if (path.endsWith('page.html')) res.setHeader('Content-Type', 'x/y');
        if (path.endsWith('digits.txt')) {
          res.setHeader('Accept-Ranges', 'none');
          res.setHeader('ETag', '"abc"');
          res.setHeader('Last-Modified', 'Mon, 01 Jan 2001 00:00:00 GMT');
        }
      },
    }),
  );
  app.use(
    '/s/empty-headers',
    framework.static(FILES, {
      setHeaders(res: any) {
        for (const name of ['Content-Type', 'ETag', 'Cache-Control', 'Last-Modified', 'Accept-Ranges']) res.setHeader(name, '');
      },
    }),
  );
  // A file removed, or replaced by a directory, between its stat and its read (setHeaders runs in
  // between): the open's or the read's error.
  const vanishing = join(tmpDir, 'vanishing');
  app.use(
    '/s/vanishing',
    (req: any, _res: any, next: any) => {
      mkdirSync(vanishing, { recursive: true });
      writeFileSync(join(vanishing, 'gone.txt'), 'soon gone');
      writeFileSync(join(vanishing, 'gone-big.bin'), Buffer.alloc(200_000, 7));
      rmSync(join(vanishing, 'swapped.txt'), { recursive: true, force: true });
      writeFileSync(join(vanishing, 'swapped.txt'), 'a file for now');
      next();
    },
    framework.static(vanishing, {
      setHeaders(_res: any, path: string) {
        unlinkSync(path);
        if (path.endsWith('swapped.txt')) mkdirSync(path);
      },
    }),
    // The file's length is already set, and its validators change with each rewrite: the error page
    // below has its own length, and the validators are not compared.
    (err: any, _req: any, res: any, next: any) => {
      for (const name of ['Content-Length', 'ETag', 'Last-Modified']) res.removeHeader(name);
      next(err);
    },
  );
  return addRoutesAndTerminals(app, transferRoutes(tmpDir));
}

/**
 * Adds each handler at GET /f/<name> (a throw answers 599 with the error), then the terminal
 * handlers both apps end with: `next()` → 404 `NEXT <url>`, `next(err)` → the error's fields as JSON.
 */
export function addRoutesAndTerminals<App extends { get: (...args: any[]) => unknown; use: (...args: any[]) => unknown }>(app: App, routes: Record<string, Handler>): App {
  for (const [name, handler] of Object.entries(routes)) {
    app.get('/f/' + name, (req: any, res: any) => {
      try {
        handler(req, res);
      } catch (err) {
        res.statusCode = 599;
        res.end('THROWN ' + (err as Error).name + ': ' + (err as Error).message);
      }
    });
  }
  app.use((req: any, res: any) => {
    res.statusCode = 404;
    res.end('NEXT ' + req.originalUrl);
  });
  app.use((err: any, _req: any, res: any, _next: any) => {
    res.statusCode = typeof err.status === 'number' ? err.status : 500;
    // What the file sender left set when it gave up (a 412 comes after the file's headers).
    res.setHeader('X-Type-Seen', String(res.getHeader('Content-Type')));
    res.setHeader('Content-Type', 'application/json');
    res.end(describeError(err));
  });
  return app;
}

/** The requests: a static path list run against several configurations, then per-feature cases. */
export function cases(): Array<{ name: string; request: SimpleRequest }> {
  const out: Array<{ name: string; request: SimpleRequest }> = [];
  const add = (request: SimpleRequest) => out.push({ name: `${request.method ?? 'GET'} ${request.path}${request.headers ? ' ' + JSON.stringify(request.headers) : ''}`, request });
  const get = (path: string, headers?: Record<string, string>, method?: string) => add({ path, headers, method });

  const paths = [
    '/hello.txt', '/', '/nested', '/nested?x=1', '/snow%20%E2%98%83', '/.dotfile', '/.mine/file.txt', '/.mine/.hidden', '/.mine',
    '/.mine/', '/do..ts.txt', '/%', '/hello.txt%00.png', '/../hello.txt', '/..%2fhello.txt', '/%2e%2e/hello.txt', '/nested/..%2f..%2fhello.txt',
    '/missing', '/data.json', '/page.html', '/no-extension', '/hello.txt/', '/nested/', '/nested/../hello.txt', '/%2e%2e%2f', '/..%5chello.txt',
    '/%252e%252e/hello.txt', '/' + 'a'.repeat(5000), '/hello.txt%3Fx', '/nested%2F', '/nested%2Findex.html', '/%2Fhello.txt', '/\\hello.txt',
    '/..\\hello.txt', '///nested', '/%2F/nested', '/nested?%', '/nested?%zz<', '/nested/?x', '/nested?<script>', '/nested?a="b"&c=\'d\'',
    '/%3Cscript%3E', '/nested;x', '/page', '/hello', '/dir', '/empty.txt', '/hello.txt#x', '/nested#x', '/nested?a=1#x', '/nested#x?a=1',
    '/missing#x', '/nested\\x#y',
  ];
  for (const config of ['default', 'strict']) for (const p of paths) get('/s/' + config + p);
  for (const p of ['/hello.txt', '/nested', '/missing']) {
    add({ method: 'POST', path: '/s/default' + p });
    add({ method: 'DELETE', path: '/s/strict' + p });
    add({ method: 'HEAD', path: '/s/default' + p });
  }
  for (const config of ['deny', 'deny-strict', 'allow', 'ignore-strict']) {
    for (const p of ['/.dotfile', '/.mine/file.txt', '/.mine/.hidden', '/.mine/', '/.mine', '/nested/..%2f.dotfile']) get('/s/' + config + p);
  }
  for (const config of ['no-redirect', 'no-redirect-strict', 'no-index', 'no-index-strict', 'index-list', 'index-string']) {
    for (const p of ['/', '/nested', '/nested/']) get('/s/' + config + p);
  }
  for (const config of ['ext', 'ext-strict', 'ext-string', 'ext-true', 'ext-dir-last']) {
    for (const p of ['/page', '/hello', '/nested', '/missing', '/page.htm', '/dir', '/hello.txt/x', '/.mine/.hidden', '/a/']) get('/s/' + config + p);
  }
  for (const config of ['cache-date', 'cache-empty-alias', 'bad-dotfiles', 'bad-index', 'cache-1d', 'cache-1500', 'cache-negative', 'cache-5y', 'cache-alias', 'immutable', 'no-cache-no-ranges']) {
    get('/s/' + config + '/hello.txt');
  }
  for (const p of ['/big.bin', '/link.txt', '/loop1']) {
    get('/s/tmp' + p);
    get('/s/strict' + p);
  }
  get('/s/tmp/big.bin', { range: 'bytes=100000-250000' });
  get('/s/tmp/big.bin', { range: 'bytes=-70000' });
  for (const p of ['/page.html', '/hello.txt', '/nested']) get('/s/headers' + p);
  get('/s/headers/digits.txt', { range: 'bytes=0-1' });
  get('/s/empty-headers/digits.txt');
  get('/s/vanishing/gone.txt');
  get('/s/vanishing/gone-big.bin');
  get('/s/vanishing/swapped.txt');
  get('/s/vanishing/gone.txt', { range: 'bytes=0-3' });
  get('/s/empty-headers/digits.txt', { range: 'bytes=0-1' });
  get('/s/headers/digits.txt', { 'if-none-match': '"abc"' });
  get('/s/headers/digits.txt', { 'if-range': '"abc"', range: 'bytes=0-1' });
  get('/s', undefined);
  get('/s/default', undefined);
  get('/s/default?x', undefined);
  for (const target of ['http://example.com/s/default/hello.txt', 'http://Example.COM/s/default/nested?x=1#y', 'http://u:p@example.com:81/s/strict/nested', 'http://example.com/s/default', 'http://example.com/s/strict/..%2f']) {
    get(target);
  }
  for (const p of ['', '/', '?x', '/x', '/..']) {
    get('/s/file-root' + p);
    get('/s/file-root-strict' + p);
  }

  const stat = statSync(fixture('digits.txt'));
  const etag = 'W/"' + stat.size.toString(16) + '-' + stat.mtime.getTime().toString(16) + '"';
  const lastModified = stat.mtime.toUTCString();
  const older = new Date(stat.mtime.getTime() - 5000).toUTCString();
  const conditional: Array<Record<string, string>> = [
    { 'if-none-match': etag }, { 'if-none-match': '*' }, { 'if-none-match': '"x", ' + etag }, { 'if-none-match': '"x"' },
    { 'if-modified-since': lastModified }, { 'if-modified-since': 'garbage' }, { 'if-modified-since': older },
    { 'if-none-match': '"x"', 'if-modified-since': lastModified }, { 'if-match': etag }, { 'if-match': '"x"' }, { 'if-match': '*' },
    { 'if-match': etag.slice(2) }, { 'if-unmodified-since': lastModified }, { 'if-unmodified-since': older }, { 'if-unmodified-since': 'garbage' },
    { 'if-none-match': etag, 'cache-control': 'no-cache' }, { 'if-match': '"x", ' + etag }, { 'if-match': ' ' + etag + ' ' },
    { 'if-match': '"x"', 'if-none-match': '*' }, { 'if-match': etag, 'if-unmodified-since': older }, { 'if-match': '', 'if-unmodified-since': older },
    { 'if-none-match': '' },
    { range: 'bytes=0-1' }, { range: 'bytes=1-' }, { range: 'bytes=-2' }, { range: 'bytes=19-' }, { range: 'bytes=0-1,3-4' },
    { range: 'bytes=0-1,1-2' }, { range: 'garbage' }, { range: 'bytes=x-y' }, { range: 'items=0-1' }, { range: 'bytes=3-1' },
    { range: 'bytes=0-100' }, { range: 'bytes=0-1', 'if-range': etag }, { range: 'bytes=0-1', 'if-range': '"x"' },
    { range: 'bytes=0-1', 'if-range': lastModified }, { range: 'bytes=0-1', 'if-range': older }, { range: 'bytes=0-1', 'if-range': 'garbage' },
    { range: 'bytes=0-1', 'if-none-match': etag }, { range: 'bytes=-0' }, { range: 'bytes=0-0' }, { range: 'bytes=' },
    { range: 'bytes=0-1', 'if-range': etag + ', "x"' }, { range: 'bytes=0-1', 'if-range': etag.slice(2) }, { range: '' },
  ];
  for (const headers of conditional) get('/s/default/digits.txt', headers);
  for (const headers of conditional.slice(0, 22)) get('/s/no-validators/digits.txt', headers);
  get('/s/default/digits.txt', { range: 'bytes=0-1' }, 'HEAD');
  get('/s/default/digits.txt', { range: 'bytes=19-' }, 'HEAD');
  get('/s/default/digits.txt', { 'if-none-match': etag }, 'HEAD');
  get('/s/strict/digits.txt', { range: 'bytes=19-' });
  get('/s/strict/digits.txt', { 'if-match': '"x"' });
  get('/s/no-cache-no-ranges/digits.txt', { range: 'bytes=0-1' });

  for (const name of Object.keys(transferRoutes(''))) get('/f/' + name);
  for (const p of ['..%2F..%2Fetc%2Fpasswd', '%2Fetc%2Fpasswd', 'hello.txt%00', '%252e%252e', 'nested%2F..%2Fhello.txt']) get('/f/root-query?p=' + p);
  const okHeaders: Array<Record<string, string>> = [{ 'if-match': '"nope"' }, { range: 'bytes=20-' }, { 'if-none-match': '*' }, { range: 'bytes=1-3' }];
  for (const headers of okHeaders) get('/f/ok', headers);
  get('/f/status-500', { 'if-none-match': '*' });
  get('/f/preset-last-modified', { 'if-modified-since': 'Mon, 01 Jan 2001 00:00:00 GMT' });
  get('/f/headers-list', { 'if-none-match': '*' });
  get('/f/preset-empty', { 'if-none-match': '*' });
  get('/f/preset-zero', { 'if-none-match': '*' });
  get('/f/window', { range: 'bytes=0-0' });
  get('/f/window', { range: 'bytes=5-' });
  get('/f/empty', { range: 'bytes=0-' });
  get('/f/d-plain', { range: 'bytes=1-2' });
  get('/f/d-plain', undefined, 'HEAD');
  get('/f/big', undefined, 'HEAD');
  return out;
}

/** The comparable parts of a response. */
export function comparable(res: SimpleResponse) {
  return { status: res.status, headers: stableHeaders(res), body: res.body.toString('latin1') };
}

/** The fixture tree of the suite in a fresh temporary directory: a big file, odd names, symlinks and a loop. */
export function makeSuiteFiles(): ReturnType<typeof makeTempDir> {
  const tmp = makeTempDir('portico-static-compat-');
  const big = Buffer.alloc(300_000);
  for (let i = 0; i < big.length; i++) big[i] = (i * 7) & 0xff;
  writeFileSync(join(tmp.dir, 'big.bin'), big);
  writeFileSync(join(tmp.dir, 'q?x#y.txt'), 'marks');
  mkdirSync(join(tmp.dir, 'outside'));
  writeFileSync(join(tmp.dir, 'outside', 'target.txt'), 'linked');
  symlinkSync(join(tmp.dir, 'outside', 'target.txt'), join(tmp.dir, 'link.txt'));
  symlinkSync('loop2', join(tmp.dir, 'loop1'));
  symlinkSync('loop1', join(tmp.dir, 'loop2'));
  return tmp;
}

/**
 * Runs every case against the oracle and each subject (label → framework), as one suite: the same
 * app is built on each, started once, and each response must equal the oracle's.
 */
export function describeStaticCases(title: string, oracleFramework: Framework, subjects: Record<string, Framework>): void {
  let tmp: ReturnType<typeof makeSuiteFiles>;
  let oracle: RunningServer;
  const running: Array<[string, RunningServer]> = [];

  before(async () => {
    tmp = makeSuiteFiles();
    for (const [label, framework] of Object.entries(subjects)) running.push([label, await startServer(build(framework, tmp.dir))]);
    oracle = await startServer(build(oracleFramework, tmp.dir));
  });

  after(async () => {
    for (const [, server] of running) await server.close();
    await oracle.close();
    tmp.remove();
  });

  describe(title, () => {
    const all = cases();

    it('covers at least 100 cases', () => {
      assert.ok(all.length >= 100, String(all.length));
    });

    for (const { name, request } of all) {
      it(name.length > 120 ? name.slice(0, 117) + '...' : name, async () => {
        const expected = comparable(await send(oracle.port, request));
        for (const [label, server] of running) assert.deepEqual(comparable(await send(server.port, request)), expected, label);
      });
    }
  });
}
