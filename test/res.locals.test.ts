import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import portico from '../src/index';
import { withServer, send } from './helpers/server';

describe('res.locals, res.app, res.req, req.res and res.headersSent', () => {
  it('gives each request fresh locals and links req, res and app', async () => {
    const app = portico();
    app.use((req: any, res: any, next: any) => {
      res.locals.count = (res.locals.count ?? 0) + 1;
      next();
    });
    app.get('/', (req: any, res: any) => res.json([res.locals.count, req.res === res, res.req === req, req.app === app, res.app === app]));
    await withServer(app, async (srv) => {
      for (let i = 0; i < 2; i++) assert.deepEqual(JSON.parse((await send(srv.port)).text), [1, true, true, true, true]);
    });
  });

  it('headersSent turns true once the head is written', async () => {
    const app = portico();
    app.get('/', (_req: any, res: any) => {
      const before = res.headersSent;
      res.write('x');
      res.end(` ${before} ${res.headersSent}`);
    });
    await withServer(app, async (srv) => assert.equal((await send(srv.port)).text, 'x false true'));
  });

  it('keeps working for middleware that wraps write and end on the instance', async () => {
    const app = portico();
    const captured: string[] = [];
    app.use((_req: any, res: any, next: any) => {
      const end = res.end;
      res.end = function wrappedEnd(this: any, chunk: any, ...rest: any[]) {
        if (chunk) captured.push(String(chunk));
        return end.call(this, chunk, ...rest);
      };
      next();
    });
    app.get('/', (_req: any, res: any) => res.send('through send'));
    app.get('/json', (_req: any, res: any) => res.json({ a: 1 }));
    await withServer(app, async (srv) => {
      assert.equal((await send(srv.port)).text, 'through send');
      assert.equal((await send(srv.port, { path: '/json' })).text, '{"a":1}');
    });
    assert.deepEqual(captured, ['through send', '{"a":1}']);
  });
});
