import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import portico from '../src/index';
import type { NextFunction, Request, Response } from '../src/index';
import { withServer, send } from './helpers/server';

type App = ReturnType<typeof portico>;

/** Appends `name` to the X-Trail header, then continues. */
function mark(name: string) {
  return function marker(_req: Request, res: Response, next: NextFunction): void {
    const previous = res.getHeader('X-Trail');
    res.setHeader('X-Trail', previous ? previous + ',' + name : name);
    next();
  };
}

/** Answers with the trail and the URL the handler saw. */
function report(req: Request, res: Response): void {
  res.end(String(res.getHeader('X-Trail') ?? '') + ' ' + req.baseUrl + ' ' + req.url);
}

async function fetchText(app: App, path: string, method = 'GET'): Promise<string> {
  return withServer(app, async (srv) => {
    const res = await send(srv.port, { path, method });
    return res.status === 200 ? res.text : String(res.status);
  });
}

describe('app.use([path,] callback [, callback ...])', () => {
  describe('path forms', () => {
    it('defaults to / and runs for every path and method', async () => {
      const app = portico();
      app.use(mark('all'), report);
      assert.equal(await fetchText(app, '/a/b', 'PUT'), 'all  /a/b');
    });

    it('matches a string path and everything after a / beneath it', async () => {
      const app = portico();
      app.use('/api', mark('api'));
      app.use(report);
      assert.equal(await fetchText(app, '/api'), 'api  /api');
      assert.equal(await fetchText(app, '/api/v1/users'), 'api  /api/v1/users');
      assert.equal(await fetchText(app, '/apix'), '  /apix');
    });

    it('accepts a path pattern with parameters', async () => {
      const app = portico();
      app.use('/:lang/docs', (req, res) => res.end(req.params.lang + ' ' + req.baseUrl + ' ' + req.url));
      assert.equal(await fetchText(app, '/fr/docs/intro'), 'fr /fr/docs /intro');
    });

    it('accepts a regular expression', async () => {
      const app = portico();
      app.use(/^\/v\d+/, report);
      assert.equal(await fetchText(app, '/v2/things'), ' /v2 /things');
      assert.equal(await fetchText(app, '/x'), '404');
    });

    it('accepts an array of paths, patterns and regular expressions', async () => {
      const app = portico();
      app.use(['/a', '/b/:x', /^\/c\d/], report);
      assert.equal(await fetchText(app, '/a/1'), ' /a /1');
      assert.equal(await fetchText(app, '/b/q/2'), ' /b/q /2');
      assert.equal(await fetchText(app, '/c7/3'), ' /c7 /3');
      assert.equal(await fetchText(app, '/d'), '404');
    });

    it('matches case-insensitively and ignores strict routing for mount paths', async () => {
      const app = portico();
      app.enable('strict routing');
      app.use('/Api', report);
      assert.equal(await fetchText(app, '/API/'), ' /API /');
    });
  });

  describe('callback forms', () => {
    it('takes several functions, arrays and nested arrays, in order', async () => {
      const app = portico();
      app.use('/x', mark('1'), [mark('2'), [mark('3'), [mark('4')]]], mark('5'), report);
      assert.equal(await fetchText(app, '/x'), '1,2,3,4,5 /x /');
    });

    it('takes an array first, without a path', async () => {
      const app = portico();
      app.use([mark('a'), mark('b')], report);
      assert.equal(await fetchText(app, '/p'), 'a,b  /p');
    });

    it('takes routers and apps among the callbacks', async () => {
      const app = portico();
      const router = portico.Router();
      router.use(mark('router'));
      const sub = portico();
      sub.use(mark('sub'));
      app.use('/m', router, [sub], report);
      assert.equal(await fetchText(app, '/m/z'), 'router,sub /m /z');
    });

    it('recognises error-handling middleware by its four parameters', async () => {
      const app = portico();
      app.use((_req, _res, next) => next(new Error('oops')));
      app.use(mark('skipped'));
      app.use((err: Error, _req: Request, res: Response, _next: NextFunction) => res.end('caught ' + err.message));
      assert.equal(await fetchText(app, '/'), 'caught oops');
    });

    it('returns the app for chaining', () => {
      const app = portico();
      assert.equal(app.use(mark('x')), app);
    });
  });

  describe('invalid arguments', () => {
    it('throws when no function is given', () => {
      const app = portico();
      const use = app.use as unknown as (...args: unknown[]) => unknown;
      assert.throws(() => use.call(app), /^TypeError: app.use\(\) requires a middleware function$/);
      assert.throws(() => use.call(app, '/x'), /app.use\(\) requires a middleware function/);
      assert.throws(() => use.call(app, []), /app.use\(\) requires a middleware function/);
    });

    it('throws for a non-function among the callbacks', () => {
      const app = portico();
      const use = app.use as unknown as (...args: unknown[]) => unknown;
      assert.throws(() => use.call(app, '/x', 'text'), /Router.use\(\) requires a middleware function but got a string/);
      assert.throws(() => use.call(app, () => undefined, 5), /but got a number/);
    });
  });
});

describe('what Express 4 removed', () => {
  it('throws when app.router is read, pointing at the migration guide', () => {
    assert.throws(() => (portico() as unknown as { router: unknown }).router, /'app.router' is deprecated!\nPlease see the 3.x to 4.x migration guide/);
  });

  it('throws when a bundled 3.x middleware is read from the framework, naming it', () => {
    const framework = portico as unknown as Record<string, unknown>;
    for (const name of ['bodyParser', 'cookieSession', 'methodOverride', 'csrf', 'basicAuth']) {
      assert.throws(() => framework[name], new RegExp('Most middleware \\(like ' + name + '\\) is no longer bundled'), name);
    }
    assert.equal(Object.keys(portico).includes('bodyParser'), false);
  });
});
