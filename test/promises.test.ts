import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import portico from '../src/index';
import type { NextFunction, Request, Response } from '../src/index';
import { withServer, send } from './helpers/server';

type App = ReturnType<typeof portico>;

/** Reports the error that reached it: its message, whether it is an Error, and its own status. */
function reporter(err: unknown, _req: Request, res: Response, _next: NextFunction): void {
  const message = err instanceof Error ? err.message : String(err);
  res.status(500).json({ message, isError: err instanceof Error });
}

async function get(app: App, path: string): Promise<{ status: number; body: unknown }> {
  return withServer(app, async (srv) => {
    const res = await send(srv.port, { path });
    return { status: res.status, body: res.headers['content-type']?.includes('json') ? JSON.parse(res.text) : res.text };
  });
}

describe('promises returned by handlers', () => {
  it('passes the reason of a rejected route handler to next(err)', async () => {
    const app = portico();
    app.get('/x', async () => {
      throw new Error('async failure');
    });
    app.use(reporter);
    assert.deepEqual(await get(app, '/x'), { status: 500, body: { message: 'async failure', isError: true } });
  });

  it('passes the reason of a rejected middleware to next(err)', async () => {
    const app = portico();
    app.use(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      throw new Error('late middleware failure');
    });
    app.use(reporter);
    assert.deepEqual((await get(app, '/')).body, { message: 'late middleware failure', isError: true });
  });

  it('turns a rejection without a reason, or with a falsy one, into an Error', async () => {
    for (const reason of [undefined, null, false, 0, '', Number.NaN]) {
      const app = portico();
      app.get('/x', () => Promise.reject(reason));
      app.use(reporter);
      assert.deepEqual((await get(app, '/x')).body, { message: 'Rejected promise', isError: true }, String(reason));
    }
  });

  it('passes a non-Error reason as it is', async () => {
    const app = portico();
    app.get('/x', () => Promise.reject('a string reason'));
    app.use(reporter);
    assert.deepEqual((await get(app, '/x')).body, { message: 'a string reason', isError: false });
  });

  it('passes the rejection of an error handler to the next error handler', async () => {
    const app = portico();
    app.get('/x', (_req, _res, next) => next(new Error('first')));
    app.use(async (err: Error, _req: Request, _res: Response, _next: NextFunction) => {
      throw new Error('second, after ' + err.message);
    });
    app.use(reporter);
    assert.deepEqual((await get(app, '/x')).body, { message: 'second, after first', isError: true });
  });

  it('passes the rejection of a param callback to next(err)', async () => {
    const app = portico();
    app.param('id', async (_req, _res, _next, value) => {
      throw new Error('no user ' + String(value));
    });
    app.get('/u/:id', (_req, res) => res.end('never'));
    app.use(reporter);
    assert.deepEqual((await get(app, '/u/9')).body, { message: 'no user 9', isError: true });
  });

  it('turns a reasonless rejection of a param callback into an Error', async () => {
    const app = portico();
    app.param('id', () => Promise.reject(undefined));
    app.get('/u/:id', (_req, res) => res.end('never'));
    app.use(reporter);
    assert.deepEqual((await get(app, '/u/9')).body, { message: 'Rejected promise', isError: true });
  });

  it('does nothing more for a promise that resolves: the handler still answers or calls next', async () => {
    const app = portico();
    app.get('/x', async (_req, _res, next) => {
      await Promise.resolve();
      next();
    });
    app.get('/x', async (_req, res) => {
      res.end('second answered');
    });
    app.use(reporter);
    assert.deepEqual(await get(app, '/x'), { status: 200, body: 'second answered' });
  });

  it('reaches the final handler with the rejection when nothing handles it', async () => {
    const app = portico();
    app.set('env', 'production');
    app.get('/x', async () => {
      throw Object.assign(new Error('teapot'), { status: 418 });
    });
    assert.equal((await get(app, '/x')).status, 418);
  });

  it('works in routers and route objects too', async () => {
    const app = portico();
    const router = portico.Router();
    router.route('/r').get(async () => {
      throw new Error('from a route object');
    });
    router.use(async () => {
      throw new Error('from router middleware');
    });
    app.use(router);
    app.use(reporter);
    assert.equal(((await get(app, '/r')).body as { message: string }).message, 'from a route object');
    assert.equal(((await get(app, '/other')).body as { message: string }).message, 'from router middleware');
  });

  it('accepts any thenable', async () => {
    const app = portico();
    app.get('/x', () => ({
      then(_resolve: unknown, reject: (reason: unknown) => void) {
        reject(new Error('thenable rejected'));
      },
    }));
    app.use(reporter);
    assert.equal(((await get(app, '/x')).body as { message: string }).message, 'thenable rejected');
  });
});
