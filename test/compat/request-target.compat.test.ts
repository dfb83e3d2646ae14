import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import express from 'express';
import fc from 'fast-check';
import type { Application, Request, Response, NextFunction } from 'express';
import portico from '../../src/index';
import { startServer, type RunningServer, type Listener } from '../helpers/server';
import { legacyFrameworks, type LegacyFramework } from '../helpers/legacy-oracle';
import { sendRaw, type RawResponse } from '../helpers/raw-http';
import { makeTempDir } from '../helpers/file-fixtures';
import type { FrameworkLike } from '../helpers/compare';

/**
 * Request-targets Express 4 reads with Node's legacy URL parser: those holding a raw `#` and those in
 * absolute form (`GET http://host/a`, as forward proxies send). The parser escapes `' " < > \` { } | ^`,
 * turns `\` into `/`, finds no pathname in `p://host` and throws on some authorities; routing,
 * `req.path`, `req.query`, express.static and the 404 page see what it returns. The same app runs on
 * Portico and on express@4 and gets the same raw bytes; status, headers and body must agree, and
 * handlers echo the request's URL fields as JSON.
 */

/** What every handler answers: the request fields a target can change. */
function echo(tag: string) {
  return function echoFields(req: Request, res: Response): void {
    res.json({
      tag,
      path: req.path,
      url: req.url,
      originalUrl: req.originalUrl,
      baseUrl: req.baseUrl,
      params: req.params,
      query: req.query,
      hostname: req.hostname,
    });
  };
}

let files: { dir: string; remove: () => void };

function buildApp(fw: FrameworkLike): Application {
  const app = fw();
  app.set('x-powered-by', false);
  // Error pages show the status text, not a stack that names each framework's files.
  app.set('env', 'production');
  app.get("/it's", echo('its'));
  app.get('/it%27s', echo('its-escaped'));
  app.get('/p/:x', echo('p'));
  app.get('/star/*', echo('star'));
  app.get('/', echo('root'));
  const router = fw.Router();
  router.get('/:p', echo('router-p'));
  router.use(echo('router-use'));
  app.use('/r', router);
  const sub = fw();
  sub.set('env', 'production');
  sub.set('x-powered-by', false);
  sub.get('/:p', echo('sub-p'));
  app.use('/sub', sub);
  app.use('/files', fw.static(files.dir));
  app.use('/q', (req: Request, res: Response, next: NextFunction) => (req.method === 'POST' ? echo('q')(req, res) : next()));
  // Errors (a param that does not decode) are answered here rather than logged by the final handler.
  app.use((err: Error & { status?: number }, _req: Request, res: Response, _next: NextFunction) => {
    res.status(err.status ?? 500).json({ error: err.message });
  });
  return app;
}

const servers: { portico?: RunningServer; express?: RunningServer } = {};

before(async () => {
  files = makeTempDir('portico-target-');
  writeFileSync(join(files.dir, "it's.txt"), 'quote\n');
  writeFileSync(join(files.dir, '{c}.txt'), 'braces\n');
  mkdirSync(join(files.dir, "d'q"));
  writeFileSync(join(files.dir, "d'q", 'index.html'), '<p>index</p>\n');
  servers.portico = await startServer(buildApp(portico as unknown as FrameworkLike));
  servers.express = await startServer(buildApp(express));
});

after(async () => {
  await servers.portico?.close();
  await servers.express?.close();
  files.remove();
});

/** The response without what legitimately differs between two servers (the date). */
function comparable(res: RawResponse): { status: number; headers: Array<[string, string]>; body: string } {
  return { status: res.status, headers: res.headerLines.filter(([name]) => name.toLowerCase() !== 'date'), body: res.body };
}

function requestFor(method: string, target: string): string {
  return `${method} ${target} HTTP/1.1\r\nHost: Example.COM:8080\r\nConnection: close\r\n\r\n`;
}

async function both(method: string, target: string): Promise<{ portico: RawResponse; express: RawResponse }> {
  const request = requestFor(method, target);
  const p = await sendRaw((servers.portico as RunningServer).port, request);
  const e = await sendRaw((servers.express as RunningServer).port, request);
  return { portico: p, express: e };
}

