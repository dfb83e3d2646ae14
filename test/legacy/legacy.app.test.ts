import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import legacy from '../../src/legacy/index';
import { withServer, send } from '../helpers/server';

describe('legacy app.configure([env], fn)', () => {
  it('runs the callback without env, and with env only when it equals app.get("env")', () => {
    const app = legacy();
    const ran: string[] = [];
    app.set('env', 'staging');
    app.configure(() => ran.push('always'));
    app.configure('production', () => ran.push('production'));
    app.configure('staging', () => ran.push('staging'));
    app.configure('production', 'staging', () => ran.push('either'));
    assert.deepEqual(ran, ['always', 'staging', 'either']);
  });

  it('calls the callback with the app as this and returns the app', () => {
    const app = legacy();
    const seen: unknown[] = [];
    const ret = app.configure(function (this: unknown) {
      seen.push(this);
    });
    assert.equal(seen[0], app);
    assert.equal(ret, app);
  });
});

describe('legacy settings', () => {
  it('defaults json spaces to 2 in development and leaves it unset in production', () => {
    const saved = process.env.NODE_ENV;
    try {
      process.env.NODE_ENV = 'development';
      assert.equal(legacy().get('json spaces'), 2);
      process.env.NODE_ENV = 'production';
      assert.equal(legacy().get('json spaces'), undefined);
      assert.equal('json spaces' in legacy().settings, false);
      assert.equal(legacy().get('view cache'), true);
    } finally {
      process.env.NODE_ENV = saved;
    }
  });

  it('keeps the 4.x defaults of the other settings', () => {
    const app = legacy();
    assert.equal(app.get('jsonp callback name'), 'callback');
    assert.equal(app.get('json replacer'), null);
    assert.equal(app.get('trust proxy'), false);
    assert.equal(app.enabled('case sensitive routing'), false);
    assert.equal(app.enabled('strict routing'), false);
    assert.equal(app.get('views'), process.cwd() + '/views');
  });

  it('sends JSON indented by the json spaces setting', async () => {
    const app = legacy();
    app.set('json spaces', 2);
    app.get('/', (_req: any, res: any) => res.json({ a: 1 }));
    await withServer(app, async ({ port }) => {
      const r = await send(port, { path: '/' });
      assert.equal(r.text, '{\n  "a": 1\n}');
    });
  });
});

describe('legacy app.VERB(path, [callback...], callback)', () => {
  it('flattens arrays of callbacks', async () => {
    const app = legacy();
    const a = (req: any, _res: any, next: any) => ((req.trail = ['a']), next());
    const b = (req: any, _res: any, next: any) => (req.trail.push('b'), next());
    app.get('/x', [a, [b]], (req: any, res: any) => res.send(req.trail.join('')));
    await withServer(app, async ({ port }) => {
      assert.equal((await send(port, { path: '/x' })).text, 'ab');
    });
  });

  it('still reads a setting with app.get(name)', () => {
    const app = legacy();
    app.set('title', 'My Site');
    assert.equal(app.get('title'), 'My Site');
  });

  it('app.all routes every verb', async () => {
    const app = legacy();
    app.all('/any', (req: any, res: any) => res.send(req.method));
    await withServer(app, async ({ port }) => {
      assert.equal((await send(port, { method: 'PUT', path: '/any' })).text, 'PUT');
      assert.equal((await send(port, { method: 'DELETE', path: '/any' })).text, 'DELETE');
    });
    assert.ok(app.routes.put.length === 1 && app.routes.delete.length === 1);
  });
});

describe('legacy app.routes', () => {
  it('groups routes by lower-case verb with path, method, callbacks, keys and regexp', () => {
    const app = legacy();
    const handler = (_req: unknown, res: any) => res.send('x');
    app.get('/user/:id', handler);
    app.post('/user', handler);
    const [route] = app.routes.get;
    assert.equal(route.path, '/user/:id');
    assert.equal(route.method, 'get');
    assert.deepEqual(route.callbacks, [handler]);
    assert.deepEqual(route.keys, [{ name: 'id', optional: false }]);
    assert.ok(route.regexp.test('/user/12'));
    assert.equal(app.routes.post[0].path, '/user');
  });

  it('removing a route from app.routes stops it from matching', async () => {
    const app = legacy();
    app.get('/a', (_req: any, res: any) => res.send('first'));
    app.get('/a', (_req: any, res: any) => res.send('second'));
    await withServer(app, async ({ port }) => {
      assert.equal((await send(port, { path: '/a' })).text, 'first');
      app.routes.get.splice(0, 1);
      assert.equal((await send(port, { path: '/a' })).text, 'second');
      app.routes.get.splice(0, 1);
      assert.equal((await send(port, { path: '/a' })).status, 404);
    });
  });
});

describe('legacy app.locals', () => {
  it('is a function that merges an object into itself and exposes settings', () => {
    const app = legacy();
    app.locals({ title: 'T', n: 1 });
    app.locals({ n: 2 });
    assert.equal(typeof app.locals, 'function');
    assert.equal(app.locals.title, 'T');
    assert.equal(app.locals.n, 2);
    assert.equal(app.locals.settings, app.settings);
  });

  it('skips the read-only members of a function (name, length) instead of throwing', () => {
    const app = legacy();
    app.locals({ name: 'site', length: 3, other: 1 });
    assert.equal(app.locals.other, 1);
    assert.notEqual(app.locals.name, 'site');
  });

  it('ignores __proto__ keys when merging', () => {
    const app = legacy();
    app.locals(JSON.parse('{"__proto__": {"polluted": true}}'));
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.equal((app.locals as any).polluted, undefined);
  });
});

describe('legacy app.use([path], fn)', () => {
  it('strips the mount path, and also matches a path continued by "."', async () => {
    const app = legacy();
    app.use('/blog', (req: any, res: any) => res.send(req.url + '|' + req.baseUrl));
    await withServer(app, async ({ port }) => {
      assert.equal((await send(port, { path: '/blog/post' })).text, '/post|/blog');
      assert.equal((await send(port, { path: '/blog.json' })).text, '/.json|/blog');
      assert.equal((await send(port, { path: '/blogs' })).status, 404);
    });
  });
});

describe('legacy req.params', () => {
  it('is array-like: named parameters as properties, unnamed captures as indexes', async () => {
    const app = legacy();
    app.get('/file/:name/*', (req: any, res: any) =>
      res.send({ array: Array.isArray(req.params), name: req.params.name, zero: req.params[0], length: req.params.length }),
    );
    await withServer(app, async ({ port }) => {
      const body = JSON.parse((await send(port, { path: '/file/x/a/b' })).text);
      assert.deepEqual(body, { array: true, name: 'x', zero: 'a/b', length: 1 });
    });
  });
});

describe('legacy app.param(function)', () => {
  it('lets an extension customise app.param', async () => {
    const app = legacy();
    app.param((name: string, pattern: unknown) => {
      if (pattern instanceof RegExp) {
        return (req: any, _res: any, next: any, val: string) => (pattern.test(val) ? ((req.params[name] = val), next()) : next('route'));
      }
      return undefined;
    });
    app.param('id', /^\d+$/);
    app.get('/user/:id', (req: any, res: any) => res.send('user ' + req.params.id));
    await withServer(app, async ({ port }) => {
      assert.equal((await send(port, { path: '/user/42' })).text, 'user 42');
      assert.equal((await send(port, { path: '/user/abc' })).status, 404);
    });
  });
});
