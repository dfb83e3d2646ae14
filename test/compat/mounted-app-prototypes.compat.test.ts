import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import portico from '../../src/index';
import { compareApps, type FrameworkLike } from '../helpers/compare';
import { send } from '../helpers/server';

/*
 * Issue 28: inside a mounted app, Express 4 gives `req` and `res` that app's own prototypes
 * (`Object.getPrototypeOf(req) === subApp.request`), and the parent's back when the request leaves
 * it, by `next()` or with an error. Frameworks add methods to a sub-app's `request` and check the switch.
 */

type Req = http.IncomingMessage & { whoami?: () => string };

function mountingApp(framework: FrameworkLike, readParentFirst: boolean) {
  const app = framework();
  if (readParentFirst) (app.request as unknown as { whoami(): string }).whoami = () => 'parent';
  const sub = framework();
  const inner = framework();
  (sub.request as unknown as { whoami(): string }).whoami = () => 'sub';
  (sub.response as unknown as { tag: string }).tag = 'sub-response';
  const where = (req: Req, res: http.ServerResponse) => ({
    reqIsSub: Object.getPrototypeOf(req) === sub.request,
    resIsSub: Object.getPrototypeOf(res) === sub.response,
    reqIsInner: Object.getPrototypeOf(req) === inner.request,
    reqIsApp: readParentFirst ? Object.getPrototypeOf(req) === app.request : null,
    whoami: typeof req.whoami === 'function' ? req.whoami() : null,
    tag: (res as unknown as { tag?: string }).tag ?? null,
  });
  const seen: Record<string, unknown> = {};
  sub.get('/here', (req, res) => res.json(where(req, res)));
  sub.get('/pass', (req, res, next) => {
    seen.inside = where(req, res);
    next();
  });
  sub.get('/fail', (req, res, next) => {
    seen.inside = where(req, res);
    next(new Error('boom'));
  });
  inner.get('/deep', (req, res) => res.json({ deep: where(req, res), subProtoOfInner: Object.getPrototypeOf(inner.request) === sub.request }));
  sub.use('/inner', inner);
  sub.get('/after-inner', (req, res) => res.json(where(req, res)));
  app.use('/sub', sub);
  app.get('/sub/pass', (req, res) => res.json({ ...seen, after: where(req, res) }));
  app.get('/top', (req, res) => res.json(where(req, res)));
  app.use((err: Error, req: Req, res: http.ServerResponse & { json(v: unknown): void }, _next: unknown) => res.json({ ...seen, error: err.message, after: where(req, res) }));
  return app;
}

const REQUESTS = [{ path: '/sub/here' }, { path: '/sub/pass' }, { path: '/sub/fail' }, { path: '/sub/inner/deep' }, { path: '/top' }];

describe('a mounted app gives req and res its own prototypes while the request is inside it (differential)', () => {
  for (const readParentFirst of [false, true]) {
    it(`inside: subApp.request and subApp.response; after next() or an error: the parent's${readParentFirst ? ' (parent app.request customised)' : ''}`, async () => {
      const pairs = await compareApps((f) => mountingApp(f, readParentFirst), REQUESTS);
      const here = JSON.parse(pairs[0].express.text) as { reqIsSub: boolean; resIsSub: boolean };
      assert.equal(here.reqIsSub, true);
      assert.equal(here.resIsSub, true);
      for (const { portico: p, express: e } of pairs) {
        assert.equal(p.status, e.status);
        assert.deepEqual(JSON.parse(p.text), JSON.parse(e.text));
      }
    });
  }

  it("on Portico's own server (app.listen) too", async () => {
    const app = mountingApp(portico as unknown as FrameworkLike, false);
    const server = app.listen(0, '127.0.0.1') as http.Server;
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const here = JSON.parse((await send(port, { path: '/sub/here' })).text) as { reqIsSub: boolean; whoami: string };
      assert.equal(here.reqIsSub, true);
      assert.equal(here.whoami, 'sub');
      const top = JSON.parse((await send(port, { path: '/top' })).text) as { reqIsSub: boolean; whoami: string | null };
      assert.equal(top.reqIsSub, false);
      assert.equal(top.whoami, null);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
