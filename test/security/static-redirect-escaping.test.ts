import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import portico from '../../src/index';
import { startServer, type RunningServer } from '../helpers/server';
import { sendRaw } from '../helpers/raw-http';
import { makeTempDir } from '../helpers/file-fixtures';

/*
 * The 2024 advisories on `send` and `serve-static` (template injection through the redirect
 * body): whatever the request path and query, the trailing-slash redirect and the error pages
 * for static errors must not echo markup. Directories with hostile names are created per run.
 */

let tmp: ReturnType<typeof makeTempDir>;
let server: RunningServer;
let strictServer: RunningServer;

function get(srv: RunningServer, target: string) {
  return sendRaw(srv.port, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
}

before(async () => {
  tmp = makeTempDir('portico-redirect-');
  for (const name of ['dir', '<img src=x onerror=alert(1)>', '"quoted"', "it's", 'a&b']) {
    mkdirSync(join(tmp.dir, name));
    writeFileSync(join(tmp.dir, name, 'index.html'), 'ok');
  }
  const app = portico();
  app.use('/m', portico.static(tmp.dir));
  app.use(portico.static(tmp.dir));
  server = await startServer(app);
  const strict = portico();
  strict.use(portico.static(tmp.dir, { fallthrough: false }));
  strictServer = await startServer(strict);
});

after(async () => {
  await server.close();
  await strictServer.close();
  tmp.remove();
});

/** The body's text between <pre> and </pre>, where the location is written. */
function preText(body: string): string {
  const match = /<pre>([\s\S]*)<\/pre>/.exec(body);
  return match ? match[1] : '';
}

describe('portico.static: redirect bodies never echo markup', () => {
  const hostileTargets = [
    '/%3Cimg%20src=x%20onerror=alert(1)%3E',
    '/%22quoted%22',
    "/it's",
    '/a&b',
    '/dir?<script>alert(1)</script>',
    '/dir?a="b"&c=\'d\'',
    '/dir?%3Cscript%3E',
    '/m/%3Cimg%20src=x%20onerror=alert(1)%3E?x=<b>',
  ];
  for (const target of hostileTargets) {
    it(`escapes ${target}`, async () => {
      const res = await get(server, target);
      assert.equal(res.status, 301);
      const location = res.headers.location[0];
      assert.doesNotMatch(location, /[<>"\s]/, 'Location is URL-encoded');
      assert.doesNotMatch(preText(res.body), /[<>"']/, 'body text is HTML-escaped');
      assert.ok(res.body.startsWith('<!DOCTYPE html>'));
    });
  }

  it('writes & and \' as entities in the body', async () => {
    const res = await get(server, "/dir?a=1&b='2'");
    assert.equal(res.headers.location[0], "/dir/?a=1&b='2'");
    assert.equal(preText(res.body), 'Redirecting to /dir/?a=1&amp;b=&#39;2&#39;');
  });

  it('collapses leading slashes so the location cannot become protocol-relative', async () => {
    const res = await get(server, '//evil.example/../dir');
    assert.ok(res.status === 301 || res.status === 404 || res.status === 403, String(res.status));
    if (res.status === 301) assert.ok(!res.headers.location[0].startsWith('//'));
    const slashes = await get(server, '///dir');
    assert.equal(slashes.headers.location[0], '/dir/');
  });

  it('holds for arbitrary query strings (property)', async () => {
    const queryChar = fc.constantFrom('<', '>', '"', "'", '&', 'a', '=', '%', '3C', ';', '(', ')', '/', '`');
    await fc.assert(
      fc.asyncProperty(fc.array(queryChar, { minLength: 1, maxLength: 20 }), async (chars) => {
        const res = await get(server, '/dir?' + chars.join(''));
        assert.equal(res.status, 301);
        assert.doesNotMatch(preText(res.body), /[<>"']/);
        assert.doesNotMatch(res.headers.location[0], /[<>"\s]/);
      }),
      { numRuns: 100 },
    );
  });

  it('error pages for static errors do not echo the path unescaped', async () => {
    for (const target of ['/%3Cscript%3Ealert(1)%3C%2Fscript%3E', '/..%2f%3Cscript%3E', '/%3Cb%3E%00']) {
      const res = await get(strictServer, target);
      assert.ok(res.status >= 400, target);
      assert.ok(!res.body.includes('<script>'), target);
      assert.ok(!res.body.includes('<b>'), target);
    }
  });
});
