import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import portico from '../src/index';
import { withServer, send } from './helpers/server';
import { requestOnce } from './helpers/one-request';

/** Creates an app while NODE_ENV has `value` (undefined: unset), restoring it afterwards. */
function appWithNodeEnv(value: string | undefined): ReturnType<typeof portico> {
  const saved = process.env.NODE_ENV;
  if (value === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = value;
  try {
    return portico();
  } finally {
    process.env.NODE_ENV = saved;
  }
}

describe('app.set(name, value) / app.get(name)', () => {
  it('stores any name and returns the app', () => {
    const app = portico();
    assert.equal(app.set('anything', { a: 1 }), app);
    assert.deepEqual(app.get('anything'), { a: 1 });
    assert.deepEqual(app.set('anything'), { a: 1 });
    assert.deepEqual(app.settings.anything, { a: 1 });
  });

  it('reads only with exactly one argument: set(name, undefined) stores, get() with none is a route without a path', () => {
    const app = portico();
    app.set('cleared', 'before');
    assert.equal(app.set('cleared', undefined), app);
    assert.ok(Object.prototype.hasOwnProperty.call(app.settings, 'cleared'));
    assert.equal((app.set as (...args: unknown[]) => unknown)(), app);
    assert.ok(Object.prototype.hasOwnProperty.call(app.settings, 'undefined'));
    assert.throws(() => (app.get as (...args: unknown[]) => unknown)(), TypeError);
  });

  it('reads undefined for a setting never set, including Object.prototype names', () => {
    const app = portico();
    for (const name of ['missing', 'toString', 'constructor', 'hasOwnProperty', '__proto__']) {
      assert.equal(app.get(name), undefined, name);
    }
  });

  it('ignores values planted on Object.prototype, but reads a setting that happens to equal one', async () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto['json spaces'] = 7;
    proto['x-powered-by'] = false;
    proto['json escape'] = true;
    proto['json replacer'] = (_key: string, value: unknown) => (typeof value === 'string' ? 'replaced' : value);
    try {
      const app = portico();
      assert.equal(app.get('json spaces'), undefined);
      assert.equal(app.get('x-powered-by'), true);
      const res = await requestOnce((_req, r) => r.json({ a: 1, b: '<&>' }), {}, (a) => a.set('etag', false));
      assert.equal(res.text, '{"a":1,"b":"<&>"}');
      assert.equal(res.headers['x-powered-by'], 'Express');
      app.set('json spaces', 7);
      assert.equal(app.get('json spaces'), 7);
      const child = portico();
      app.use(child);
      assert.equal(child.get('json spaces'), 7, 'inherited from the parent, not from Object.prototype');
    } finally {
      delete proto['json spaces'];
      delete proto['x-powered-by'];
      delete proto['json escape'];
      delete proto['json replacer'];
    }
  });

  it('cannot replace the settings prototype through __proto__', () => {
    const app = portico();
    app.set('__proto__', { injected: true });
    assert.equal(app.get('injected'), undefined);
    assert.deepEqual(app.get('__proto__'), { injected: true });
  });

  it('compiles etag, query parser and trust proxy into their functions', () => {
    const app = portico();
    for (const value of [true, false, 'weak', 'strong', () => 'x']) {
      app.set('etag', value);
      assert.equal(typeof app.get('etag fn'), value === false ? 'undefined' : 'function', String(value));
    }
    // `false` still compiles: to a parser that always answers {}.
    for (const value of [true, false, 'simple', 'extended', () => ({})]) {
      app.set('query parser', value);
      assert.equal(typeof app.get('query parser fn'), 'function', String(value));
    }
    for (const value of [true, false, 1, 'loopback', 'loopback, 10.0.0.1', ['loopback'], () => true]) {
      app.set('trust proxy', value);
      assert.equal(typeof app.get('trust proxy fn'), 'function', String(value));
    }
  });

  it('rejects unknown values for the compiled settings', () => {
    const app = portico();
    assert.throws(() => app.set('etag', 'bogus'), TypeError);
    assert.throws(() => app.set('query parser', 'bogus'), TypeError);
  });
});

describe('app.enable / app.disable / app.enabled / app.disabled', () => {
  it('set true and false and return the app', () => {
    const app = portico();
    assert.equal(app.enable('flag'), app);
    assert.equal(app.get('flag'), true);
    assert.equal(app.disable('flag'), app);
    assert.equal(app.get('flag'), false);
  });

  it('test truthiness, not strict booleans', () => {
    const app = portico();
    app.set('text', 'yes');
    app.set('zero', 0);
    assert.equal(app.enabled('text'), true);
    assert.equal(app.disabled('text'), false);
    assert.equal(app.enabled('zero'), false);
    assert.equal(app.disabled('zero'), true);
    assert.equal(app.enabled('missing'), false);
    assert.equal(app.disabled('missing'), true);
  });
});

