import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import portico from '../src/index';
import express from 'express';
import { withServer, send, type SimpleResponse, type SimpleRequest } from './helpers/server';
import { FILES, fixture, etagOf, lastModifiedOf, makeTempDir, errorFields } from './helpers/file-fixtures';

type StaticOptions = Parameters<typeof portico.static>[1];

/**
 * An app with `portico.static(root, options)` (mounted at `mount` when given), then a handler that
 * answers 404 `NEXT <url>` (so falling through is visible) and an error handler that answers the
 * error's fields as JSON with its status.
 */
function staticApp(options?: StaticOptions, mount?: string, root = FILES) {
  const app = portico();
  if (mount) app.use(mount, portico.static(root, options));
  else app.use(portico.static(root, options));
  app.use((req: any, res: any) => {
    res.status(404).send('NEXT ' + req.url);
  });
  app.use((err: unknown, _req: unknown, res: any, _next: unknown) => {
    const e = err as { status?: number };
    res.status(e.status ?? 500).json(errorFields(err));
  });
  return app;
}

/** One request (or several, in order) against a fresh static app. */
async function get(options: StaticOptions | undefined, request: SimpleRequest | string, mount?: string): Promise<SimpleResponse> {
  const req = typeof request === 'string' ? { path: request } : request;
  return withServer(staticApp(options, mount), ({ port }) => send(port, req));
}

function json(res: SimpleResponse): Record<string, unknown> {
  return JSON.parse(res.text) as Record<string, unknown>;
}

