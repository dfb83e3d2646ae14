import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import portico from '../src/index';
import { withServer, send, type SimpleResponse } from './helpers/server';
import { until } from './helpers/wait-for';
import { runTransfer } from './helpers/file-transfer-app';
import { FILES, fixture, etagOf, lastModifiedOf, makeTempDir, errorFields } from './helpers/file-fixtures';

const run = runTransfer;

function json(res: SimpleResponse): Record<string, unknown> {
  return JSON.parse(res.text) as Record<string, unknown>;
}

/** A callback for sendFile that answers the error's fields (598) or lets the transfer stand. */
function reportTo(res: any, seen?: Array<Error | undefined>) {
  return (err?: Error) => {
    seen?.push(err);
    if (err) res.status(598).json({ ...errorFields(err), headersSent: res.headersSent });
  };
}

describe('res.sendFile(path)', () => {
  describe('path argument', () => {
    it('throws TypeError when the path is missing or empty', async () => {
      assert.equal((await run((_q, res) => res.sendFile())).text, 'THROWN TypeError: path argument is required to res.sendFile');
      assert.equal((await run((_q, res) => res.sendFile(''))).text, 'THROWN TypeError: path argument is required to res.sendFile');
    });

    it('throws TypeError when the path is not a string', async () => {
      assert.equal((await run((_q, res) => res.sendFile(5))).text, 'THROWN TypeError: path must be a string to res.sendFile');
    });

    it('throws TypeError for a relative path without root', async () => {
      const res = await run((_q, res) => res.sendFile('hello.txt'));
      assert.equal(res.text, 'THROWN TypeError: path must be absolute or specify root to res.sendFile');
    });

    it('takes the path literally: percent signs, ? and # are part of the name', async () => {
      const tmp = makeTempDir('portico-sendfile-');
      try {
        writeFileSync(join(tmp.dir, 'a%20b.txt'), 'percent');
        writeFileSync(join(tmp.dir, 'q?x#y.txt'), 'marks');
        assert.equal((await run((_q, res) => res.sendFile(join(tmp.dir, 'a%20b.txt')))).text, 'percent');
        assert.equal((await run((_q, res) => res.sendFile(join(tmp.dir, 'q?x#y.txt')))).text, 'marks');
      } finally {
        tmp.remove();
      }
    });

    it('refuses an absolute path containing a .. segment with 403', async () => {
      const res = await run((_q, res) => res.sendFile(FILES + '/nested/../hello.txt'));
      assert.equal(res.status, 403);
      assert.equal(json(res).name, 'ForbiddenError');
    });

    it('refuses a path with a NUL byte with 400', async () => {
      const res = await run((_q, res) => res.sendFile(FILES + '/hello.txt\0.png'));
      assert.equal(res.status, 400);
      assert.equal(json(res).message, 'Bad Request');
    });
  });

  describe('transfer', () => {
    it('sends the file with Express\'s headers', async () => {
      const res = await run((_q, res) => res.sendFile(fixture('hello.txt')));
      assert.equal(res.status, 200);
      assert.equal(res.text, 'hello world');
      assert.equal(res.headers['content-type'], 'text/plain; charset=UTF-8');
      assert.equal(res.headers['cache-control'], 'public, max-age=0');
      assert.equal(res.headers.etag, etagOf(fixture('hello.txt')));
      assert.equal(res.headers['last-modified'], lastModifiedOf(fixture('hello.txt')));
      assert.equal(res.headers['accept-ranges'], 'bytes');
    });

    it('keeps a status and headers the handler set before', async () => {
      const res = await run((_q, res) => {
        res.status(201).set('Content-Type', 'application/x-mine').set('Cache-Control', 'private');
        res.sendFile(fixture('hello.txt'));
      });
      assert.equal(res.status, 201);
      assert.equal(res.headers['content-type'], 'application/x-mine');
      assert.equal(res.headers['cache-control'], 'private');
    });

    it('answers 304 when the client copy is fresh', async () => {
      const res = await run((_q, res) => res.sendFile(fixture('hello.txt')), { headers: { 'if-none-match': etagOf(fixture('hello.txt')) } });
      assert.equal(res.status, 304);
      assert.equal(res.body.length, 0);
    });

    it('does not turn a non-2xx status into 304', async () => {
      const res = await run((_q, res) => res.status(500).sendFile(fixture('hello.txt')), { headers: { 'if-none-match': '*' } });
      assert.equal(res.status, 500);
      assert.equal(res.text, 'hello world');
    });

    it('answers a range with 206', async () => {
      const res = await run((_q, res) => res.sendFile(fixture('digits.txt')), { headers: { range: 'bytes=3-5' } });
      assert.equal(res.status, 206);
      assert.equal(res.text, '345');
    });

    it('answers HEAD without a body', async () => {
      const res = await run((_q, res) => res.sendFile(fixture('hello.txt')), { method: 'HEAD' });
      assert.equal(res.headers['content-length'], '11');
      assert.equal(res.body.length, 0);
    });

    it('serves the index file for a path ending in a slash', async () => {
      assert.equal((await run((_q, res) => res.sendFile(fixture('nested') + '/'))).text, '<p>nested</p>');
    });
  });

  describe('without a callback', () => {
    it('passes a missing file to next(err) as Express\'s 404 stat error', async () => {
      const res = await run((_q, res) => res.sendFile(fixture('missing.txt')));
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

    it('calls next() (no error) for a directory', async () => {
      assert.equal((await run((_q, res) => res.sendFile(fixture('nested')))).text, 'NEXT');
    });

    it('passes 412 and 416 to next(err)', async () => {
      const failed = await run((_q, res) => res.sendFile(fixture('hello.txt')), { headers: { 'if-match': '"nope"' } });
      assert.equal(failed.status, 412);
      const unsatisfiable = await run((_q, res) => res.sendFile(fixture('hello.txt')), { headers: { range: 'bytes=50-' } });
      assert.equal(unsatisfiable.status, 416);
      assert.equal(unsatisfiable.headers['content-range'], 'bytes */11');
    });
  });

  describe('with a callback fn(err)', () => {
    it('calls fn() without an error once the response has been sent', async () => {
      const seen: Array<[Error | undefined, boolean]> = [];
      const res = await run((_q, res) => res.sendFile(fixture('hello.txt'), (err?: Error) => seen.push([err, res.writableFinished])));
      assert.equal(res.text, 'hello world');
      await new Promise((r) => setImmediate(r));
      assert.deepEqual(seen, [[undefined, true]]);
    });

    it('also takes (path, options, fn)', async () => {
      const seen: Array<Error | undefined> = [];
      const res = await run((_q, res) => res.sendFile('hello.txt', { root: FILES }, reportTo(res, seen)));
      assert.equal(res.text, 'hello world');
      assert.deepEqual(seen, [undefined]);
    });

    it('hands a missing file to fn before anything is sent, so fn can answer', async () => {
      const res = await run((_q, res) => res.sendFile(fixture('missing.txt'), reportTo(res)));
      assert.equal(res.status, 598);
      assert.equal(json(res).code, 'ENOENT');
      assert.equal(json(res).headersSent, false);
    });

    it('hands a directory to fn as an EISDIR error', async () => {
      const res = await run((_q, res) => res.sendFile(fixture('nested'), reportTo(res)));
      assert.deepEqual(json(res), { name: 'Error', message: 'EISDIR, read', code: 'EISDIR', headersSent: false });
    });

    it('hands 403 for a dotfile under deny to fn', async () => {
      const res = await run((_q, res) => res.sendFile(fixture('.dotfile'), { dotfiles: 'deny' }, reportTo(res)));
      assert.equal(json(res).status, 403);
    });

    it('hands a transfer started after the response was sent to fn as a plain Error with status 500', async () => {
      const seen: Error[] = [];
      const res = await run((_q, res) => {
        res.send('first');
        res.sendFile(fixture('hello.txt'), (err: Error) => seen.push(err));
      });
      assert.equal(res.text, 'first');
      await until(() => seen.length > 0, 'fn to be called');
      const [err] = seen;
      assert.ok(err instanceof Error);
      assert.equal(Object.getPrototypeOf(err), Error.prototype);
      assert.equal(err.message, "Can't set headers after they are sent.");
      assert.deepEqual(Object.keys(err), ['expose', 'statusCode', 'status']);
      assert.deepEqual([(err as any).status, (err as any).statusCode, (err as any).expose], [500, 500, false]);
    });

    it('calls fn exactly once', async () => {
      let calls = 0;
      await run((_q, res) => res.sendFile(fixture('hello.txt'), () => void calls++), { headers: { 'if-none-match': '*' } });
      await run((_q, res) => res.sendFile('hello.txt', { root: FILES }, () => void calls++), { method: 'HEAD' });
      await new Promise((r) => setImmediate(r));
      assert.equal(calls, 2);
    });
  });

  describe('client abort', () => {
    /** Starts a big transfer, reads the first bytes, then drops the connection; resolves with what fn/next saw. */
    async function abortMidFile(useCallback: boolean): Promise<{ fnErrors: Error[]; nextErrors: unknown[] }> {
      const tmp = makeTempDir('portico-abort-');
      const big = join(tmp.dir, 'big.bin');
      writeFileSync(big, Buffer.alloc(8 * 1024 * 1024, 7));
      const fnErrors: Error[] = [];
      const nextErrors: unknown[] = [];
      let settle: () => void = () => undefined;
      const settled = new Promise<void>((r) => (settle = r));
      const app = portico();
      app.get('/', (_req: any, res: any) => {
        if (useCallback) {
          res.sendFile(big, (err?: Error) => {
            if (err) fnErrors.push(err);
            settle();
          });
        } else {
          res.sendFile(big);
          res.on('close', () => setTimeout(settle, 50));
        }
      });
      app.use((err: unknown, _req: unknown, _res: unknown, _next: unknown) => void nextErrors.push(err));
      try {
        await withServer(app, async ({ port }) => {
          await new Promise<void>((resolve) => {
            const socket = net.connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
            socket.once('data', () => {
              socket.destroy();
              resolve();
            });
          });
          await settled;
        });
      } finally {
        tmp.remove();
      }
      return { fnErrors, nextErrors };
    }

    it('reports ECONNABORTED to fn', async () => {
      const { fnErrors } = await abortMidFile(true);
      assert.equal(fnErrors.length, 1);
      assert.equal(fnErrors[0].message, 'Request aborted');
      assert.equal((fnErrors[0] as NodeJS.ErrnoException).code, 'ECONNABORTED');
    });

    it('does not call next(err) without fn', async () => {
      const { nextErrors } = await abortMidFile(false);
      assert.deepEqual(nextErrors, []);
    });

    it('reports the error a connection was destroyed with to fn, before anything was sent', async () => {
      let report: (seen: { err?: Error; headersSent: boolean }) => void = () => undefined;
      const reported = new Promise<{ err?: Error; headersSent: boolean }>((r) => (report = r));
      const app = portico();
      app.get('/', (req: any, res: any) => {
        res.sendFile(fixture('hello.txt'), (err?: Error) => report({ err, headersSent: res.headersSent }));
        req.socket.destroy(new Error('broken!'));
      });
      await withServer(app, async ({ port }) => {
        await send(port).catch(() => undefined);
        const seen = await reported;
        assert.equal(seen.err?.message, 'broken!');
        assert.equal(seen.headersSent, false);
      });
    });

    it('reports ECONNABORTED when the connection was already destroyed with an error before the transfer', async () => {
      let report: (err?: Error) => void = () => undefined;
      const reported = new Promise<Error | undefined>((r) => (report = r));
      const app = portico();
      app.get('/', (req: any, res: any) => {
        req.socket.destroy(new Error('broken!'));
        res.sendFile(fixture('hello.txt'), report);
      });
      await withServer(app, async ({ port }) => {
        await send(port).catch(() => undefined);
        const err = (await reported) as NodeJS.ErrnoException;
        assert.deepEqual([err.message, err.code], ['Request aborted', 'ECONNABORTED']);
      });
    });
  });

  describe('options', () => {
    it('root: resolves a relative path inside the root, even through ..', async () => {
      assert.equal((await run((_q, res) => res.sendFile('hello.txt', { root: FILES }))).text, 'hello world');
      assert.equal((await run((_q, res) => res.sendFile('nested/../hello.txt', { root: FILES }))).text, 'hello world');
    });

    it('root: refuses a path that climbs out of the root with 403', async () => {
      const res = await run((_q, res) => res.sendFile('../hello.txt', { root: fixture('nested') }));
      assert.equal(res.status, 403);
      const backslash = await run((_q, res) => res.sendFile('..\\hello.txt', { root: fixture('nested') }));
      assert.equal(backslash.status, 403);
    });

    it('root: an absolute path is taken under the root', async () => {
      assert.equal((await run((_q, res) => res.sendFile('/hello.txt', { root: FILES }))).text, 'hello world');
    });

    it('root: a relative root is resolved from the working directory', async () => {
      const rel = relative(process.cwd(), FILES);
      const res = await run((_q, res) => res.sendFile('missing', { root: rel }));
      assert.equal(json(res).message, `ENOENT: no such file or directory, stat '${fixture('missing')}'`);
    });

    it('maxAge, immutable: set Cache-Control', async () => {
      const res = await run((_q, res) => res.sendFile(fixture('hello.txt'), { maxAge: '10s', immutable: true }));
      assert.equal(res.headers['cache-control'], 'public, max-age=10, immutable');
    });

    it('cacheControl, lastModified, etag, acceptRanges: false turn their header off', async () => {
      const res = await run((_q, res) =>
        res.sendFile(fixture('hello.txt'), { cacheControl: false, lastModified: false, etag: false, acceptRanges: false }),
      );
      assert.equal(res.headers['cache-control'], undefined);
      assert.equal(res.headers['last-modified'], undefined);
      assert.equal(res.headers.etag, undefined);
      assert.equal(res.headers['accept-ranges'], undefined);
      assert.equal(res.text, 'hello world');
    });

    it('headers: are set before the file headers, which do not override them', async () => {
      const res = await run((_q, res) =>
        res.sendFile(fixture('hello.txt'), { headers: { 'X-One': 'a', 'X-List': ['b', 'c'], 'Content-Type': 'text/x-mine' } }),
      );
      assert.equal(res.headers['x-one'], 'a');
      assert.equal(res.headers['x-list'], 'b, c');
      assert.equal(res.headers['content-type'], 'text/x-mine');
      const names = res.rawHeaders.filter((_, i) => i % 2 === 0);
      assert.ok(names.indexOf('X-One') < names.indexOf('Accept-Ranges'));
    });

    it('dotfiles: ignores a dotfile by default (404) but serves files in dot-directories', async () => {
      assert.equal((await run((_q, res) => res.sendFile(fixture('.dotfile')))).status, 404);
      assert.equal((await run((_q, res) => res.sendFile(fixture('.mine', 'file.txt')))).text, 'mine');
    });

    it('dotfiles: deny refuses any dot segment of an absolute path, allow serves', async () => {
      assert.equal((await run((_q, res) => res.sendFile(fixture('.mine', 'file.txt'), { dotfiles: 'deny' }))).status, 403);
      assert.equal((await run((_q, res) => res.sendFile(fixture('.mine', '.hidden'), { dotfiles: 'allow' }))).text, 'hidden');
    });

    it('dotfiles: with a root, only the part below the root is judged', async () => {
      const res = await run((_q, res) => res.sendFile('file.txt', { root: fixture('.mine'), dotfiles: 'deny' }));
      assert.equal(res.text, 'mine');
    });

    it('dotfiles: an invalid value throws TypeError synchronously', async () => {
      const res = await run((_q, res) => res.sendFile(fixture('hello.txt'), { dotfiles: 'maybe' }));
      assert.equal(res.text, 'THROWN TypeError: dotfiles option must be "allow", "deny", or "ignore"');
    });

    it('index: false makes a slash-terminated directory an EISDIR error', async () => {
      const res = await run((_q, res) => res.sendFile(fixture('nested') + '/', { index: false }, reportTo(res)));
      assert.equal(json(res).code, 'EISDIR');
    });

    it('extensions: tries fallbacks for a missing path', async () => {
      assert.equal((await run((_q, res) => res.sendFile(fixture('page'), { extensions: ['html'] }))).text, '<p>page</p>');
    });

    it('start and end: send that window of the file', async () => {
      const res = await run((_q, res) => res.sendFile(fixture('digits.txt'), { start: 2, end: 5 }));
      assert.equal(res.text, '2345');
      assert.equal(res.headers['content-length'], '4');
    });

    it('maxAge: another value counts as its number, and the lower-case maxage is read when maxAge is falsy', async () => {
      const cacheControl = async (options: Record<string, unknown>) =>
        (await run((_q, res) => res.sendFile(fixture('hello.txt'), options))).headers['cache-control'];
      assert.equal(await cacheControl({ maxAge: new Date(5000) }), 'public, max-age=5');
      assert.equal(await cacheControl({ maxAge: [7000] }), 'public, max-age=7');
      assert.equal(await cacheControl({ maxAge: '', maxage: '3s' }), 'public, max-age=3');
      assert.equal(await cacheControl({ maxage: 4000 }), 'public, max-age=4');
      assert.equal(await cacheControl({ maxAge: 2000, maxage: 4000 }), 'public, max-age=2');
      assert.equal(await cacheControl({ maxAge: '' }), 'public, max-age=0');
    });

    it('maxAge: an empty string that is read throws ms\'s error synchronously', async () => {
      const res = await run((_q, res) => res.sendFile(fixture('hello.txt'), { maxage: '' }));
      assert.equal(res.text, 'THROWN Error: val is not a non-empty string or a valid number. val=""');
    });

    it('end: a non-number given counts as its number (null and "" are 0)', async () => {
      assert.equal((await run((_q, res) => res.sendFile(fixture('digits.txt'), { end: '3' }))).text, '0123');
      assert.equal((await run((_q, res) => res.sendFile(fixture('digits.txt'), { end: null }))).text, '0');
      assert.equal((await run((_q, res) => res.sendFile(fixture('digits.txt'), { end: 'x' }))).text, '0123456789');
    });

    it('ignores options that are not an object', async () => {
      assert.equal((await run((_q, res) => res.sendFile(fixture('hello.txt'), null))).text, 'hello world');
      assert.equal((await run((_q, res) => res.sendFile(fixture('hello.txt'), 'x'))).text, 'hello world');
    });
  });
});

describe('res.sendfile(path, [options], [fn]) (deprecated)', () => {
  const cwdRelative = (...parts: string[]) => relative(process.cwd(), fixture(...parts));
  const sendfile = (res: any, ...args: unknown[]) => (res.sendfile as (...a: unknown[]) => void)(...args);

  it('sends a path relative to the working directory and warns once', async () => {
    const warnings: string[] = [];
    const listener = (w: Error) => warnings.push(w.message);
    process.on('warning', listener);
    try {
      const app = portico();
      const file = relative(process.cwd(), join(__dirname, 'fixtures', 'files', 'hello.txt'));
      app.get('/', (_req, res) => (res as unknown as { sendfile(p: string): void }).sendfile(file));
      await withServer(app, async ({ port }) => {
        const r = await send(port);
        assert.equal(r.status, 200);
        assert.equal(r.text, 'hello world');
      });
      await new Promise((r) => setImmediate(r));
      assert.ok(warnings.includes('res.sendfile: Use res.sendFile instead'));
    } finally {
      process.off('warning', listener);
    }
  });

  it('decodes the path as a URL path: %-escapes are read, a malformed one is 400 Bad Request', async () => {
    const encoded = cwdRelative('snow ☃', 'index.html').split('/').map(encodeURIComponent).join('/');
    assert.equal((await run((_q, res) => sendfile(res, encoded))).text, '<p>snow</p>');
    const bad = await run((_q, res) => sendfile(res, cwdRelative('hello.txt') + '%', reportTo(res)));
    assert.deepEqual([bad.status, json(bad).name, json(bad).message], [598, 'BadRequestError', 'Bad Request']);
  });

  it('refuses a .. segment without a root (403), even an encoded one, but allows it inside a root', async () => {
    const up = await run((_q, res) => sendfile(res, cwdRelative('nested') + '/../hello.txt', reportTo(res)));
    assert.deepEqual([up.status, json(up).name], [598, 'ForbiddenError']);
    assert.equal((await run((_q, res) => sendfile(res, fixture('nested') + '/%2e%2e/hello.txt'))).status, 403);
    assert.equal((await run((_q, res) => sendfile(res, 'nested/../hello.txt', { root: FILES }))).text, 'hello world');
  });

  it('serves the index of a path ending in /, and passes a directory without it to next()', async () => {
    assert.equal((await run((_q, res) => sendfile(res, cwdRelative('nested') + '/'))).text, (await run((_q, res) => res.sendFile(fixture('nested', 'index.html')))).text);
    assert.equal((await run((_q, res) => sendfile(res, cwdRelative('nested')))).text, 'NEXT');
  });

  it('uses a non-string path as its string form, and throws Express\'s TypeError for undefined', async () => {
    // 7: the package has a `5/` folder (the portico/5 entry) in the working directory.
    const missing = await run((_q, res) => sendfile(res, 7, reportTo(res)));
    assert.equal(json(missing).message, `ENOENT: no such file or directory, stat '${join(process.cwd(), '7')}'`);
    assert.equal((await run((_q, res) => sendfile(res, [cwdRelative('hello.txt')]))).text, 'hello world');
    const none = await run((_q, res) => sendfile(res, undefined));
    assert.equal(none.text, "THROWN TypeError: Cannot read properties of undefined (reading 'length')");
  });
});
