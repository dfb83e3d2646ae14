import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import portico from '../src/index';
import type { NextFunction, Request, Response } from '../src/index';
import { withServer, send } from './helpers/server';

type App = ReturnType<typeof portico>;

async function text(app: App, path: string): Promise<string> {
  return withServer(app, async (srv) => (await send(srv.port, { path })).text);
}

/** Collects the calls of param callbacks in `res.locals.calls`. */
function record(label: string) {
  return function recorder(_req: Request, res: Response, next: NextFunction, value: unknown, name: string): void {
    (res.locals.calls ??= []).push(`${label}:${name}=${String(value)}`);
    next();
  };
}

function reportCalls(req: Request, res: Response): void {
  res.json({ calls: res.locals.calls ?? [], params: req.params });
}

const errorReporter = (err: Error & { status?: number }, _req: Request, res: Response, _next: NextFunction): void => {
  res.status(err.status ?? 500).json({ error: err.message, calls: res.locals.calls ?? [] });
};

describe('app.param(name, callback)', () => {
  it('runs before the handlers of a route with that parameter, with (req, res, next, value, name)', async () => {
    const app = portico();
    app.param('id', record('p'));
    app.get('/users/:id', reportCalls);
    assert.deepEqual(JSON.parse(await text(app, '/users/42')), { calls: ['p:id=42'], params: { id: '42' } });
  });

  it('runs once per request for a value, even when several routes match', async () => {
    const app = portico();
    app.param('id', record('p'));
    app.get('/users/:id', (_req, _res, next) => next());
    app.all('/users/:id', (_req, _res, next) => next());
    app.get('/users/:id', reportCalls);
    assert.deepEqual(JSON.parse(await text(app, '/users/7')).calls, ['p:id=7']);
  });

  it('runs again when the parameter takes another value in a later route', async () => {
    const app = portico();
    app.param('id', record('p'));
    app.get('/a/:id', (_req, _res, next) => next());
    app.get('/:id/b', reportCalls);
    assert.deepEqual(JSON.parse(await text(app, '/a/b')).calls, ['p:id=b', 'p:id=a']);
  });

  it('keeps a value the callback changed for the following routes', async () => {
    const app = portico();
    app.param('id', (req, _res, next, value) => {
      req.params.id = 'user-' + String(value);
      next();
    });
    app.get('/u/:id', (_req, _res, next) => next());
    app.get('/u/:id', reportCalls);
    assert.deepEqual(JSON.parse(await text(app, '/u/3')).params, { id: 'user-3' });
  });

  it('runs several callbacks for one name in registration order', async () => {
    const app = portico();
    app.param('id', record('first'));
    app.param('id', record('second'));
    app.get('/u/:id', reportCalls);
    assert.deepEqual(JSON.parse(await text(app, '/u/1')).calls, ['first:id=1', 'second:id=1']);
  });

  it('runs the callbacks of the route keys in key order', async () => {
    const app = portico();
    app.param('b', record('p'));
    app.param('a', record('p'));
    app.get('/:a/:b', reportCalls);
    assert.deepEqual(JSON.parse(await text(app, '/x/y')).calls, ['p:a=x', 'p:b=y']);
  });

  it('registers the callback for each name of an array, in order', async () => {
    const app = portico();
    app.param(['from', 'to'], record('p'));
    app.get('/:to/:from', reportCalls);
    assert.deepEqual(JSON.parse(await text(app, '/2/1')).calls, ['p:to=2', 'p:from=1']);
  });

  it('does not run for an optional parameter that is absent', async () => {
    const app = portico();
    app.param('op', record('p'));
    app.get('/u/:op?', reportCalls);
    assert.deepEqual(JSON.parse(await text(app, '/u')).calls, []);
  });

  it('runs for the numbered groups of a regular-expression route under their number', async () => {
    const app = portico();
    app.param('0', record('p'));
    app.get(/^\/n\/(\d+)$/, reportCalls);
    assert.deepEqual(JSON.parse(await text(app, '/n/12')).calls, ['p:0=12']);
  });

  it('passes next(err) to error handlers, skipping the route', async () => {
    const app = portico();
    app.param('id', (_req, _res, next, value) => {
      if (value === 'bad') next(Object.assign(new Error('no such user'), { status: 404 }));
      else next();
    });
    app.get('/u/:id', reportCalls);
    app.use(errorReporter);
    await withServer(app, async (srv) => {
      const res = await send(srv.port, { path: '/u/bad' });
      assert.equal(res.status, 404);
      assert.equal(JSON.parse(res.text).error, 'no such user');
      assert.equal((await send(srv.port, { path: '/u/good' })).status, 200);
    });
  });

  it('turns an exception thrown by the callback into next(err)', async () => {
    const app = portico();
    app.param('id', () => {
      throw new Error('thrown in param');
    });
    app.get('/u/:id', reportCalls);
    app.use(errorReporter);
    assert.equal(JSON.parse(await text(app, '/u/1')).error, 'thrown in param');
  });

  it('remembers an error: a later route with the same value fails without calling again', async () => {
    const app = portico();
    let calls = 0;
    app.param('id', (_req, _res, next) => {
      calls++;
      next(new Error('once'));
    });
    app.get('/u/:id', reportCalls);
    app.use((err: Error, _req: Request, _res: Response, next: NextFunction) => next(err));
    app.get('/u/:id', reportCalls);
    app.use(errorReporter);
    assert.equal(JSON.parse(await text(app, '/u/1')).error, 'once');
    assert.equal(calls, 1);
  });

  it("skips every route with that value after next('route') from the callback", async () => {
    const app = portico();
    app.param('id', (_req, _res, next, value) => (value === 'skip' ? next('route') : next()));
    app.get('/u/:id', (_req, res) => res.end('first'));
    app.get('/u/:id', (_req, res) => res.end('second'));
    app.get('/u/*', (_req, res) => res.end('no parameter'));
    assert.equal(await text(app, '/u/skip'), 'no parameter');
    assert.equal(await text(app, '/u/keep'), 'first');
  });

  it('is local to the app: not run for the same name in a mounted router', async () => {
    const app = portico();
    const router = portico.Router();
    app.param('id', record('app'));
    router.get('/:id', reportCalls);
    app.use('/r', router);
    assert.deepEqual(JSON.parse(await text(app, '/r/1')).calls, []);
  });

  it("strips a leading ':' from the name (deprecated)", async () => {
    const app = portico();
    app.param(':id', record('p'));
    app.get('/u/:id', reportCalls);
    assert.deepEqual(JSON.parse(await text(app, '/u/1')).calls, ['p:id=1']);
  });

  it('rejects a callback that is not a function', () => {
    const app = portico();
    assert.throws(() => app.param('id', 5 as never), /invalid param\(\) call for id, got 5/);
    assert.throws(() => (app.param as unknown as (name: string) => unknown)('id'), /invalid param\(\) call for id, got undefined/);
  });
});

describe('app.param(customizer) (deprecated)', () => {
  it('lets a function decide what app.param(name, option) registers', async () => {
    const app = portico();
    app.param((name: string, option: unknown) => {
      if (!(option instanceof RegExp)) return undefined;
      return (_req: Request, _res: Response, next: NextFunction, value: string) => {
        if (option.test(value)) next();
        else next('route');
      };
    });
    app.param('num', /^\d+$/);
    app.get('/n/:num', (req, res) => res.end('number ' + req.params.num));
    app.get('/n/*', (_req, res) => res.end('not a number'));
    assert.equal(await text(app, '/n/12'), 'number 12');
    assert.equal(await text(app, '/n/ab'), 'not a number');
  });

  it('keeps the given callback when the customiser returns nothing', async () => {
    const app = portico();
    app.param(() => undefined);
    app.param('id', record('p'));
    app.get('/u/:id', reportCalls);
    assert.deepEqual(JSON.parse(await text(app, '/u/1')).calls, ['p:id=1']);
  });
});