async function assertSame(method: string, target: string): Promise<RawResponse> {
  const { portico: p, express: e } = await both(method, target);
  assert.deepEqual(comparable(p), comparable(e), `${method} ${target}`);
  return p;
}

const TARGETS: string[] = [
  // A fragment: the path before it is escaped.
  "/it's#x",
  "/it's",
  '/it%27s#x',
  "/p/a'b#x",
  '/p/a"b<c>d#',
  '/p/a`b{c}d|e^f#',
  '/p/a\\b#x',
  '/p/a\\b',
  '/p/%zz#',
  '/p/%%27#',
  '/p/a%2#',
  "/star/a'b/c#d",
  '/#',
  '/#x',
  '//p/x#y',
  '/p/../p/x#',
  '/p/./x#',
  // `?` before and after `#`.
  "/p/a'b?q='1'&r=<x>#f",
  "/p/a?q='1'#f'?g",
  "/p/a#f?q='1'",
  "/p/a'b?x=%'#",
  "/p/a?x=%'",
  '/p/a?x=\\y#',
  // Mounted routers and apps, the part after the mount point escaped.
  "/r/it's#x",
  "/r/a'b/c#x",
  '/r/a\\b/c#',
  '/r\\x#',
  "/sub/it's#x",
  "/sub/a'b?c'=d'#",
  // express.static.
  "/files/it's.txt#x",
  '/files/{c}.txt#',
  "/files/d'q#x",
  "/files/d'q?a'b#c'd",
  "/files/d'q/#",
  "/files/it's.txt",
  // Absolute form.
  "http://h/p/a'b",
  'http://h/p/a\\b',
  'https://H/p/x?y=1',
  'HTTP://H/it%27s',
  "http://h/it's",
  'http://h',
  'http://h?x=1',
  'http://h#x',
  'http://',
  'p://h/p/x',
  'p://h',
  'p://',
  'ws://h/r/x',
  "javascript://h/a'b?'",
  'http://u:p@h/p/x',
  'http://h:8a/p/x',
  "http://a'b/p/x",
  'http://[x/a',
  'http://xn--/x',
  "http://h/files/d'q?x'",
  'http://H/files/d\'q#f',
  'http://h//files/d\'q',
  "http://h/r/it's?a=b",
  // Asterisk-form and authority-form.
  '*',
  'h:80',
  // Very long targets.
  "/p/" + "a'".repeat(2000) + '#',
  "http://h/r/" + '{}'.repeat(2000),
];

describe('request-targets Express reads with the legacy URL parser, on Portico and express@4', () => {
  for (const target of TARGETS) {
    it(`GET ${target.length > 60 ? target.slice(0, 60) + '…' : target}`, async () => {
      await assertSame('GET', target);
    });
  }

  it('HEAD and POST see the same paths', async () => {
    await assertSame('HEAD', "/it's#x");
    await assertSame('HEAD', "/files/d'q#x");
    await assertSame('POST', "/q/a'b?c'#d");
    await assertSame('POST', "http://h/q/a'b?c'");
  });

  it('OPTIONS * and OPTIONS on an escaped path', async () => {
    await assertSame('OPTIONS', '*');
    await assertSame('OPTIONS', "/p/a'b#x");
    await assertSame('OPTIONS', "http://h/it's");
  });

  it("routes `/it's#x` by the escaped path, as Express does", async () => {
    const res = await assertSame('GET', "/it's#x");
    assert.equal(res.status, 200);
    assert.equal(JSON.parse(res.body).tag, 'its-escaped');
    assert.equal(JSON.parse(res.body).path, '/it%27s');
  });

  it('names the escaped path, `null` or `resource` on the 404 page', async () => {
    const escaped = await assertSame('GET', "/it's/x#y");
    assert.match(escaped.body, /<pre>Cannot GET \/it%27s\/x<\/pre>/);
    const none = await assertSame('GET', 'p://h');
    assert.match(none.body, /<pre>Cannot GET null<\/pre>/);
    const thrown = await assertSame('GET', 'http://[x/a');
    assert.match(thrown.body, /<pre>Cannot GET resource<\/pre>/);
  });

  it('answers targets that differ only in a `?` or `#`, sent in turn, each for itself', async () => {
    // The query parser and the router share the answer for the last target they scanned: a stale one
    // would route `/p/a#x` as `/p/a` or parse `/p/a?x=1`'s query from the target before it.
    const turns = ['/p/a?x=1', '/p/a#x=1', '/p/a', '/p/a?x=1#y', '/p/a?x=1', '/p/a', "/p/a'#", "/p/a'", 'http://h/p/a?x=1', '/p/a?x=1'];
    const queries: unknown[] = [];
    for (const t of turns) queries.push(JSON.parse((await assertSame('GET', t)).body).query);
    assert.deepEqual(queries, [{ x: '1' }, {}, {}, { x: '1' }, { x: '1' }, {}, {}, {}, { x: '1' }, { x: '1' }]);
  });

  it('leaves ordinary `/` targets unescaped, with the same characters and no `#`', async () => {
    const res = await assertSame('GET', "/it's?q='1'");
    assert.equal(JSON.parse(res.body).tag, 'its');
    assert.deepEqual(JSON.parse(res.body).query, { q: "'1'" });
    const braces = await assertSame('GET', '/p/a`b{c}d|e^f"g<h>\\i');
    assert.equal(JSON.parse(braces.body).path, '/p/a`b{c}d|e^f"g<h>\\i');
  });
});

