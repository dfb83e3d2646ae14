import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import portico from '../src/index';
import type { NextFunction, Request, Response } from '../src/index';
import { withServer, send } from './helpers/server';

type App = ReturnType<typeof portico>;

function mark(name: string) {
  return function marker(_req: Request, res: Response, next: NextFunction): void {
    const previous = res.getHeader('X-Trail');
    res.setHeader('X-Trail', previous ? previous + ',' + name : name);
    next();
  };
}

function trail(label: string) {
  return function answer(_req: Request, res: Response): void {
    res.end(String(res.getHeader('X-Trail') ?? '') + ' ' + label);
  };
}

async function fetchText(app: App, path: string, method = 'GET'): Promise<string> {
  return withServer(app, async (srv) => {
    const res = await send(srv.port, { path, method });
    return res.status === 200 ? res.text : String(res.status);
  });
}

describe('app.route(path)', () => {
  it('returns a route with its path, to which method handlers chain', async () => {
    const app = portico();
    const route = app.route('/book');
    assert.equal(route.path, '/book');
    assert.equal(route.get(trail('get')).post(trail('post')), route);
    assert.equal(await fetchText(app, '/book'), ' get');
    assert.equal(await fetchText(app, '/book', 'POST'), ' post');
  });

  it('runs all() handlers for every verb, in the order they were added', async () => {
    const app = portico();
    app.route('/b').all(mark('all')).get(mark('get'), trail('end')).put(trail('put'));
    app.route('/c').get(mark('get')).all(mark('all')).get(trail('end'));
    assert.equal(await fetchText(app, '/b'), 'all,get end');
    assert.equal(await fetchText(app, '/b', 'PUT'), 'all put');
    assert.equal(await fetchText(app, '/c'), 'get,all end');
  });

  it('passes other methods on to the next layer', async () => {
    const app = portico();
    app.route('/b').get(trail('get'));
    app.use(trail('fell through'));
    assert.equal(await fetchText(app, '/b', 'DELETE'), ' fell through');
  });

  it('sets req.route to the route, with its methods and stack', async () => {
    const app = portico();
    app.route('/r/:id').get(function first(_req, _res, next) {
      next();
    }, (req, res) => {
      const route = req.route as { path: string; methods: Record<string, boolean>; stack: Array<{ name: string; method: string }> };
      res.json({ path: route.path, methods: route.methods, names: route.stack.map((l) => l.name + ':' + l.method) });
    });
    assert.deepEqual(JSON.parse(await fetchText(app, '/r/1')), { path: '/r/:id', methods: { get: true }, names: ['first:get', '<anonymous>:get'] });
  });

  it('takes path patterns, regular expressions and arrays', async () => {
    const app = portico();
    app.route(/^\/re(\d+)$/).get((req, res) => res.end('re ' + req.params[0]));
    app.route(['/x', '/y/:v']).get((req, res) => res.end('arr ' + String(req.params.v)));
    assert.equal(await fetchText(app, '/re42'), 're 42');
    assert.equal(await fetchText(app, '/y/7'), 'arr 7');
  });

  it("skips the rest of the route with next('route')", async () => {
    const app = portico();
    app.route('/s').all(mark('all')).get((_req, _res, next) => next('route'), trail('never'));
    app.get('/s', trail('next route'));
    assert.equal(await fetchText(app, '/s'), 'all next route');
  });

  it('serves HEAD from its GET handlers', async () => {
    const app = portico();
    app.route('/h').get((req, res) => res.set('X-Method', req.method).end('body'));
    await withServer(app, async (srv) => {
      const res = await send(srv.port, { method: 'HEAD', path: '/h' });
      assert.equal(res.headers['x-method'], 'HEAD');
    });
  });

  it('passes every request on when it has no handlers', async () => {
    const app = portico();
    app.route('/empty');
    app.get('/empty', trail('next'));
    assert.equal(await fetchText(app, '/empty'), ' next');
  });

  it('throws for a handler that is not a function', () => {
    const app = portico();
    assert.throws(() => app.route('/x').get('nope' as never), /Route.get\(\) requires a callback function but got a \[object String\]/);
  });
});
