import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import portico from '../src/index';
import type { Request, Response } from '../src/index';
import { withServer, send } from './helpers/server';

/** The method names the spec lists for app.METHOD. */
const SPEC_METHODS = [
  'checkout', 'copy', 'delete', 'get', 'head', 'lock', 'merge', 'mkactivity', 'mkcol', 'move', 'm-search', 'notify',
  'options', 'patch', 'post', 'purge', 'put', 'report', 'search', 'subscribe', 'trace', 'unlock', 'unsubscribe',
];

type Routing = (path: string, ...handlers: Array<(req: Request, res: Response) => void>) => unknown;

function method(app: unknown, name: string): Routing {
  return (app as Record<string, Routing>)[name].bind(app);
}

describe('app.METHOD(path, callback [, callback ...])', () => {
  it('exists for every method of the spec and of node:http', () => {
    const app = portico();
    const router = portico.Router();
    const route = router.route('/');
    for (const name of new Set([...SPEC_METHODS, ...http.METHODS.map((m) => m.toLowerCase())])) {
      assert.equal(typeof (app as unknown as Record<string, unknown>)[name], 'function', 'app.' + name);
      assert.equal(typeof (router as unknown as Record<string, unknown>)[name], 'function', 'router.' + name);
      assert.equal(typeof (route as unknown as Record<string, unknown>)[name], 'function', 'route.' + name);
    }
  });

  it('routes each method to its own handler over HTTP', async () => {
    const app = portico();
    const names = http.METHODS.filter((m) => m !== 'CONNECT' && m !== 'HEAD');
    for (const name of names) method(app, name.toLowerCase())('/m', (req, res) => res.end('handled ' + req.method));
    await withServer(app, async (srv) => {
      for (const name of names) {
        const res = await send(srv.port, { method: name, path: '/m' });
        assert.equal(res.text, 'handled ' + name, name);
      }
    });
  });

  it("routes a method whose name is not an identifier: app['m-search']", async () => {
    const app = portico();
    method(app, 'm-search')('/ssdp', (_req, res) => res.end('found'));
    await withServer(app, async (srv) => {
      assert.equal((await send(srv.port, { method: 'M-SEARCH', path: '/ssdp' })).text, 'found');
      assert.equal((await send(srv.port, { method: 'GET', path: '/ssdp' })).status, 404);
    });
  });

  it('does not answer other methods', async () => {
    const app = portico();
    app.post('/p', (_req, res) => res.end('post'));
    await withServer(app, async (srv) => {
      assert.equal((await send(srv.port, { method: 'PUT', path: '/p' })).status, 404);
    });
  });

  it('ignores the query string when matching', async () => {
    const app = portico();
    app.get('/q', (req, res) => res.end(req.url));
    await withServer(app, async (srv) => {
      assert.equal((await send(srv.port, { path: '/q?a=1&b=/x' })).text, '/q?a=1&b=/x');
    });
  });

  it('returns the app for chaining', () => {
    const app = portico();
    assert.equal(app.get('/a', (_req, res) => res.end()).post('/a', (_req, res) => res.end()), app);
  });

  describe('app.get', () => {
    it('reads a setting when given only a name', () => {
      const app = portico();
      app.set('title', 'Portico');
      assert.equal(app.get('title'), 'Portico');
    });

    it('also serves HEAD, without a body', async () => {
      const app = portico();
      app.get('/g', (_req, res) => res.send('a body'));
      await withServer(app, async (srv) => {
        const res = await send(srv.port, { method: 'HEAD', path: '/g' });
        assert.equal(res.status, 200);
        assert.equal(res.headers['content-length'], '6');
        assert.equal(res.text, '');
      });
    });

    it('does not serve HEAD when a head route for the path came earlier', async () => {
      const app = portico();
      app.head('/g', (_req, res) => res.set('X-By', 'head').end());
      app.get('/g', (_req, res) => res.set('X-By', 'get').end());
      await withServer(app, async (srv) => {
        assert.equal((await send(srv.port, { method: 'HEAD', path: '/g' })).headers['x-by'], 'head');
      });
    });
  });

  describe('app.del (deprecated)', () => {
    it('routes DELETE and warns once', async () => {
      const warnings: string[] = [];
      const onWarning = (w: Error): void => {
        warnings.push(w.message);
      };
      process.on('warning', onWarning);
      try {
        const app = portico();
        const del = (app as unknown as { del: Routing }).del.bind(app);
        del('/d', (_req, res) => res.end('deleted'));
        del('/e', (_req, res) => res.end('deleted'));
        await withServer(app, async (srv) => {
          assert.equal((await send(srv.port, { method: 'DELETE', path: '/d' })).text, 'deleted');
        });
      } finally {
        process.off('warning', onWarning);
      }
      assert.ok(warnings.filter((w) => /app\.del/.test(w)).length <= 1);
    });
  });

  it('registers CONNECT routes too (node:http hands CONNECT to the connect event)', () => {
    const app = portico();
    method(app, 'connect')('/tunnel', (_req, res) => res.end());
    const stack = (app as unknown as { _router: { stack: Array<{ route?: { methods: Record<string, boolean> } }> } })._router.stack;
    assert.deepEqual(stack.find((layer) => layer.route)?.route?.methods, { connect: true });
  });
});
