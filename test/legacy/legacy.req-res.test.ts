import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import legacy from '../../src/legacy/index';
import { withServer, send } from '../helpers/server';

describe('legacy req.accepts(types)', () => {
  it('returns the best match, or undefined when nothing is acceptable', async () => {
    const app = legacy();
    app.get('/', (req: any, res: any) => res.send(String(req.accepts(['json', 'html']))));
    await withServer(app, async ({ port }) => {
      assert.equal((await send(port, { headers: { accept: 'text/html' } })).text, 'html');
      assert.equal((await send(port, { headers: { accept: 'image/png' } })).text, 'undefined');
    });
  });
});

describe('legacy req.accepted, req.acceptedLanguages, req.acceptedCharsets', () => {
  it('list the header values from highest quality to lowest', async () => {
    const app = legacy();
    app.get('/', (req: any, res: any) =>
      res.send({
        types: req.accepted.map((t: any) => [t.value, t.quality, t.type, t.subtype]),
        languages: req.acceptedLanguages,
        charsets: req.acceptedCharsets,
      }),
    );
    await withServer(app, async ({ port }) => {
      const r = await send(port, {
        headers: {
          accept: 'text/plain;q=0.5, application/json, text/html;q=0.8',
          'accept-language': 'en;q=0.2, fr, de;q=0.7',
          'accept-charset': 'iso-8859-1;q=0.3, utf-8',
        },
      });
      assert.deepEqual(JSON.parse(r.text), {
        types: [
          ['application/json', 1, 'application', 'json'],
          ['text/html', 0.8, 'text', 'html'],
          ['text/plain', 0.5, 'text', 'plain'],
        ],
        languages: ['fr', 'de', 'en'],
        charsets: ['utf-8', 'iso-8859-1'],
      });
    });
  });
});

describe('legacy req.acceptsCharset(charset) and req.acceptsLanguage(lang)', () => {
  it('answer true when acceptable or when the header is absent, false otherwise', async () => {
    const app = legacy();
    app.get('/', (req: any, res: any) => res.send([req.acceptsCharset('utf-8'), req.acceptsLanguage('fr')].join(',')));
    await withServer(app, async ({ port }) => {
      assert.equal((await send(port)).text, 'true,true');
      const r = await send(port, { headers: { 'accept-charset': 'iso-8859-1', 'accept-language': 'en' } });
      assert.equal(r.text, 'false,false');
    });
  });
});

