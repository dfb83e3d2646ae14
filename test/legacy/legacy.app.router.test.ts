import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import legacy from '../../src/legacy/index';
import { withServer, send } from '../helpers/server';

describe('legacy app.router', () => {
  it('is the middleware that dispatches the routes, wherever it is used', async () => {
    const app = legacy();
    app.use((req: any, _res: any, next: any) => ((req.trail = ['before']), next()));
    app.use(app.router);
    app.use((req: any, res: any) => res.send(req.trail.concat('after').join(',')));
    app.get('/a', (req: any, _res: any, next: any) => (req.trail.push('a'), next()));
    await withServer(app, async ({ port }) => {
      assert.equal((await send(port, { path: '/a' })).text, 'before,a,after');
      assert.equal((await send(port, { path: '/b' })).text, 'before,after');
    });
  });

  it('sends route errors to the error handlers used after it, even those defined before the route', async () => {
    const app = legacy();
    app.use((err: any, _req: any, res: any, _next: any) => res.send(500, 'early ' + err.message));
    app.use(app.router);
    app.use((err: any, _req: any, res: any, _next: any) => res.send(500, 'late ' + err.message));
    app.get('/e', () => {
      throw new Error('boom');
    });
    await withServer(app, async ({ port }) => {
      const r = await send(port, { path: '/e' });
      assert.equal(r.status, 500);
      assert.equal(r.text, 'late boom');
    });
  });

  it('is placed where the first route is defined when the app never uses it', async () => {
    const app = legacy();
    app.use((req: any, _res: any, next: any) => ((req.trail = ['mw1']), next()));
    app.get('/a', (req: any, _res: any, next: any) => (req.trail.push('a'), next()));
    app.use((req: any, _res: any, next: any) => (req.trail.push('mw2'), next()));
    app.get('/a', (req: any, res: any) => res.send(req.trail.concat('a2').join(',')));
    app.use((err: any, _req: any, res: any, _next: any) => res.send(500, 'handled ' + err.message));
    app.get('/e', () => {
      throw new Error('boom');
    });
    await withServer(app, async ({ port }) => {
      assert.equal((await send(port, { path: '/a' })).text, 'mw1,a,a2');
      assert.equal((await send(port, { path: '/e' })).text, 'handled boom');
    });
  });

  it('takes the routing settings of the moment it is read', async () => {
    const app = legacy();
    app.enable('case sensitive routing');
    app.enable('strict routing');
    app.use(app.router);
    app.get('/Foo/', (_req: any, res: any) => res.send('foo'));
    await withServer(app, async ({ port }) => {
      assert.equal((await send(port, { path: '/Foo/' })).text, 'foo');
      assert.equal((await send(port, { path: '/foo/' })).status, 404);
      assert.equal((await send(port, { path: '/Foo' })).status, 404);
    });
  });

  it('answers OPTIONS with the methods of the matching routes', async () => {
    const app = legacy();
    app.get('/a', (_req: any, res: any) => res.send('a'));
    await withServer(app, async ({ port }) => {
      const r = await send(port, { method: 'OPTIONS', path: '/a' });
      assert.equal(r.headers.allow, 'GET,HEAD');
      assert.equal(r.text, 'GET,HEAD');
    });
  });
});

describe('legacy app.param(name, fn)', () => {
  it('runs the callbacks again for each matching route', async () => {
    const app = legacy();
    app.param('id', (req: any, _res: any, next: any, id: string) => ((req.calls = (req.calls ?? 0) + 1), (req.id = id), next()));
    app.get('/u/:id', (_req: any, _res: any, next: any) => next());
    app.get('/u/:id', (req: any, res: any) => res.send(req.calls + ' ' + req.id));
    await withServer(app, async ({ port }) => {
      assert.equal((await send(port, { path: '/u/7' })).text, '2 7');
    });
  });

  it('accepts several callbacks and a list of names; an error goes to next(err)', async () => {
    const app = legacy();
    const seen: string[] = [];
    app.param(['a', 'b'], (_req: any, _res: any, next: any, v: string) => (seen.push('1' + v), next()), (_req: any, _res: any, next: any, v: string) => (seen.push('2' + v), next()));
    app.param('fail', (_req: any, _res: any, next: any) => next(new Error('bad param')));
    app.get('/x/:a/:b', (_req: any, res: any) => res.send(seen.join(',')));
    app.get('/f/:fail', (_req: any, res: any) => res.send('not reached'));
    app.use((err: any, _req: any, res: any, _next: any) => res.send(400, err.message));
    await withServer(app, async ({ port }) => {
      assert.equal((await send(port, { path: '/x/p/q' })).text, '1p,2p,1q,2q');
      const r = await send(port, { path: '/f/z' });
      assert.equal(r.status, 400);
      assert.equal(r.text, 'bad param');
    });
  });
});

describe('legacy app.del(path, fn)', () => {
  it('routes DELETE', async () => {
    const app = legacy();
    app.del('/item', (_req: any, res: any) => res.send('deleted'));
    await withServer(app, async ({ port }) => {
      assert.equal((await send(port, { method: 'DELETE', path: '/item' })).text, 'deleted');
    });
    assert.equal(app.routes.delete.length, 1);
  });
});