describe('default settings', () => {
  const defaults: Array<[string, unknown]> = [
    ['case sensitive routing', undefined],
    ['etag', 'weak'],
    ['jsonp callback name', 'callback'],
    ['json escape', undefined],
    ['json replacer', undefined],
    ['json spaces', undefined],
    ['query parser', 'extended'],
    ['strict routing', undefined],
    ['subdomain offset', 2],
    ['trust proxy', false],
    ['view cache', undefined],
    ['view engine', undefined],
    ['x-powered-by', true],
    ['views', resolve('views')],
  ];
  for (const [name, value] of defaults) {
    it(`${name} is ${String(value)}`, () => {
      assert.equal(portico().get(name), value);
    });
  }

  it('env comes from NODE_ENV, else development', () => {
    assert.equal(appWithNodeEnv('production').get('env'), 'production');
    assert.equal(appWithNodeEnv('staging').get('env'), 'staging');
    assert.equal(appWithNodeEnv(undefined).get('env'), 'development');
    assert.equal(appWithNodeEnv('').get('env'), 'development');
  });

  it('view cache is on in production', () => {
    assert.equal(appWithNodeEnv('production').get('view cache'), true);
    assert.equal(appWithNodeEnv('development').get('view cache'), undefined);
  });

  it('has exactly the defaults of the settings table among its own settings', () => {
    assert.deepEqual(Object.keys(portico().settings).sort(), [
      'env',
      'etag',
      'etag fn',
      'jsonp callback name',
      'query parser',
      'query parser fn',
      'subdomain offset',
      'trust proxy',
      'trust proxy fn',
      'view',
      'views',
      'x-powered-by',
    ]);
  });

  it('exposes the settings to templates as app.locals.settings', () => {
    const app = portico();
    assert.equal(app.locals.settings, app.settings);
  });
});

describe('settings over HTTP', () => {
  it("'x-powered-by' sends X-Powered-By: Express, as Express does, unless disabled", async () => {
    const app = portico();
    app.get('/', (_req, res) => res.end('ok'));
    await withServer(app, async (srv) => {
      assert.equal((await send(srv.port)).headers['x-powered-by'], 'Express');
      app.disable('x-powered-by');
      assert.equal((await send(srv.port)).headers['x-powered-by'], undefined);
    });
  });

  it("'x-powered-by' set to any truthy value still sends Express, as Express does", async () => {
    const app = portico();
    app.set('x-powered-by', 'PawJS');
    app.get('/', (_req, res) => res.end('ok'));
    await withServer(app, async (srv) => {
      assert.equal((await send(srv.port)).headers['x-powered-by'], 'Express');
    });
  });

  it("'x-powered-by value' names another product (Portico's name, opted into), inherited by mounted apps", async () => {
    const app = portico();
    app.set('x-powered-by value', 'Portico');
    assert.equal(app.get('x-powered-by value'), 'Portico');
    assert.equal(app.enabled('x-powered-by'), true);
    app.get('/', (_req, res) => res.end('ok'));
    const child = portico();
    child.get('/', (_req, res) => res.end('child'));
    app.use('/child', child);
    await withServer(app, async (srv) => {
      assert.equal((await send(srv.port)).headers['x-powered-by'], 'Portico');
      assert.equal((await send(srv.port, { path: '/child/' })).headers['x-powered-by'], 'Portico');
      app.disable('x-powered-by');
      assert.equal((await send(srv.port)).headers['x-powered-by'], undefined);
      app.enable('x-powered-by');
      app.set('x-powered-by value', null);
      assert.equal((await send(srv.port)).headers['x-powered-by'], 'Express');
    });
  });

  it("'x-powered-by value' refuses what is not a valid header value, and keeps the one it had", () => {
    const app = portico();
    app.set('x-powered-by value', 'Portico');
    assert.throws(() => app.set('x-powered-by value', 'a\r\nSet-Cookie: x=1'), { code: 'ERR_INVALID_CHAR' });
    assert.throws(() => app.set('x-powered-by value', 42), TypeError);
    assert.equal(app.get('x-powered-by value'), 'Portico');
  });

  it("'case sensitive routing' and 'strict routing' apply to routes added after the router exists", async () => {
    const app = portico();
    app.enable('case sensitive routing');
    app.enable('strict routing');
    app.get('/Path/', (_req, res) => res.end('exact'));
    await withServer(app, async (srv) => {
      assert.equal((await send(srv.port, { path: '/Path/' })).text, 'exact');
      assert.equal((await send(srv.port, { path: '/path/' })).status, 404);
      assert.equal((await send(srv.port, { path: '/Path' })).status, 404);
    });
  });

  it('routing settings changed after the first route do not change the router', async () => {
    const app = portico();
    app.get('/Early', (_req, res) => res.end('early'));
    app.enable('case sensitive routing');
    app.get('/Late', (_req, res) => res.end('late'));
    await withServer(app, async (srv) => {
      assert.equal((await send(srv.port, { path: '/late' })).text, 'late');
    });
  });

  it("'query parser' and 'trust proxy' take effect on requests", async () => {
    const app = portico();
    app.set('query parser', 'simple');
    app.set('trust proxy', 'loopback');
    app.get('/', (req, res) => res.json({ query: req.query, ip: req.ip }));
    await withServer(app, async (srv) => {
      const res = await send(srv.port, { path: '/?a[b]=1', headers: { 'X-Forwarded-For': '203.0.113.9' } });
      assert.deepEqual(JSON.parse(res.text), { query: { 'a[b]': '1' }, ip: '203.0.113.9' });
    });
  });
});
