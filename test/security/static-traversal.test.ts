import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import portico from '../../src/index';
import { startServer, type RunningServer } from '../helpers/server';
import { sendRaw } from '../helpers/raw-http';
import { makeTempDir } from '../helpers/file-fixtures';

/*
 * Path traversal against portico.static, in every spelling. The layout, made per run:
 *   <tmp>/secret.txt            must never be served
 *   <tmp>/public/hello.txt      the root's content
 *   <tmp>/public/sub/inner.txt
 *   <tmp>/public/outside-link   a symlink to ../secret.txt, created here (never committed)
 */

const SECRET = 'TOP-SECRET-CONTENT';

let tmp: ReturnType<typeof makeTempDir>;
let strict: RunningServer;
let lenient: RunningServer;

/** GET with the target sent byte for byte (node's client would normalise or refuse some of these). */
async function get(server: RunningServer, target: string) {
  return sendRaw(server.port, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
}

function appFor(root: string, fallthrough: boolean) {
  const app = portico();
  app.use(portico.static(root, { fallthrough }));
  app.use((req: any, res: any) => {
    res.status(404).end('NEXT');
  });
  app.use((err: any, _req: unknown, res: any, _next: unknown) => {
    res.status(err.status ?? 500).end('ERR ' + err.status);
  });
  return app;
}

before(async () => {
  tmp = makeTempDir('portico-traversal-');
  const root = join(tmp.dir, 'public');
  mkdirSync(join(root, 'sub'), { recursive: true });
  writeFileSync(join(tmp.dir, 'secret.txt'), SECRET);
  writeFileSync(join(root, 'hello.txt'), 'hello');
  writeFileSync(join(root, 'sub', 'inner.txt'), 'inner');
  symlinkSync(join(tmp.dir, 'secret.txt'), join(root, 'outside-link'));
  strict = await startServer(appFor(root, false));
  lenient = await startServer(appFor(root, true));
});

after(async () => {
  await strict.close();
  await lenient.close();
  tmp.remove();
});

describe('portico.static: path traversal', () => {
  const forbidden = [
    '/../secret.txt',
    '/..%2fsecret.txt',
    '/..%2Fsecret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E%2Fsecret.txt',
    '/.%2e/secret.txt',
    '/sub/..%2f..%2fsecret.txt',
    '/sub/%2e%2e/%2e%2e/secret.txt',
    '/..%5csecret.txt',
    '/..\\secret.txt',
    '/sub/..%5c..%5csecret.txt',
    '/..',
    '/..%2f',
  ];
  for (const target of forbidden) {
    it(`answers 403 to ${target} and never the file above the root`, async () => {
      const res = await get(strict, target);
      assert.equal(res.status, 403);
      assert.ok(!res.body.includes(SECRET));
    });
  }

  it('falls through (next()) on traversal attempts under fallthrough', async () => {
    for (const target of forbidden) {
      const res = await get(lenient, target);
      assert.equal(res.body, 'NEXT', target);
    }
  });

  it('serves a .. that stays inside the root, as Express does', async () => {
    const res = await get(strict, '/sub/..%2fhello.txt');
    assert.equal(res.status, 200);
    assert.equal(res.body, 'hello');
  });

  it('decodes once: double-encoded dots are a literal name (404), not a traversal', async () => {
    for (const target of ['/%252e%252e/secret.txt', '/%252e%252e%252fsecret.txt', '/..%252fsecret.txt']) {
      const res = await get(strict, target);
      assert.equal(res.status, 404, target);
      assert.ok(!res.body.includes(SECRET));
    }
  });

  it('answers 400 to a NUL byte, encoded or after decoding', async () => {
    assert.equal((await get(strict, '/hello.txt%00.png')).status, 400);
    assert.equal((await get(strict, '/%00')).status, 400);
    assert.equal((await get(lenient, '/hello.txt%00')).body, 'NEXT');
  });

  it('answers 400 to overlong UTF-8 dots (%c0%ae), which are not valid escapes', async () => {
    assert.equal((await get(strict, '/%c0%ae%c0%ae/secret.txt')).status, 400);
  });

  it('takes an encoded absolute path as relative to the root', async () => {
    const res = await get(strict, '/' + encodeURIComponent(join(tmp.dir, 'secret.txt')));
    assert.equal(res.status, 404);
    assert.ok(!res.body.includes(SECRET));
  });

  it('answers an overlong path with 404 (ENAMETOOLONG) and keeps serving', async () => {
    const long = await get(strict, '/' + 'a'.repeat(8000));
    assert.equal(long.status, 404);
    const deep = await get(strict, '/' + 'a/'.repeat(3000) + 'x');
    assert.equal(deep.status, 404);
    assert.equal((await get(strict, '/hello.txt')).status, 200);
  });

  it('follows a symlink the request names, even to a file outside the root (as Express does; documented)', async () => {
    // The root is trusted: links placed inside it are served. docs/static-files.md says so.
    const res = await get(strict, '/outside-link');
    assert.equal(res.status, 200);
    assert.equal(res.body, SECRET);
  });

  it('never serves the secret for any mix of dots, slashes, backslashes and escapes (property)', async () => {
    const segment = fc.constantFrom('..', '.', '%2e%2e', '%2E.', '.%2e', 'sub', 'secret.txt', '%2f', '%5c', '\\', '%00', '%', '%252e', 'hello.txt', '');
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 8 }), async (parts) => {
        const target = '/' + parts.join('/');
        const res = await get(strict, target);
        assert.ok(!res.body.includes(SECRET), target);
        assert.ok([200, 301, 400, 403, 404].includes(res.status), `${target} → ${res.status}`);
      }),
      { numRuns: 150 },
    );
  });
});