describe('request-targets on Portico and express@4 (property)', () => {
  const char = fc.constantFrom(
    'a', 'b', '/', '/', "'", '"', '<', '>', '\\', '`', '{', '}', '|', '^', '%', '%27', '%2', '?', '#', '.', '..', ':', '@',
    '=', '&', '+', '[', ']', '~', '!', '$', ';', ',', '*', '(', ')',
  );
  const prefix = fc.constantFrom(
    '/', '/p/', '/r/', '/sub/', '/files/', '/star/', '/q/', '//', "/it's", 'http://h/', 'https://H/r/', 'http://h', 'p://h/', 'p://h', 'http://u@h/files/', '*',
  );
  const target = fc.tuple(prefix, fc.array(char, { maxLength: 12 })).map(([start, rest]) => start + rest.join(''));

  it('answers generated targets with the same status, headers and body', async () => {
    await fc.assert(
      fc.asyncProperty(target, fc.constantFrom('GET', 'GET', 'HEAD', 'POST'), async (t, method) => {
        const { portico: p, express: e } = await both(method, t);
        assert.deepEqual(comparable(p), comparable(e), `${method} ${t}`);
      }),
      { numRuns: 1000, seed: 20261128 },
    );
  });
});

describe('deliberate differences from Express 4 (documented in docs/migrating.md)', () => {
  let p: RunningServer;
  let e: RunningServer;

  function buildMounted(fw: FrameworkLike): Application {
    const app = fw();
    app.set('x-powered-by', false);
    const tenant = fw.Router();
    tenant.get('/x', echo('tenant-x'));
    tenant.get('/', echo('tenant-root'));
    tenant.use((req: Request, _res: Response, next: NextFunction) => next());
    app.use('/:tenant', tenant);
    app.use((req: Request, res: Response) => res.json({ tag: 'after', url: req.url }));
    return app;
  }

  before(async () => {
    p = await startServer(buildMounted(portico as unknown as FrameworkLike));
    e = await startServer(buildMounted(express));
  });

  after(async () => {
    await p.close();
    await e.close();
  });

  it('a router mounted where the escaped path was matched is handed the rest of the URL as sent', async () => {
    const request = requestFor('GET', "/it's/x#y");
    const ours = JSON.parse((await sendRaw(p.port, request)).body);
    assert.deepEqual(
      { tag: ours.tag, path: ours.path, url: ours.url, baseUrl: ours.baseUrl, params: ours.params },
      { tag: 'tenant-x', path: '/x', url: '/x#y', baseUrl: '/it%27s', params: {} },
    );
    // Express cuts the URL as sent at the length of the escaped mount path: the router sees `/#y`.
    const theirs = JSON.parse((await sendRaw(e.port, request)).body);
    assert.deepEqual({ tag: theirs.tag, url: theirs.url }, { tag: 'tenant-root', url: '/#y' });
  });

  it('the URL as sent is restored when the mounted router passes the request on', async () => {
    const request = requestFor('GET', "/a'b/z/q#y");
    const ours = JSON.parse((await sendRaw(p.port, request)).body);
    assert.deepEqual(ours, { tag: 'after', url: "/a'b/z/q#y" });
    // Express puts the escaped mount path back in front of what it had cut.
    const theirs = JSON.parse((await sendRaw(e.port, request)).body);
    assert.deepEqual(theirs, { tag: 'after', url: '/a%27b/q#y' });
  });
});

