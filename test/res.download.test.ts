import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { relative } from 'node:path';

import { runTransfer } from './helpers/file-transfer-app';
import { FILES, fixture, errorFields } from './helpers/file-fixtures';

const run = runTransfer;

/** A download callback answering 598 with the error's fields; `seen` collects every call. */
function reportTo(res: any, seen?: Array<Error | undefined>) {
  return (err?: Error) => {
    seen?.push(err);
    if (err) res.status(598).json(errorFields(err));
  };
}

const HELLO = fixture('hello.txt');

describe('res.download(path, [filename], [options], [fn])', () => {
  describe('(path)', () => {
    it('sends the file as an attachment named after it', async () => {
      const res = await run((_q, res) => res.download(HELLO));
      assert.equal(res.status, 200);
      assert.equal(res.headers['content-disposition'], 'attachment; filename="hello.txt"');
      assert.equal(res.headers['content-type'], 'text/plain; charset=UTF-8');
      assert.equal(res.text, 'hello world');
    });

    it('sends Content-Disposition before the file headers', async () => {
      const res = await run((_q, res) => res.download(HELLO));
      const names = res.rawHeaders.filter((_, i) => i % 2 === 0);
      assert.ok(names.indexOf('Content-Disposition') < names.indexOf('Accept-Ranges'));
    });

    it('resolves a relative path from the working directory', async () => {
      const res = await run((_q, res) => res.download(relative(process.cwd(), HELLO)));
      assert.equal(res.text, 'hello world');
    });

    it('encodes a non-ASCII file name with an ASCII fallback and filename* (RFC 6266)', async () => {
      const res = await run((_q, res) => res.download(fixture('snow ☃', 'index.html'), 'snow ☃.html'));
      assert.equal(res.headers['content-disposition'], 'attachment; filename="snow ?.html"; filename*=UTF-8\'\'snow%20%E2%98%83.html');
    });

    it('passes a missing file to next(err)', async () => {
      const res = await run((_q, res) => res.download(fixture('missing.txt')));
      assert.equal(res.status, 404);
      assert.equal(JSON.parse(res.text).code, 'ENOENT');
    });

    it('calls next() for a directory', async () => {
      assert.equal((await run((_q, res) => res.download(fixture('nested')))).text, 'NEXT');
    });

    it('throws the resolver\'s TypeError without a path', async () => {
      const res = await run((_q, res) => res.download());
      assert.match(res.text, /^THROWN TypeError: The "paths\[0\]" argument must be of type string/);
    });
  });

  describe('(path, filename)', () => {
    it('names the attachment after filename, using only its base name', async () => {
      assert.equal((await run((_q, res) => res.download(HELLO, 'report.pdf'))).headers['content-disposition'], 'attachment; filename="report.pdf"');
      assert.equal((await run((_q, res) => res.download(HELLO, 'a/b/c.txt'))).headers['content-disposition'], 'attachment; filename="c.txt"');
    });

    it('keeps the Content-Type of the file, not of the name', async () => {
      assert.equal((await run((_q, res) => res.download(HELLO, 'report.pdf'))).headers['content-type'], 'text/plain; charset=UTF-8');
    });

    it('escapes quotes and drops control characters from the header', async () => {
      const quoted = await run((_q, res) => res.download(HELLO, 'say "hi".txt'));
      assert.equal(quoted.headers['content-disposition'], 'attachment; filename="say \\"hi\\".txt"');
      const crlf = await run((_q, res) => res.download(HELLO, 'a\r\nSet-Cookie: x=1.txt'));
      assert.equal(crlf.status, 200);
      assert.equal(crlf.headers['set-cookie'], undefined);
      assert.match(String(crlf.headers['content-disposition']), /^attachment; filename="a\?\?Set-Cookie: x=1\.txt"; filename\*=UTF-8''a%0D%0ASet-Cookie%3A%20x%3D1\.txt$/);
    });

    it('throws TypeError for a filename that is not a string', async () => {
      assert.equal((await run((_q, res) => res.download(HELLO, 5))).text, 'THROWN TypeError: filename must be a string');
    });

    it('falls back to the file name for an empty or null filename', async () => {
      assert.equal((await run((_q, res) => res.download(HELLO, ''))).headers['content-disposition'], 'attachment; filename="hello.txt"');
      assert.equal((await run((_q, res) => res.download(HELLO, null))).headers['content-disposition'], 'attachment; filename="hello.txt"');
    });
  });

  describe('(path, fn) and (path, filename, fn)', () => {
    it('calls fn() after a successful transfer', async () => {
      const seen: Array<Error | undefined> = [];
      const res = await run((_q, res) => res.download(HELLO, reportTo(res, seen)));
      assert.equal(res.text, 'hello world');
      assert.deepEqual(seen, [undefined]);
      const named = await run((_q, res) => res.download(HELLO, 'x.txt', reportTo(res)));
      assert.equal(named.headers['content-disposition'], 'attachment; filename="x.txt"');
    });

    it('hands errors to fn, which answers', async () => {
      const res = await run((_q, res) => res.download(fixture('missing.txt'), 'x.txt', reportTo(res)));
      assert.equal(res.status, 598);
      assert.equal(JSON.parse(res.text).code, 'ENOENT');
      const dir = await run((_q, res) => res.download(fixture('nested') + '/', { index: false }, reportTo(res)));
      assert.equal(JSON.parse(dir.text).code, 'EISDIR');
    });
  });

  describe('(path, filename, options, fn) and (path, options)', () => {
    it('applies the file-transfer options', async () => {
      const res = await run((_q, res) =>
        res.download(HELLO, 'x.txt', { maxAge: 5000, immutable: true, lastModified: false, acceptRanges: false, etag: false }),
      );
      assert.equal(res.headers['cache-control'], 'public, max-age=5, immutable');
      assert.equal(res.headers['last-modified'], undefined);
      assert.equal(res.headers['accept-ranges'], undefined);
      assert.equal(res.headers.etag, undefined);
    });

    it('takes an object in second place as the options', async () => {
      const res = await run((_q, res) => res.download(HELLO, { headers: { 'X-Extra': '1' } }));
      assert.equal(res.headers['x-extra'], '1');
      assert.equal(res.headers['content-disposition'], 'attachment; filename="hello.txt"');
      const withFn = await run((_q, res) => res.download(HELLO, { maxAge: '1m' }, reportTo(res)));
      assert.equal(withFn.headers['cache-control'], 'public, max-age=60');
    });

    it('merges options.headers but overrides any Content-Disposition in them, whatever its case', async () => {
      const res = await run((_q, res) =>
        res.download(HELLO, 'x.txt', { headers: { 'content-disposition': 'inline', 'Content-DISPOSITION': 'inline', 'X-A': 'b' } }),
      );
      assert.equal(res.headers['content-disposition'], 'attachment; filename="x.txt"');
      assert.equal(res.headers['x-a'], 'b');
    });

    it('lets options.headers set Content-Type', async () => {
      const res = await run((_q, res) => res.download(HELLO, 'x.txt', { headers: { 'Content-Type': 'application/x-thing' } }));
      assert.equal(res.headers['content-type'], 'application/x-thing');
    });

    it('does not modify the caller\'s options object', async () => {
      const options = { maxAge: 1000, headers: { 'X-A': 'b' } };
      await run((_q, res) => res.download(HELLO, 'x.txt', options));
      assert.deepEqual(options, { maxAge: 1000, headers: { 'X-A': 'b' } });
    });

    it('root: resolves a relative path in the root', async () => {
      const res = await run((_q, res) => res.download('hello.txt', 'n.txt', { root: FILES }));
      assert.equal(res.text, 'hello world');
      assert.equal(res.headers['content-disposition'], 'attachment; filename="n.txt"');
    });

    it('root: refuses a path that climbs out of the root with 403', async () => {
      const res = await run((_q, res) => res.download('../../package.json', { root: FILES }, reportTo(res)));
      assert.equal(res.status, 598);
      assert.equal(JSON.parse(res.text).status, 403);
    });

    it('root: an absolute path is taken below the root, as Express does', async () => {
      const res = await run((_q, res) => res.download(HELLO, 'x.txt', { root: FILES }, reportTo(res)));
      assert.equal(JSON.parse(res.text).code, 'ENOENT');
    });

    it('dotfiles: applies to the downloaded path', async () => {
      const res = await run((_q, res) => res.download(fixture('.dotfile'), reportTo(res)));
      assert.equal(JSON.parse(res.text).name, 'NotFoundError');
      const allowed = await run((_q, res) => res.download(fixture('.dotfile'), { dotfiles: 'allow' }));
      assert.equal(allowed.text, 'dot');
    });

    it('answers a range request with 206 and keeps the attachment header', async () => {
      const res = await run((_q, res) => res.download(fixture('digits.txt')), { headers: { range: 'bytes=0-3' } });
      assert.equal(res.status, 206);
      assert.equal(res.text, '0123');
      assert.equal(res.headers['content-disposition'], 'attachment; filename="digits.txt"');
    });
  });
});