describe('legacy req.is(type)', () => {
  it('returns a Boolean, also without a body', async () => {
    const app = legacy();
    app.post('/', (req: any, res: any) => res.send(JSON.stringify([req.is('json'), req.is('html')])));
    app.get('/', (req: any, res: any) => res.send(JSON.stringify(req.is('json'))));
    await withServer(app, async ({ port }) => {
      const r = await send(port, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      assert.equal(r.text, '[true,false]');
      assert.equal((await send(port)).text, 'false');
    });
  });
});

describe('legacy req.host', () => {
  it('is the host name without the port', async () => {
    const app = legacy();
    app.get('/', (req: any, res: any) => res.send(String(req.host)));
    await withServer(app, async ({ port }) => {
      assert.equal((await send(port, { headers: { host: 'example.com:8080' } })).text, 'example.com');
    });
  });
});

describe('legacy res.send([status], [body])', () => {
  it('accepts the status first, and the body then status', async () => {
    const app = legacy();
    app.get('/a', (_req: any, res: any) => res.send(201, 'created'));
    app.get('/b', (_req: any, res: any) => res.send('accepted', 202));
    app.get('/c', (_req: any, res: any) => res.send(404));
    app.get('/d', (_req: any, res: any) => res.send(500, { error: 'x' }));
    await withServer(app, async ({ port }) => {
      const a = await send(port, { path: '/a' });
      assert.deepEqual([a.status, a.text], [201, 'created']);
      const b = await send(port, { path: '/b' });
      assert.deepEqual([b.status, b.text], [202, 'accepted']);
      const c = await send(port, { path: '/c' });
      assert.deepEqual([c.status, c.text, c.headers['content-type']], [404, 'Not Found', 'text/plain; charset=utf-8']);
      const d = await send(port, { path: '/d' });
      assert.deepEqual([d.status, JSON.parse(d.text)], [500, { error: 'x' }]);
    });
  });

  it('does not emit deprecation warnings for the 3.x forms', async () => {
    const warnings: string[] = [];
    const listener = (w: Error) => warnings.push(w.message);
    process.on('warning', listener);
    try {
      const app = legacy();
      app.get('/', (_req: any, res: any) => res.send(200, 'ok'));
      await withServer(app, async ({ port }) => {
        await send(port);
      });
      await new Promise((r) => setImmediate(r));
      assert.deepEqual(warnings.filter((w) => w.includes('res.send')), []);
    } finally {
      process.off('warning', listener);
    }
  });
});

describe('legacy res.json([status], [body]) and res.jsonp', () => {
  it('accept the status first', async () => {
    const app = legacy();
    app.get('/j', (_req: any, res: any) => res.json(400, { ok: false }));
    app.get('/p', (_req: any, res: any) => res.jsonp(201, { ok: true }));
    await withServer(app, async ({ port }) => {
      const j = await send(port, { path: '/j' });
      assert.deepEqual([j.status, j.text], [400, '{"ok":false}']);
      const p = await send(port, { path: '/p?callback=cb' });
      assert.equal(p.status, 201);
      assert.match(p.text, /cb\(\{"ok":true\}\);$/);
    });
  });
});

describe('legacy res.charset', () => {
  it('labels a Content-Type without charset when the headers go out, however it was set', async () => {
    const app = legacy();
    app.get('/type', (_req: any, res: any) => ((res.charset = 'iso-8859-1'), res.type('txt'), res.end('x')));
    app.get('/raw', (_req: any, res: any) => ((res.charset = 'iso-8859-1'), res.setHeader('Content-Type', 'text/plain'), res.end('x')));
    app.get('/buffer', (_req: any, res: any) => ((res.charset = 'iso-8859-1'), res.send(Buffer.from('x'))));
    app.get('/own', (_req: any, res: any) => ((res.charset = 'iso-8859-1'), res.set('Content-Type', 'text/plain; charset=utf-16'), res.end('x')));
    await withServer(app, async ({ port }) => {
      assert.equal((await send(port, { path: '/type' })).headers['content-type'], 'text/plain; charset=iso-8859-1');
      assert.equal((await send(port, { path: '/raw' })).headers['content-type'], 'text/plain; charset=iso-8859-1');
      assert.equal((await send(port, { path: '/buffer' })).headers['content-type'], 'application/octet-stream; charset=iso-8859-1');
      assert.equal((await send(port, { path: '/own' })).headers['content-type'], 'text/plain; charset=utf-16');
    });
  });

  it('does not change string and JSON bodies, which res.send and res.json label utf-8', async () => {
    const app = legacy();
    app.get('/', (_req: any, res: any) => ((res.charset = 'iso-8859-1'), res.send('hello')));
    app.get('/json', (_req: any, res: any) => ((res.charset = 'iso-8859-1'), res.json({ a: 1 })));
    await withServer(app, async ({ port }) => {
      assert.equal((await send(port)).headers['content-type'], 'text/html; charset=utf-8');
      assert.equal((await send(port, { path: '/json' })).headers['content-type'], 'application/json; charset=utf-8');
    });
  });
});

describe('legacy res.set(field, value)', () => {
  it('sets a Content-Type as given, with no default charset', async () => {
    const app = legacy();
    app.get('/', (_req: any, res: any) => (res.set('Content-Type', 'text/plain'), res.end('x')));
    app.get('/object', (_req: any, res: any) => (res.set({ 'Content-Type': 'text/x-foo', 'X-A': 1 }), res.end('x')));
    app.get('/type', (_req: any, res: any) => (res.type('html'), res.end('x')));
    await withServer(app, async ({ port }) => {
      assert.equal((await send(port)).headers['content-type'], 'text/plain');
      const obj = await send(port, { path: '/object' });
      assert.deepEqual([obj.headers['content-type'], obj.headers['x-a']], ['text/x-foo', '1']);
      assert.equal((await send(port, { path: '/type' })).headers['content-type'], 'text/html');
    });
  });
});

describe('legacy res.send(status, number)', () => {
  it('sends a number or Boolean after a status as JSON', async () => {
    const app = legacy();
    app.get('/', (_req: any, res: any) => res.send(201, 5));
    app.get('/unknown', (_req: any, res: any) => res.send(999));
    await withServer(app, async ({ port }) => {
      const r = await send(port);
      assert.deepEqual([r.status, r.headers['content-type'], r.text], [201, 'application/json; charset=utf-8', '5']);
      const unknown = await send(port, { path: '/unknown' });
      assert.deepEqual([unknown.status, unknown.headers['content-type'], unknown.text], [999, 'text/plain', '']);
    });
  });
});

describe('legacy res.redirect([status], url)', () => {
  it('answers with the 3.x bodies: text, or a paragraph with an escaped link', async () => {
    const app = legacy();
    app.get('/', (_req: any, res: any) => res.redirect('http://example.com/?a=1&b=2'));
    app.get('/moved', (_req: any, res: any) => res.redirect(301, '/new'));
    app.get('/back', (_req: any, res: any) => res.redirect('back'));
    await withServer(app, async ({ port }) => {
      const text = await send(port, { headers: { accept: 'text/plain' } });
      assert.deepEqual([text.status, text.headers['content-type'], text.headers.vary], [302, 'text/plain; charset=UTF-8', 'Accept']);
      assert.equal(text.text, 'Found. Redirecting to http://example.com/?a=1&b=2');
      const html = await send(port, { headers: { accept: 'text/html' } });
      assert.equal(html.headers['content-type'], 'text/html; charset=UTF-8');
      assert.equal(html.text, '<p>Found. Redirecting to <a href="http://example.com/?a=1&amp;b=2">http://example.com/?a=1&amp;b=2</a></p>');
      const other = await send(port, { headers: { accept: 'image/png' } });
      assert.deepEqual([other.headers['content-type'], other.text], [undefined, '']);
      const moved = await send(port, { path: '/moved', headers: { accept: 'text/plain' } });
      assert.deepEqual([moved.status, moved.headers.location, moved.text], [301, '/new', 'Moved Permanently. Redirecting to /new']);
      assert.equal((await send(port, { path: '/back', headers: { referer: '/prev' } })).headers.location, '/prev');
      const head = await send(port, { method: 'HEAD', path: '/moved' });
      assert.equal(head.text, '');
    });
  });
});

describe('legacy res.contentType(type)', () => {
  it('is an alias of res.type', async () => {
    const app = legacy();
    app.get('/', (_req: any, res: any) => res.contentType('json').send('{}'));
    await withServer(app, async ({ port }) => {
      assert.equal((await send(port)).headers['content-type'], 'application/json; charset=utf-8');
    });
  });
});

describe('legacy res.redirect([status], url) and res.location(url)', () => {
  it('resolves a bare relative URL against the mount point and ./ against the current path', async () => {
    const app = legacy();
    const admin = legacy();
    admin.get('/users/list', (req: any, res: any) => res.redirect(req.query.to));
    admin.get('/moved', (_req: any, res: any) => res.redirect(301, 'elsewhere'));
    app.use('/admin', admin);
    await withServer(app, async ({ port }) => {
      const bare = await send(port, { path: '/admin/users/list?to=login' });
      assert.deepEqual([bare.status, bare.headers.location], [302, '/admin/login']);
      const dot = await send(port, { path: '/admin/users/list?to=../edit' });
      assert.equal(dot.headers.location, '/admin/users/edit');
      const abs = await send(port, { path: '/admin/users/list?to=/home' });
      assert.equal(abs.headers.location, '/home');
      const url = await send(port, { path: '/admin/users/list?to=http://example.com/x' });
      assert.equal(url.headers.location, 'http://example.com/x');
      const moved = await send(port, { path: '/admin/moved' });
      assert.deepEqual([moved.status, moved.headers.location], [301, '/admin/elsewhere']);
    });
  });
});

describe('legacy res.locals', () => {
  it('is request-scoped and merges when called', async () => {
    const app = legacy();
    app.use((_req: any, res: any, next: any) => {
      res.locals({ user: 'ann' });
      res.locals.role = 'admin';
      next();
    });
    app.get('/', (_req: any, res: any) => res.send(typeof res.locals + ' ' + res.locals.user + ' ' + res.locals.role));
    app.get('/other', (_req: any, res: any) => res.send(String(res.locals.seen)));
    await withServer(app, async ({ port }) => {
      assert.equal((await send(port)).text, 'function ann admin');
      assert.equal((await send(port, { path: '/other' })).text, 'undefined');
    });
  });
});

describe('legacy res.sendfile(path, [options], [fn]) and res.download(path, [filename], [fn])', () => {
  it('sends a file relative to root or to the working directory, and downloads as attachment', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-legacy-'));
    writeFileSync(join(dir, 'hello.txt'), 'hello file');
    try {
      const app = legacy();
      app.get('/root', (_req: any, res: any) => res.sendfile('hello.txt', { root: dir, maxAge: 60000 }));
      // A `..` segment without a root is refused, so the working-directory case uses a file below it.
      app.get('/cwd', (_req: any, res: any) => res.sendfile(relative(process.cwd(), join(__dirname, '..', 'fixtures', 'files', 'hello.txt'))));
      app.get('/missing', (_req: any, res: any) => res.sendfile('nope.txt', { root: dir }, (err: any) => res.send(500, 'cb ' + err.code)));
      app.get('/dl', (_req: any, res: any) => res.download(join(dir, 'hello.txt'), 'greeting.txt'));
      await withServer(app, async ({ port }) => {
        const root = await send(port, { path: '/root' });
        assert.deepEqual([root.status, root.text, root.headers['cache-control']], [200, 'hello file', 'public, max-age=60']);
        assert.equal((await send(port, { path: '/cwd' })).text, 'hello world');
        const missing = await send(port, { path: '/missing' });
        assert.deepEqual([missing.status, missing.text], [500, 'cb ENOENT']);
        const dl = await send(port, { path: '/dl' });
        assert.equal(dl.headers['content-disposition'], 'attachment; filename="greeting.txt"');
        assert.equal(dl.text, 'hello file');
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('legacy app.render(view, [options], callback)', () => {
  it('renders with a registered engine without sending anything', async () => {
    const app = legacy();
    app.engine('str', (_path: string, options: any, cb: any) => cb(null, 'Hello ' + options.who));
    app.set('views', __dirname);
    app.locals({ who: 'app' });
    const html = await new Promise<string>((resolve, reject) =>
      app.render('anything.str', (err: Error | null, out?: string) => (err ? reject(err) : resolve(out as string))),
    ).catch((e: Error) => e.message);
    // The view file does not exist: the lookup error names it.
    assert.match(html, /Failed to lookup view "anything.str"/);
  });
});

describe('legacy middleware on the legacy function', () => {
  it('exposes the 3.x middleware names as functions', () => {
    for (const name of ['bodyParser', 'compress', 'cookieParser', 'cookieSession', 'csrf', 'directory', 'basicAuth', 'static']) {
      assert.equal(typeof (legacy as any)[name], 'function', name);
    }
  });
});

describe('legacy ETag of res.send', () => {
  it('is the 3.x tag: length in hex and the MD5 in base64, weak by default', async () => {
    const app = legacy();
    app.get('/', (req: any, res: any) => res.send(String(req.query.b ?? '')));
    app.get('/json', (_req: any, res: any) => res.json({ a: 1 }));
    await withServer(app, async ({ port }) => {
      assert.equal((await send(port, { path: '/?b=hello' })).headers.etag, 'W/"5-XUFAKrxLKna5cZ2REBfFkg"');
      assert.equal((await send(port, { path: '/' })).headers.etag, 'W/"0-1B2M2Y8AsgTpgAmY7PhCfg"');
      assert.equal((await send(port, { path: '/json' })).headers.etag, 'W/"7-u2y1xo30ZSlByvZSo2by2A"');
      const fresh = await send(port, { path: '/?b=hello', headers: { 'if-none-match': 'W/"5-XUFAKrxLKna5cZ2REBfFkg"' } });
      assert.equal(fresh.status, 304);
    });
  });

  it('follows the etag setting: strong, disabled, or a function', async () => {
    const app = legacy();
    app.set('etag', 'strong');
    app.get('/', (_req: any, res: any) => res.send('hello'));
    const off = legacy();
    off.disable('etag');
    off.get('/', (_req: any, res: any) => res.send('hello'));
    const custom = legacy();
    custom.set('etag', () => '"mine"');
    custom.get('/', (_req: any, res: any) => res.send('hello'));
    await withServer(app, async ({ port }) => assert.equal((await send(port)).headers.etag, '"5-XUFAKrxLKna5cZ2REBfFkg"'));
    await withServer(off, async ({ port }) => assert.equal((await send(port)).headers.etag, undefined));
    await withServer(custom, async ({ port }) => assert.equal((await send(port)).headers.etag, '"mine"'));
    assert.equal(app.get('etag'), 'strong');
  });
});

describe('legacy request negotiation and type checks', () => {
  async function ask(fn: (req: any) => unknown, headers: Record<string, string>) {
    const app = legacy();
    app.get('/*', (req: any, res: any) => res.send(JSON.stringify(fn(req) ?? null)));
    return withServer(app, async ({ port }) => JSON.parse((await send(port, { path: '/a', headers })).text));
  }

  it('req.accepted lists ranges with params and original index, best first, and nothing without Accept', async () => {
    const accept = 'text/html;level=1;q=0.5, application/json;charset=utf-8, image/png;q=0';
    assert.deepEqual(await ask((req) => req.accepted, { accept }), [
      { value: 'application/json', quality: 1, params: { charset: 'utf-8' }, originalIndex: 1, type: 'application', subtype: 'json' },
      { value: 'text/html', quality: 0.5, params: { level: '1' }, originalIndex: 0, type: 'text', subtype: 'html' },
    ]);
    assert.deepEqual(await ask((req) => [req.accepted, req.acceptedLanguages, req.acceptedCharsets], {}), [[], [], []]);
  });

  it('req.accepts takes a comma-separated string', async () => {
    assert.equal(await ask((req) => req.accepts('html, json'), { accept: 'application/json' }), 'json');
  });

  it('req.is answers from the Content-Type header alone, with extensions and wildcards', async () => {
    const ct = { 'content-type': 'text/html; charset=utf-8' };
    assert.deepEqual(await ask((req) => [req.is('html'), req.is('text/*'), req.is('*/html'), req.is('json')], ct), [true, true, true, false]);
    assert.deepEqual(await ask((req) => [req.is('html')], {}), [false]);
  });

  it('req.acceptsEncoding answers a Boolean', async () => {
    assert.deepEqual(await ask((req) => [req.acceptsEncoding('gzip'), req.acceptsEncoding('br')], { 'accept-encoding': 'gzip' }), [true, false]);
  });

  it('req.route is the 3.x route record', async () => {
    const out = await ask((req) => [req.route.path, req.route.method, Object.keys(req.route).sort()], {});
    assert.deepEqual(out, ['/*', 'get', ['callbacks', 'keys', 'method', 'params', 'path', 'regexp']]);
  });
});