describe('request-targets on portico/legacy and express@3', () => {
  let p: RunningServer;
  let e: RunningServer;

  function buildLegacy(fw: LegacyFramework): Listener {
    const app = fw();
    app.disable('x-powered-by');
    const answer = (tag: string) => (req: Request, res: Response) =>
      res.json({ tag, path: req.path, url: req.url, originalUrl: req.originalUrl, params: { ...req.params }, query: req.query });
    app.get("/it's", answer('its'));
    app.get('/it%27s', answer('its-escaped'));
    app.get('/p/:x', answer('p'));
    const sub = fw();
    sub.disable('x-powered-by');
    sub.get('/:p', answer('sub-p'));
    app.use('/sub', sub);
    app.use('/files', fw.static(files.dir));
    return app;
  }

  before(async () => {
    const [[, legacyPortico], [, express3]] = legacyFrameworks();
    p = await startServer(buildLegacy(legacyPortico));
    e = await startServer(buildLegacy(express3));
  });

  after(async () => {
    await p.close();
    await e.close();
  });

  const LEGACY_TARGETS = [
    "/it's#x", "/it's", '/it%27s#x', "/p/a'b#x", "/p/a'b", '/p/a\\b#x', '/p/a{b}|c^d#', "/p/a?q='1'#f", "/p/a'b?q='1'",
    "/sub/it's#x", "/sub/a'b?c'=d'#", "/files/it's.txt#x", "/files/d'q#x", "/files/d'q?a'b#c'd", "/files/d'q",
    '/files#x', "http://h/files/d'q", "http://h/p/a'b", 'http://h/p/a\\b', 'p://h/p/x', 'p://h', 'http://h', 'http://h:8a/p/x',
    "/nope'x#", '*',
  ];
  for (const target of LEGACY_TARGETS) {
    it(`GET ${target}`, async () => {
      const request = requestFor('GET', target);
      assert.deepEqual(comparable(await sendRaw(p.port, request)), comparable(await sendRaw(e.port, request)), target);
    });
  }

  it('answers 404 where Node\'s legacy URL parser throws on the authority (express@3 answers 500)', async () => {
    const request = requestFor('GET', 'http://[x/a');
    const ours = await sendRaw(p.port, request);
    assert.equal(ours.status, 404);
    assert.equal(ours.body, 'Cannot GET http://[x/a\n');
    const theirs = await sendRaw(e.port, request);
    assert.equal(theirs.status, 500);
  });
});

describe('a URL with whitespace written into req.url by the app (deliberate difference)', () => {
  it('is routed as written, where Express escapes it (the HTTP parser refuses such targets with 400)', async () => {
    function build(fw: FrameworkLike): Application {
      const app = fw();
      app.use((req: Request, _res: Response, next: NextFunction) => {
        req.url = '/p/a b';
        next();
      });
      app.get('/p/:x', (req: Request, res: Response) => res.json({ path: req.path, params: req.params }));
      return app;
    }
    const ours = await startServer(build(portico as unknown as FrameworkLike));
    const theirs = await startServer(build(express));
    try {
      const request = requestFor('GET', '/');
      assert.deepEqual(JSON.parse((await sendRaw(ours.port, request)).body), { path: '/p/a b', params: { x: 'a b' } });
      assert.deepEqual(JSON.parse((await sendRaw(theirs.port, request)).body), { path: '/p/a%20b', params: { x: 'a b' } });
    } finally {
      await ours.close();
      await theirs.close();
    }
  });
});
