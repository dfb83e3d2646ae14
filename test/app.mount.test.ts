import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import portico from '../src/index';
import type { NextFunction, Request, Response } from '../src/index';
import { withServer, send } from './helpers/server';

type App = ReturnType<typeof portico>;

async function fetchText(app: App, path: string): Promise<string> {
  return withServer(app, async (srv) => {
    const res = await send(srv.port, { path });
    return res.status === 200 ? res.text : String(res.status);
  });
}

function urls(req: Request, res: Response): void {
  res.json({ url: req.url, baseUrl: req.baseUrl, originalUrl: req.originalUrl, path: req.path });
}

describe('mounting an app with app.use(path, subApp)', () => {
  it('strips the mount path from req.url inside and keeps it in req.baseUrl and req.originalUrl', async () => {
    const app = portico();
    const blog = portico();
    blog.get('/posts/:id', urls);
    app.use('/blog', blog);
    assert.deepEqual(JSON.parse(await fetchText(app, '/blog/posts/1?x=2')), {
      url: '/posts/1?x=2',
      baseUrl: '/blog',
      originalUrl: '/blog/posts/1?x=2',
      path: '/posts/1',
    });
  });

  it('restores req.url and req.baseUrl when the sub-app hands the request back', async () => {
    const app = portico();
    const sub = portico();
    sub.use((req, res, next) => {
      res.setHeader('X-Inside', req.url);
      next();
    });
    app.use('/sub', sub);
    app.use((req, res) => res.end(String(res.getHeader('X-Inside')) + ' then ' + req.url + ' [' + req.baseUrl + ']'));
    assert.equal(await fetchText(app, '/sub/page'), '/page then /sub/page []');
  });

  it('gives the sub-app / for a request to the mount path itself', async () => {
    const app = portico();
    const sub = portico();
    sub.get('/', urls);
    app.use('/sub', sub);
    assert.deepEqual(JSON.parse(await fetchText(app, '/sub')), { url: '/', baseUrl: '/sub', originalUrl: '/sub', path: '/' });
  });

  it('accumulates baseUrl through nested apps, with the matched text rather than the pattern', async () => {
    const app = portico();
    const a = portico();
    const b = portico();
    b.get('/leaf', urls);
    a.use('/:section', b);
    app.use('/a', a);
    assert.deepEqual(JSON.parse(await fetchText(app, '/a/News/leaf')), { url: '/leaf', baseUrl: '/a/News', originalUrl: '/a/News/leaf', path: '/leaf' });
  });

  it('passes errors from the sub-app to the parent’s error handlers', async () => {
    const app = portico();
    const sub = portico();
    sub.get('/fail', (_req, _res, next) => next(new Error('from sub')));
    app.use('/sub', sub);
    app.use((err: Error, req: Request, res: Response, _next: NextFunction) => res.end(err.message + ' at ' + req.url));
    assert.equal(await fetchText(app, '/sub/fail'), 'from sub at /sub/fail');
  });

  it('lets the parent answer when the sub-app has nothing: no 404 from the sub-app', async () => {
    const app = portico();
    app.use('/sub', portico());
    app.get('/sub/x', (_req, res) => res.end('parent'));
    assert.equal(await fetchText(app, '/sub/x'), 'parent');
  });

  it('mounts on several paths with an array', async () => {
    const app = portico();
    const sub = portico();
    sub.get('/x', (req, res) => res.end(req.baseUrl));
    app.use(['/one', '/two'], sub);
    assert.equal(await fetchText(app, '/one/x'), '/one');
    assert.equal(await fetchText(app, '/two/x'), '/two');
  });

  describe('req.app and res.app', () => {
    it('point at the app whose middleware runs, and back at the parent afterwards', async () => {
      const app = portico();
      const sub = portico();
      app.set('name', 'parent');
      sub.set('name', 'child');
      sub.use((req, res, next) => {
        res.setHeader('X-Inside', String(req.app.get('name')) + '/' + String(res.app.get('name')));
        next();
      });
      app.use('/sub', sub);
      app.use((req, res) => res.end(String(res.getHeader('X-Inside')) + ' then ' + String(req.app.get('name')) + '/' + String(res.app.get('name'))));
      assert.equal(await fetchText(app, '/sub/x'), 'child/child then parent/parent');
    });

    it('are the app itself at the top', async () => {
      const app = portico();
      app.get('/', (req, res) => res.end(String(req.app === app && res.app === app && req.res === res && res.req === req)));
      assert.equal(await fetchText(app, '/'), 'true');
    });
  });

  describe('app.mountpath', () => {
    it("is '/' for an app that was never mounted", () => {
      assert.equal(portico().mountpath, '/');
    });

    it('is the pattern the app was mounted on, not the matched path', async () => {
      const app = portico();
      const sub = portico();
      sub.get('/', (req, res) => res.end(String(req.app.mountpath) + ' ' + req.baseUrl));
      app.use('/user/:id', sub);
      assert.equal(sub.mountpath, '/user/:id');
      assert.equal(await fetchText(app, '/user/7'), '/user/:id /user/7');
    });

    it('is the list of patterns for an app mounted on several', () => {
      const app = portico();
      const sub = portico();
      app.use(['/a', '/b'], sub);
      assert.deepEqual(sub.mountpath, ['/a', '/b']);
    });

    it('is the RegExp for an app mounted on one', () => {
      const app = portico();
      const sub = portico();
      const pattern = /^\/re/;
      app.use(pattern, sub);
      assert.equal(sub.mountpath, pattern);
    });
  });

  describe("the 'mount' event", () => {
    it('is emitted on the sub-app with the parent, once per app.use', () => {
      const app = portico();
      const sub = portico();
      const parents: unknown[] = [];
      sub.on('mount', (parent: unknown) => parents.push(parent));
      app.use('/a', sub);
      app.use(['/b', '/c'], sub);
      assert.deepEqual(parents, [app, app]);
      assert.equal(sub.parent, app);
    });

    it('fires after the settings were inherited', () => {
      const app = portico();
      app.set('view engine', 'ejs');
      const sub = portico();
      let seen: unknown;
      sub.on('mount', () => {
        seen = sub.get('view engine');
      });
      app.use(sub);
      assert.equal(seen, 'ejs');
    });

    it('is not emitted for routers', () => {
      const app = portico();
      const router = portico.Router();
      const emit = (router as unknown as { emit?: unknown }).emit;
      app.use('/r', router);
      assert.equal(emit, undefined);
    });
  });
});
