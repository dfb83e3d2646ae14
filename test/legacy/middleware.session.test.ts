import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import legacy from '../../src/legacy/index';
import { withServer, send } from '../helpers/server';

function sessionApp() {
  const app = legacy();
  app.use(legacy.cookieParser('secret'));
  app.use(legacy.session());
  app.get('/', (req: any, res: any) => {
    req.session.n = ((req.session.n as number) || 0) + 1;
    res.send(req.session.n + ' ' + (req.session.id === req.sessionID) + ' ' + req.sessionID.length);
  });
  app.get('/read', (req: any, res: any) => res.send(JSON.stringify(req.session)));
  app.get('/regenerate', (req: any, res: any) => {
    const old = req.sessionID;
    req.session.regenerate(() => res.send(String(old !== req.sessionID)));
  });
  app.get('/destroy', (req: any, res: any) => req.session.destroy(() => res.send('gone ' + typeof req.session)));
  return app;
}

const cookieOf = (r: { headers: Record<string, unknown> }) => String((r.headers['set-cookie'] as string[])[0]).split(';')[0];

describe('legacy session([options])', () => {
  it('keeps data in the store under a signed connect.sid cookie, sent for new sessions only', async () => {
    await withServer(sessionApp(), async ({ port }) => {
      const first = await send(port);
      assert.equal(first.text, '1 true 32');
      assert.match(String(first.headers['set-cookie']), /^connect\.sid=s%3A[\w-]{32}\.[^;]+; Path=\/; HttpOnly$/);
      const cookie = cookieOf(first);
      const second = await send(port, { headers: { cookie } });
      assert.equal(second.text, '2 true 32');
      assert.equal(second.headers['set-cookie'], undefined);
      const read = await send(port, { path: '/read', headers: { cookie } });
      assert.equal(read.text, '{"cookie":{"originalMaxAge":null,"expires":null,"httpOnly":true,"path":"/"},"n":2}');
    });
  });

  it('regenerates and destroys sessions; a forged cookie starts a new one', async () => {
    await withServer(sessionApp(), async ({ port }) => {
      const cookie = cookieOf(await send(port));
      const regenerated = await send(port, { path: '/regenerate', headers: { cookie } });
      assert.equal(regenerated.text, 'true');
      assert.notEqual(cookieOf(regenerated), cookie);
      assert.equal((await send(port, { path: '/destroy', headers: { cookie: cookieOf(regenerated) } })).text, 'gone undefined');
      const forged = await send(port, { path: '/read', headers: { cookie: 'connect.sid=s%3Aabc.def' } });
      assert.ok(forged.headers['set-cookie']);
    });
  });

  it('needs a secret', async () => {
    const app = legacy();
    app.use(legacy.session());
    app.use((err: any, _req: any, res: any, _next: any) => res.send(err.status, err.message));
    await withServer(app, async ({ port }) => {
      const r = await send(port);
      assert.deepEqual([r.status, r.text], [500, 'secret option required for sessions']);
    });
    assert.equal(typeof legacy.session.MemoryStore, 'function');
  });

  it('takes a store that inherits from session.Store the ES5 way, as 3.x store packages do', async () => {
    const data = new Map<string, string>();
    // The shape of connect-redis 1.x and its peers: Store.call(this) and a prototype chain.
    function TableStore(this: any, options: { prefix: string }) {
      legacy.session.Store.call(this, options);
      this.prefix = options.prefix;
    }
    Object.setPrototypeOf(TableStore.prototype, legacy.session.Store.prototype);
    TableStore.prototype.get = function (this: any, sid: string, fn: (e: unknown, s?: unknown) => void) {
      const json = data.get(this.prefix + sid);
      setImmediate(fn, null, json ? JSON.parse(json) : null);
    };
    const lifetimes: unknown[] = [];
    TableStore.prototype.set = function (this: any, sid: string, sess: any, fn?: () => void) {
      lifetimes.push(sess.cookie.maxAge); // how such stores pick the key's TTL
      data.set(this.prefix + sid, JSON.stringify(sess));
      if (fn) setImmediate(fn);
    };
    TableStore.prototype.destroy = function (this: any, sid: string, fn?: () => void) {
      data.delete(this.prefix + sid);
      if (fn) setImmediate(fn);
    };
    const store: any = new (TableStore as any)({ prefix: 'sess:' });
    assert.ok((store as object) instanceof legacy.session.Store);
    assert.equal(typeof store.on, 'function', 'a store is an EventEmitter');

    const app = legacy();
    app.use(legacy.cookieParser('secret'));
    app.use(legacy.session({ store }));
    app.get('/', (req: any, res: any) => {
      req.session.n = ((req.session.n as number) || 0) + 1;
      res.send(String(req.session.n));
    });
    await withServer(app, async ({ port }) => {
      const first = await send(port);
      const cookie = cookieOf(first);
      assert.equal((await send(port, { headers: { cookie } })).text, '2');
      assert.deepEqual([...data.keys()].map((k) => k.slice(0, 5)), ['sess:']);
      assert.deepEqual(JSON.parse([...data.values()][0]), {
        cookie: { originalMaxAge: null, expires: null, httpOnly: true, path: '/' },
        n: 2,
      });
      assert.deepEqual(lifetimes, [null, null]);
    });
  });
});
