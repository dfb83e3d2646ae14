import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { appWith } from '../helpers/one-request';
import { withServer, send } from '../helpers/server';

/* Header values with CR/LF (response splitting) are refused by node:http; Portico turns that into next(err). */

describe('response headers with CR/LF', () => {
  it('res.set refuses them: the error reaches the error handler, the header is never sent', async () => {
    const app = appWith((req, res) => {
      if (req.path === '/ok') return res.send('still serving');
      res.set('X-Echo', String(req.query.v));
      res.send('unreachable');
    });
    await withServer(app, async (srv) => {
      for (const v of ['a\r\nSet-Cookie: x=1', 'a\nb', 'a\rb', 'a\u0000b']) {
        const res = await send(srv.port, { path: '/?v=' + encodeURIComponent(v) });
        assert.equal(res.status, 500);
        assert.equal(JSON.parse(res.text).code, 'ERR_INVALID_CHAR');
        assert.equal(res.headers['x-echo'], undefined);
        assert.equal(res.headers['set-cookie'], undefined);
      }
      assert.equal((await send(srv.port, { path: '/ok' })).text, 'still serving');
    });
  });

  it('res.append, res.type, res.attachment and res.links refuse them too', async () => {
    const acts: Array<(res: any) => unknown> = [
      (res) => res.append('X-A', ['ok', 'bad\r\nx: y']),
      (res) => res.type('text/plain\r\nX-Injected: 1'),
      (res) => res.links({ next: '/n>\r\nX-Injected: 1' }),
      (res) => res.set({ 'X-A': 'ok', 'X-B': 'bad\nvalue' }),
    ];
    for (const act of acts) {
      await withServer(appWith((_req, res) => { act(res); res.end('unreachable'); }), async (srv) => {
        const res = await send(srv.port);
        assert.equal(res.status, 500);
        assert.equal(res.headers['x-injected'], undefined);
      });
    }
  });

  it('res.attachment encodes a CR/LF file name instead', async () => {
    await withServer(appWith((_req, res) => res.attachment('a\r\nb.txt').end()), async (srv) => {
      const res = await send(srv.port);
      assert.equal(res.status, 200);
      assert.doesNotMatch(String(res.headers['content-disposition']), /[\r\n]/);
    });
  });
});
