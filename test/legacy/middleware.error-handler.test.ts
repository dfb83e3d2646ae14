import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import legacy from '../../src/legacy/index';
import { withServer, send } from '../helpers/server';

function failingApp() {
  const app = legacy();
  app.get('/error', () => {
    throw new Error('boom <b>');
  });
  app.get('/forbidden', (_req: any, _res: any, next: any) => next(Object.assign(new Error('nope'), { status: 403, code: 'E_NOPE' })));
  app.get('/object', (_req: any, _res: any, next: any) => next({ message: 'm', status: 422, extra: 1 }));
  app.get('/string', (_req: any, _res: any, next: any) => next('a string'));
  app.get('/unavailable', (_req: any, res: any, next: any) => ((res.statusCode = 503), next(new Error('x'))));
  app.use(legacy.errorHandler());
  return app;
}

describe('legacy errorHandler()', () => {
  let saved: string | undefined;
  before(() => {
    saved = process.env.NODE_ENV;
    process.env.NODE_ENV = 'test';
  });
  after(() => {
    process.env.NODE_ENV = saved;
  });

  it('answers HTML by default: the message as title and heading, the stack as a list', async () => {
    await withServer(failingApp(), async ({ port }) => {
      const r = await send(port, { path: '/error' });
      assert.equal(r.status, 500);
      assert.equal(r.headers['content-type'], 'text/html; charset=utf-8');
      assert.equal(r.headers['x-content-type-options'], 'nosniff');
      assert.match(r.text, /<title>Error: boom &lt;b&gt;<\/title>/);
      assert.match(r.text, /<h2><em>500<\/em> Error: boom &lt;b&gt;<\/h2>/);
      assert.match(r.text, /<ul id="stacktrace"><li> &nbsp; &nbsp;at /);
    });
  });

  it('answers JSON with message, stack and the own properties of the error', async () => {
    await withServer(failingApp(), async ({ port }) => {
      const r = await send(port, { path: '/forbidden', headers: { accept: 'application/json' } });
      assert.equal(r.status, 403);
      assert.equal(r.headers['content-type'], 'application/json; charset=utf-8');
      const { error } = JSON.parse(r.text);
      assert.deepEqual(Object.keys(error), ['message', 'stack', 'status', 'code']);
      assert.equal(error.message, 'nope');
      const obj = await send(port, { path: '/object', headers: { accept: 'application/json' } });
      assert.equal(obj.status, 422);
      assert.equal(obj.text, '{"error":{"message":"m","status":422,"extra":1}}');
    });
  });

  it('answers plain text otherwise: the stack, the text of a string, an inspection of an object', async () => {
    await withServer(failingApp(), async ({ port }) => {
      const r = await send(port, { path: '/error', headers: { accept: 'image/png' } });
      assert.equal(r.headers['content-type'], 'text/plain; charset=utf-8');
      assert.match(r.text, /^Error: boom <b>\n {4}at /);
      assert.equal((await send(port, { path: '/string', headers: { accept: 'text/plain' } })).text, 'a string');
      assert.equal((await send(port, { path: '/object', headers: { accept: 'text/plain' } })).text, "{ message: 'm', status: 422, extra: 1 }");
    });
  });

  it('keeps an error status already on the response, and sends no body to HEAD', async () => {
    await withServer(failingApp(), async ({ port }) => {
      assert.equal((await send(port, { path: '/unavailable' })).status, 503);
      const head = await send(port, { method: 'HEAD', path: '/error' });
      assert.equal(head.status, 500);
      assert.equal(head.text, '');
    });
  });

  it('takes its heading from errorHandler.title', async () => {
    const saved = legacy.errorHandler.title;
    legacy.errorHandler.title = 'My App';
    try {
      await withServer(failingApp(), async ({ port }) => {
        assert.match((await send(port, { path: '/error' })).text, /<h1>My App<\/h1>/);
      });
    } finally {
      legacy.errorHandler.title = saved;
    }
  });
});