describe('portico.static(root, options)', () => {
  describe('arguments', () => {
    it('throws TypeError "root path required" without a root', () => {
      assert.throws(() => (portico.static as (r?: unknown) => unknown)(), { name: 'TypeError', message: 'root path required' });
    });

    it('throws TypeError "root path must be a string" for a non-string root', () => {
      assert.throws(() => (portico.static as (r: unknown) => unknown)(5), { name: 'TypeError', message: 'root path must be a string' });
    });

    it('throws TypeError when setHeaders is not a function', () => {
      assert.throws(() => portico.static(FILES, { setHeaders: 5 as never }), { name: 'TypeError', message: 'option setHeaders must be function' });
    });

    it('throws V8\'s TypeError for options that are a truthy non-object, and takes falsy ones as none', () => {
      assert.throws(() => portico.static(FILES, 'x' as never), { name: 'TypeError', message: 'Object prototype may only be an Object or null: x' });
      assert.throws(() => portico.static(FILES, 5 as never), { name: 'TypeError', message: 'Object prototype may only be an Object or null: 5' });
      assert.equal(typeof portico.static(FILES, 0 as never), 'function');
      assert.equal(typeof portico.static(FILES, null as never), 'function');
    });

    it('accepts a null setHeaders as none', async () => {
      assert.equal((await get({ setHeaders: null as never }, '/hello.txt')).text, 'hello world');
    });

    it('reads options inherited through a prototype', async () => {
      const res = await get(Object.create({ fallthrough: false, maxAge: '1m', dotfiles: 'deny' }), '/.dotfile');
      assert.equal(res.status, 403);
      assert.equal((await get(Object.create({ maxAge: '1m' }), '/hello.txt')).headers['cache-control'], 'public, max-age=60');
    });

    it('takes a falsy index or extensions (null, \'\') as none', async () => {
      assert.equal((await get({ index: null as never }, '/nested/')).text, 'NEXT /nested/');
      assert.equal((await get({ index: '' as never }, '/nested/')).text, 'NEXT /nested/');
      assert.equal((await get({ extensions: null as never }, '/page')).text, 'NEXT /page');
    });

    it('returns a named middleware function', () => {
      assert.equal(portico.static(FILES).name, 'serveStatic');
    });

    it('resolves a relative root from the working directory', async () => {
      const relative = join('test', 'fixtures', 'files');
      const res = await withServer(staticApp(undefined, undefined, relative), ({ port }) => send(port, { path: '/hello.txt' }));
      assert.equal(res.status, 200);
      assert.equal(res.text, 'hello world');
    });
  });

  describe('serving a file', () => {
    it('answers 200 with the body and the headers Express sends', async () => {
      const res = await get(undefined, '/hello.txt');
      assert.equal(res.status, 200);
      assert.equal(res.text, 'hello world');
      assert.equal(res.headers['accept-ranges'], 'bytes');
      assert.equal(res.headers['cache-control'], 'public, max-age=0');
      assert.equal(res.headers['last-modified'], lastModifiedOf(fixture('hello.txt')));
      assert.equal(res.headers.etag, etagOf(fixture('hello.txt')));
      assert.equal(res.headers['content-type'], 'text/plain; charset=UTF-8');
      assert.equal(res.headers['content-length'], '11');
    });

    it('sends the headers in the order Express sends them', async () => {
      const res = await get(undefined, '/hello.txt');
      const names = res.rawHeaders.filter((_, i) => i % 2 === 0);
      const fileHeaders = names.filter((n) => ['Accept-Ranges', 'Cache-Control', 'Last-Modified', 'ETag', 'Content-Type', 'Content-Length'].includes(n));
      assert.deepEqual(fileHeaders, ['Accept-Ranges', 'Cache-Control', 'Last-Modified', 'ETag', 'Content-Type', 'Content-Length']);
    });

    it('answers HEAD with the same headers and no body', async () => {
      const res = await get(undefined, { method: 'HEAD', path: '/hello.txt' });
      assert.equal(res.status, 200);
      assert.equal(res.headers['content-length'], '11');
      assert.equal(res.body.length, 0);
    });

    it('types files with mime@1.6 and its charsets', async () => {
      assert.equal((await get(undefined, '/data.json')).headers['content-type'], 'application/json; charset=UTF-8');
      assert.equal((await get(undefined, '/page.html')).headers['content-type'], 'text/html; charset=UTF-8');
      assert.equal((await get(undefined, '/no-extension')).headers['content-type'], 'application/octet-stream');
    });

    it('serves a file whose name has two dots in a row (not a traversal)', async () => {
      const res = await get(undefined, '/do..ts.txt');
      assert.equal(res.status, 200);
      assert.equal(res.text, 'dots');
    });

    it('decodes percent-encoded names (spaces, non-ASCII)', async () => {
      const res = await get(undefined, '/snow%20%E2%98%83/index.html');
      assert.equal(res.status, 200);
      assert.equal(res.text, '<p>snow</p>');
    });

    it('ignores a fragment in the request target, with or without a query', async () => {
      assert.equal((await get(undefined, '/hello.txt#frag')).text, 'hello world');
      assert.equal((await get(undefined, '/hello.txt#frag?x=1')).text, 'hello world');
      assert.equal((await get(undefined, '/hello.txt?x=1#frag')).text, 'hello world');
    });

    it('serves an absolute-form request target (http://host/path) by its path', async () => {
      assert.equal((await get(undefined, 'http://example.com/hello.txt')).text, 'hello world');
      assert.equal((await get(undefined, 'http://example.com/static/hello.txt?x', '/static')).text, 'hello world');
    });

    it('ignores the query string', async () => {
      const res = await get(undefined, '/hello.txt?v=1&x=%zz');
      assert.equal(res.text, 'hello world');
    });

    it('serves an empty file with Content-Length 0', async () => {
      const res = await get(undefined, '/empty.txt');
      assert.equal(res.status, 200);
      assert.equal(res.headers['content-length'], '0');
      assert.equal(res.body.length, 0);
    });

    it('streams a large file intact', async () => {
      const tmp = makeTempDir('portico-static-');
      try {
        const big = Buffer.alloc(3 * 1024 * 1024 + 17);
        for (let i = 0; i < big.length; i++) big[i] = (i * 31) & 0xff;
        writeFileSync(join(tmp.dir, 'big.bin'), big);
        const res = await withServer(staticApp(undefined, undefined, tmp.dir), ({ port }) => send(port, { path: '/big.bin' }));
        assert.equal(res.status, 200);
        assert.equal(res.headers['content-length'], String(big.length));
        assert.ok(res.body.equals(big));
      } finally {
        tmp.remove();
      }
    });

    it('serves under a mount path, with the mount path stripped', async () => {
      const res = await get(undefined, '/static/hello.txt', '/static');
      assert.equal(res.status, 200);
      assert.equal(res.text, 'hello world');
    });
  });

  describe('with a file as the root', () => {
    it('serves the file at the mount path, and falls through with a trailing slash', async () => {
      await withServer(staticApp(undefined, '/hello.txt', fixture('hello.txt')), async ({ port }) => {
        const file = await send(port, { path: '/hello.txt' });
        assert.equal(file.status, 200);
        assert.equal(file.text, 'hello world');
        assert.equal(file.headers['content-type'], 'text/plain; charset=UTF-8');
        assert.equal((await send(port, { path: '/hello.txt?x=1' })).text, 'hello world');
        assert.equal((await send(port, { path: '/hello.txt/' })).text, 'NEXT /hello.txt/');
      });
    });
  });

  describe('when the file is not there (fallthrough: true, the default)', () => {
    it('calls next() for a missing file', async () => {
      const res = await get(undefined, '/missing.txt');
      assert.equal(res.text, 'NEXT /missing.txt');
    });

    it('calls next() for methods other than GET and HEAD without touching the file system', async () => {
      const res = await get(undefined, { method: 'POST', path: '/hello.txt' });
      assert.equal(res.text, 'NEXT /hello.txt');
    });

    it('calls next() for a malformed percent escape', async () => {
      const res = await get(undefined, '/%');
      assert.equal(res.text, 'NEXT /%');
    });

    it('calls next() for a file path followed by a slash', async () => {
      const res = await get(undefined, '/hello.txt/');
      assert.equal(res.text, 'NEXT /hello.txt/');
    });
  });

  describe('fallthrough: false', () => {
    it('passes a missing file to next(err) as a 404 stat error, as Express does', async () => {
      const res = await get({ fallthrough: false }, '/missing.txt');
      assert.equal(res.status, 404);
      assert.deepEqual(json(res), {
        name: 'Error',
        message: `ENOENT: no such file or directory, stat '${fixture('missing.txt')}'`,
        status: 404,
        statusCode: 404,
        expose: false,
        code: 'ENOENT',
        syscall: 'stat',
      });
    });

    it('answers 405 with Allow: GET, HEAD and an empty body for other methods', async () => {
      const res = await get({ fallthrough: false }, { method: 'DELETE', path: '/hello.txt' });
      assert.equal(res.status, 405);
      assert.equal(res.headers.allow, 'GET, HEAD');
      assert.equal(res.headers['content-length'], '0');
      assert.equal(res.body.length, 0);
    });

    it('gives a stat error only its first line as its stack, as an asynchronous stat does', async () => {
      const app = portico();
      app.use(portico.static(FILES, { fallthrough: false }));
      app.use((err: Error, _req: unknown, res: any, _next: unknown) => res.send(err.stack));
      const res = await withServer(app, ({ port }) => send(port, { path: '/missing.txt' }));
      assert.equal(res.text, `Error: ENOENT: no such file or directory, stat '${fixture('missing.txt')}'`);
    });

    it('passes a malformed escape to next(err) as 400 Bad Request', async () => {
      const res = await get({ fallthrough: false }, '/%E0%A4%A');
      assert.equal(res.status, 400);
      assert.deepEqual(json(res), { name: 'BadRequestError', message: 'Bad Request', status: 400, statusCode: 400, expose: true });
    });

    it('passes a traversal to next(err) as 403 Forbidden', async () => {
      const res = await get({ fallthrough: false }, '/..%2fpackage.json');
      assert.equal(res.status, 403);
      assert.deepEqual(json(res), { name: 'ForbiddenError', message: 'Forbidden', status: 403, statusCode: 403, expose: true });
    });

    it('passes a path through a file to next(err) as a 404 ENOTDIR error', async () => {
      const res = await get({ fallthrough: false }, '/hello.txt/');
      assert.equal(res.status, 404);
      assert.equal(json(res).code, 'ENOTDIR');
    });
  });

  describe('dotfiles', () => {
    it('ignores a dotfile by default (next())', async () => {
      assert.equal((await get(undefined, '/.dotfile')).text, 'NEXT /.dotfile');
      assert.equal((await get(undefined, '/.mine/.hidden')).text, 'NEXT /.mine/.hidden');
    });

    it('serves files inside a dot-directory by default', async () => {
      const res = await get(undefined, '/.mine/file.txt');
      assert.equal(res.status, 200);
      assert.equal(res.text, 'mine');
    });

    it('ignores a dot-directory named last by default', async () => {
      assert.equal((await get(undefined, '/.mine')).text, 'NEXT /.mine');
    });

    it('"ignore" gives 404 Not Found for a dotfile or anything in a dot-directory', async () => {
      const file = await get({ dotfiles: 'ignore', fallthrough: false }, '/.dotfile');
      assert.deepEqual(json(file), { name: 'NotFoundError', message: 'Not Found', status: 404, statusCode: 404, expose: true });
      const inDir = await get({ dotfiles: 'ignore', fallthrough: false }, '/.mine/file.txt');
      assert.equal(inDir.status, 404);
    });

    it('"deny" gives 403 Forbidden, and next() under fallthrough', async () => {
      const denied = await get({ dotfiles: 'deny', fallthrough: false }, '/.mine/file.txt');
      assert.deepEqual(json(denied), { name: 'ForbiddenError', message: 'Forbidden', status: 403, statusCode: 403, expose: true });
      assert.equal((await get({ dotfiles: 'deny' }, '/.dotfile')).text, 'NEXT /.dotfile');
    });

    it('"allow" serves dotfiles', async () => {
      const res = await get({ dotfiles: 'allow' }, '/.mine/.hidden');
      assert.equal(res.status, 200);
      assert.equal(res.text, 'hidden');
    });

    it('looks at the path relative to the root, so a root inside a dot-directory works', async () => {
      const res = await withServer(staticApp({ dotfiles: 'deny' }, undefined, fixture('.mine')), ({ port }) => send(port, { path: '/file.txt' }));
      assert.equal(res.text, 'mine');
    });

    it('judges the normalised path: /sub/../.dotfile is a dotfile', async () => {
      const res = await get({ dotfiles: 'deny', fallthrough: false }, '/nested/..%2f.dotfile');
      assert.equal(res.status, 403);
    });

    it('reports an invalid value as a TypeError on each request, as Express does', async () => {
      const res = await get({ dotfiles: 'bogus' as never }, '/hello.txt');
      assert.equal(res.status, 500);
      assert.equal(json(res).message, 'dotfiles option must be "allow", "deny", or "ignore"');
    });
  });

  describe('etag', () => {
    it('sends no ETag when false', async () => {
      const res = await get({ etag: false }, '/hello.txt');
      assert.equal(res.headers.etag, undefined);
      assert.equal(res.status, 200);
    });
  });

  describe('extensions', () => {
    it('tries the extensions in order when the path names nothing', async () => {
      assert.equal((await get({ extensions: ['html'] }, '/page')).text, '<p>page</p>');
      assert.equal((await get({ extensions: ['txt', 'html'] }, '/hello')).text, 'hello world');
    });

    it('accepts a single string', async () => {
      assert.equal((await get({ extensions: 'html' }, '/page')).text, '<p>page</p>');
    });

    it('skips a directory that matches an extension', async () => {
      const res = await get({ extensions: ['html', 'txt'], fallthrough: false }, '/dir');
      assert.equal(res.status, 404);
      assert.equal(json(res).message, `ENOENT: no such file or directory, stat '${fixture('dir.txt')}'`);
    });

    it('answers a plain 404 when the last extension tried names a directory', async () => {
      const res = await get({ extensions: ['txt', 'html'], fallthrough: false }, '/dir');
      assert.equal(res.status, 404);
      assert.deepEqual(json(res), { name: 'NotFoundError', message: 'Not Found', status: 404, statusCode: 404, expose: true });
    });

    it('does not apply when the path has an extension', async () => {
      const res = await get({ extensions: ['html'], fallthrough: false }, '/page.htm');
      assert.equal(json(res).message, `ENOENT: no such file or directory, stat '${fixture('page.htm')}'`);
    });

    it('prefers a directory redirect to an extension fallback', async () => {
      assert.equal((await get({ extensions: ['html'] }, '/nested')).status, 301);
    });

    it('reports `true` as a TypeError, as Express does', async () => {
      const res = await get({ extensions: true as never }, '/page');
      assert.equal(res.status, 500);
      assert.equal(json(res).message, 'extensions option must be array of strings or false');
    });
  });

  describe('immutable', () => {
    it('adds immutable to Cache-Control', async () => {
      assert.equal((await get({ immutable: true }, '/hello.txt')).headers['cache-control'], 'public, max-age=0, immutable');
      assert.equal((await get({ immutable: true, maxAge: '1d' }, '/hello.txt')).headers['cache-control'], 'public, max-age=86400, immutable');
    });
  });

  describe('index', () => {
    it('serves index.html for a directory path by default', async () => {
      assert.equal((await get(undefined, '/')).text, '<p>root index</p>');
      assert.equal((await get(undefined, '/nested/deep/')).text, '<p>deep</p>');
    });

    it('uses a string as the index name', async () => {
      assert.equal((await get({ index: 'page.html' }, '/')).text, '<p>page</p>');
    });

    it('tries an array of names in order', async () => {
      assert.equal((await get({ index: ['nope.html', 'page.html'] }, '/')).text, '<p>page</p>');
    });

    it('passes the TypeError of an index name the file system refuses (a NUL byte) to next(err) as it is', async () => {
      const res = await get({ index: 'index.html\0' }, '/nested/');
      assert.equal(res.status, 500);
      const err = json(res);
      assert.deepEqual([err.name, err.code, err.status, err.expose], ['TypeError', 'ERR_INVALID_ARG_VALUE', undefined, undefined]);
    });

    it('false disables indexes (next())', async () => {
      assert.equal((await get({ index: false }, '/')).text, 'NEXT /');
      const strict = await get({ index: false, fallthrough: false }, '/nested/');
      assert.deepEqual(json(strict), { name: 'NotFoundError', message: 'Not Found', status: 404, statusCode: 404, expose: true });
    });

    it('reports the last index name tried when none exists', async () => {
      const res = await get({ fallthrough: false }, '/.mine/');
      assert.equal(json(res).message, `ENOENT: no such file or directory, stat '${fixture('.mine', 'index.html')}'`);
    });
  });

  describe('lastModified', () => {
    it('sends no Last-Modified when false', async () => {
      const res = await get({ lastModified: false }, '/hello.txt');
      assert.equal(res.headers['last-modified'], undefined);
    });
  });

  describe('maxAge', () => {
    it('turns milliseconds into whole seconds', async () => {
      assert.equal((await get({ maxAge: 1500 }, '/hello.txt')).headers['cache-control'], 'public, max-age=1');
    });

    it('reads ms-format strings', async () => {
      assert.equal((await get({ maxAge: '2h' }, '/hello.txt')).headers['cache-control'], 'public, max-age=7200');
    });

    it('caps at one year and floors negative or unreadable values at 0', async () => {
      assert.equal((await get({ maxAge: '5y' }, '/hello.txt')).headers['cache-control'], 'public, max-age=31536000');
      assert.equal((await get({ maxAge: -5 }, '/hello.txt')).headers['cache-control'], 'public, max-age=0');
      assert.equal((await get({ maxAge: 'soon' }, '/hello.txt')).headers['cache-control'], 'public, max-age=0');
    });

    it('accepts the lower-case alias maxage', async () => {
      assert.equal((await get({ maxage: '1m' }, '/hello.txt')).headers['cache-control'], 'public, max-age=60');
    });
  });

  describe('cacheControl and acceptRanges', () => {
    it('cacheControl: false sends no Cache-Control', async () => {
      assert.equal((await get({ cacheControl: false }, '/hello.txt')).headers['cache-control'], undefined);
    });

    it('acceptRanges: false sends no Accept-Ranges and ignores Range', async () => {
      const res = await get({ acceptRanges: false }, { path: '/digits.txt', headers: { range: 'bytes=0-1' } });
      assert.equal(res.status, 200);
      assert.equal(res.headers['accept-ranges'], undefined);
      assert.equal(res.text, '0123456789');
    });
  });

  describe('redirect', () => {
    const body = (location: string) =>
      '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Redirecting</title>\n</head>\n<body>\n' +
      `<pre>Redirecting to ${location}</pre>\n</body>\n</html>\n`;

    it('answers 301 to the path with a trailing slash, with Express\'s body and headers', async () => {
      const res = await get(undefined, '/nested');
      assert.equal(res.status, 301);
      assert.equal(res.headers.location, '/nested/');
      assert.equal(res.headers['content-type'], 'text/html; charset=UTF-8');
      assert.equal(res.headers['content-security-policy'], "default-src 'none'");
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.equal(res.text, body('/nested/'));
      assert.equal(res.headers['content-length'], String(res.body.length));
    });

    it('keeps the query string and the mount path', async () => {
      const res = await get(undefined, '/static/nested?a=1', '/static');
      assert.equal(res.headers.location, '/static/nested/?a=1');
    });

    it('redirects the bare mount path to the mount path with a slash', async () => {
      const res = await get(undefined, '/static', '/static');
      assert.equal(res.status, 301);
      assert.equal(res.headers.location, '/static/');
    });

    it('keeps percent-encoding in the location', async () => {
      const res = await get(undefined, '/snow%20%E2%98%83');
      assert.equal(res.headers.location, '/snow%20%E2%98%83/');
    });

    it('keeps a fragment the client sent, after the query', async () => {
      assert.equal((await get(undefined, '/nested#top')).headers.location, '/nested/#top');
      assert.equal((await get(undefined, '/nested?a=1#top')).headers.location, '/nested/?a=1#top');
      assert.equal((await get(undefined, '/nested#top?a=1')).headers.location, '/nested/#top?a=1');
    });

    it('redirects an absolute-form target to the same origin, scheme and host in lower case', async () => {
      assert.equal((await get(undefined, 'http://example.com/nested?a=1')).headers.location, 'http://example.com/nested/?a=1');
      assert.equal((await get(undefined, 'HTTP://Example.COM//nested')).headers.location, 'http://example.com/nested/');
      assert.equal((await get(undefined, 'http://example.com/static', '/static')).headers.location, 'http://example.com/static/');
    });

    it('answers HEAD without a body', async () => {
      const res = await get(undefined, { method: 'HEAD', path: '/nested' });
      assert.equal(res.status, 301);
      assert.equal(res.body.length, 0);
    });

    it('false: a directory without slash falls through', async () => {
      assert.equal((await get({ redirect: false }, '/nested')).text, 'NEXT /nested');
      assert.equal((await get({ redirect: false, fallthrough: false }, '/nested')).status, 404);
    });
  });

  describe('setHeaders', () => {
    it('is called with (res, path, stat) before the file headers, which do not override it', async () => {
      const calls: Array<[string, number]> = [];
      const res = await get(
        {
          setHeaders(r, path, stat) {
            calls.push([path, stat.size]);
            r.setHeader('X-Served', 'yes');
            r.setHeader('Cache-Control', 'no-store');
            r.setHeader('Content-Type', 'text/x-custom');
          },
        },
        '/hello.txt',
      );
      assert.deepEqual(calls, [[fixture('hello.txt'), 11]]);
      assert.equal(res.headers['x-served'], 'yes');
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.equal(res.headers['content-type'], 'text/x-custom');
    });

    it('is not called for a missing file or a redirect', async () => {
      let called = 0;
      const options = { setHeaders: () => void called++ };
      await get(options, '/missing');
      await get(options, '/nested');
      assert.equal(called, 0);
    });

    it('an ETag it sets is the one conditional requests are checked against', async () => {
      const options: StaticOptions = { setHeaders: (r) => r.setHeader('ETag', '"custom"') };
      const res = await get(options, { path: '/hello.txt', headers: { 'if-none-match': '"custom"' } });
      assert.equal(res.status, 304);
    });
  });

  describe('conditional requests', () => {
    const etag = () => etagOf(fixture('hello.txt'));
    const lastModified = () => lastModifiedOf(fixture('hello.txt'));

    it('answers 304 to a matching If-None-Match, without body headers', async () => {
      const res = await get(undefined, { path: '/hello.txt', headers: { 'if-none-match': etag() } });
      assert.equal(res.status, 304);
      assert.equal(res.headers['content-type'], undefined);
      assert.equal(res.headers['content-length'], undefined);
      assert.equal(res.headers.etag, etag());
      assert.equal(res.body.length, 0);
    });

    it('answers 304 to If-Modified-Since at the modification time', async () => {
      const res = await get(undefined, { path: '/hello.txt', headers: { 'if-modified-since': lastModified() } });
      assert.equal(res.status, 304);
    });

    it('answers 200 when If-None-Match does not match, whatever If-Modified-Since says', async () => {
      const res = await get(undefined, { path: '/hello.txt', headers: { 'if-none-match': '"other"', 'if-modified-since': lastModified() } });
      assert.equal(res.status, 200);
    });

    it('answers 200 to Cache-Control: no-cache', async () => {
      const res = await get(undefined, { path: '/hello.txt', headers: { 'if-none-match': etag(), 'cache-control': 'no-cache' } });
      assert.equal(res.status, 200);
    });

    it('passes 412 Precondition Failed to next(err) when If-Match fails, even under fallthrough', async () => {
      const res = await get(undefined, { path: '/hello.txt', headers: { 'if-match': '"other"' } });
      assert.equal(res.status, 412);
      assert.deepEqual(json(res), { name: 'PreconditionFailedError', message: 'Precondition Failed', status: 412, statusCode: 412, expose: true });
    });

    it('accepts If-Match with the weak tag, the tag without W/, or *', async () => {
      assert.equal((await get(undefined, { path: '/hello.txt', headers: { 'if-match': etag() } })).status, 200);
      assert.equal((await get(undefined, { path: '/hello.txt', headers: { 'if-match': '"x", ' + etag().slice(2) } })).status, 200);
      assert.equal((await get(undefined, { path: '/hello.txt', headers: { 'if-match': '*' } })).status, 200);
    });

    it('fails If-Match: * when there is no ETag', async () => {
      assert.equal((await get({ etag: false }, { path: '/hello.txt', headers: { 'if-match': '*' } })).status, 412);
    });

    it('answers 412 when modified after If-Unmodified-Since', async () => {
      const res = await get(undefined, { path: '/hello.txt', headers: { 'if-unmodified-since': 'Mon, 01 Jan 2001 00:00:00 GMT' } });
      assert.equal(res.status, 412);
      assert.equal((await get(undefined, { path: '/hello.txt', headers: { 'if-unmodified-since': lastModified() } })).status, 200);
    });
  });

  describe('Range', () => {
    const digits = (range: string, extra: Record<string, string> = {}, method = 'GET') =>
      get(undefined, { method, path: '/digits.txt', headers: { range, ...extra } });

    it('answers 206 with Content-Range for a single range', async () => {
      const res = await digits('bytes=2-4');
      assert.equal(res.status, 206);
      assert.equal(res.headers['content-range'], 'bytes 2-4/10');
      assert.equal(res.headers['content-length'], '3');
      assert.equal(res.text, '234');
    });

    it('serves suffix and open-ended ranges, clamped to the size', async () => {
      assert.equal((await digits('bytes=-3')).text, '789');
      assert.equal((await digits('bytes=7-')).text, '789');
      const long = await digits('bytes=8-100');
      assert.equal(long.headers['content-range'], 'bytes 8-9/10');
    });

    it('merges overlapping ranges into one', async () => {
      const res = await digits('bytes=0-2,1-4');
      assert.equal(res.status, 206);
      assert.equal(res.text, '01234');
    });

    it('answers the whole file for several disjoint ranges', async () => {
      const res = await digits('bytes=0-1,5-6');
      assert.equal(res.status, 200);
      assert.equal(res.text, '0123456789');
    });

    it('passes 416 with Content-Range: bytes */size for an unsatisfiable range', async () => {
      const res = await digits('bytes=20-');
      assert.equal(res.status, 416);
      assert.equal(res.headers['content-range'], 'bytes */10');
      assert.deepEqual(json(res), {
        name: 'RangeNotSatisfiableError',
        message: 'Range Not Satisfiable',
        status: 416,
        statusCode: 416,
        expose: true,
        headers: { 'Content-Range': 'bytes */10' },
      });
    });

    it('honours the range when If-Range carries the ETag or a date not older than the file', async () => {
      assert.equal((await digits('bytes=0-0', { 'if-range': etagOf(fixture('digits.txt')) })).status, 206);
      assert.equal((await digits('bytes=0-0', { 'if-range': lastModifiedOf(fixture('digits.txt')) })).status, 206);
    });

    it('sends the whole file when If-Range does not match', async () => {
      assert.equal((await digits('bytes=0-0', { 'if-range': '"stale"' })).status, 200);
      assert.equal((await digits('bytes=0-0', { 'if-range': 'Mon, 01 Jan 2001 00:00:00 GMT' })).status, 200);
    });

    it('answers HEAD with the range headers and no body', async () => {
      const res = await digits('bytes=0-1', {}, 'HEAD');
      assert.equal(res.status, 206);
      assert.equal(res.headers['content-length'], '2');
      assert.equal(res.body.length, 0);
    });

    it('ignores other units', async () => {
      assert.equal((await digits('items=0-1')).status, 200);
    });
  });

  describe('portico.static.mime', () => {
    it('is a data property, as on express@4 (a debugger or util.inspect sees a value)', () => {
      const ours = Object.getOwnPropertyDescriptor(portico.static, 'mime');
      const theirs = Object.getOwnPropertyDescriptor(express.static, 'mime');
      assert.ok(ours && theirs);
      assert.deepEqual({ ...ours, value: typeof ours.value }, { ...theirs, value: typeof theirs.value });
    });

    it('is mime@1.6: lookup and charsets.lookup', () => {
      assert.equal(portico.static.mime.lookup('a.html'), 'text/html');
      assert.equal(portico.static.mime.charsets.lookup('text/html', ''), 'UTF-8');
    });

    it('define() changes the type the middleware sends', async () => {
      const tmp = makeTempDir('portico-mime-');
      try {
        mkdirSync(join(tmp.dir, 'sub'));
        writeFileSync(join(tmp.dir, 'sub', 'x.porticotest'), 'x');
        portico.static.mime.define({ 'application/x-portico-test': ['porticotest'] });
        const res = await withServer(staticApp(undefined, undefined, tmp.dir), ({ port }) => send(port, { path: '/sub/x.porticotest' }));
        assert.equal(res.headers['content-type'], 'application/x-portico-test');
      } finally {
        tmp.remove();
      }
    });
  });
});
