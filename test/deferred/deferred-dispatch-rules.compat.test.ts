import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { executionAsyncResource } from 'node:async_hooks';
import express from 'express';
import express5 from 'express5';
import portico from '../../src/index';
import portico5 from '../../src/express5/index';
import { createServer as createHttp2Server } from '../../src/http2';
import { startServer, startWithAppListen as listen, send } from '../helpers/server';
import { connect, request } from '../helpers/http2';
import { allCases, build, comparable, exchange, type Framework } from '../compat/request-response-cases';

/*
 * Where `deferred dispatch` applies and where it is refused (docs/deferred-dispatch.md, "Where it
 * applies"), and the differential cases of test/compat with the setting: the same status, headers
 * and body as express@4 (and, for portico/5, express@5).
 */

type App = any;

/** A handler that says whether it ran deferred: a GET is complete only then. */
const probe = (req: App, res: App): void => res.json({ complete: req.complete });

describe("app.enable('deferred dispatch'): where it applies", () => {
  it('portico/5: app.listen dispatches deferred', async () => {
    const app = portico5() as App;
    app.enable('deferred dispatch');
    app.get('/', probe);
    const srv = await listen(app);
    try {
      assert.equal((await send(srv.port)).text, '{"complete":true}');
    } finally {
      await srv.close();
    }
  });

  it('without the setting, app.listen gives node the app itself and dispatches as Express does', async () => {
    const app = portico();
    app.get('/', probe);
    const srv = await listen(app);
    try {
      assert.equal(srv.server.listeners('request')[0], app);
      assert.equal((await send(srv.port)).text, '{"complete":false}');
    } finally {
      await srv.close();
    }
  });

  it("portico/http2's createServer dispatches deferred", async () => {
    const app = portico();
    app.enable('deferred dispatch');
    app.get('/', (_req: App, res: App) => res.json({ resource: executionAsyncResource().constructor.name, listener: (server.listeners('request')[0] as unknown) === app }));
    const server = createHttp2Server(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const session = await connect(`http://127.0.0.1:${(server.address() as { port: number }).port}`);
    try {
      assert.equal((await request(session)).text, '{"resource":"Immediate","listener":false}');
    } finally {
      session.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('an app handed to http.createServer answers every request with a 500 that names the setting', async () => {
    const app = portico();
    app.set('env', 'test');
    app.enable('deferred dispatch');
    app.get('/', (_req: App, res: App) => res.send('served'));
    const srv = await startServer(app);
    try {
      for (let i = 0; i < 2; i++) {
        const res = await send(srv.port);
        assert.equal(res.status, 500);
        assert.match(res.text, /The &#39;deferred dispatch&#39; setting applies only to the servers Portico creates/);
      }
    } finally {
      await srv.close();
    }
  });

  it('app(req, res) without next is refused; a mounted app (called with next) runs as its parent dispatches', async () => {
    const sub = portico();
    sub.enable('deferred dispatch');
    sub.get('/', probe);
    const root = express();
    root.use('/sub', sub);
    const srv = await startServer(root);
    try {
      assert.equal((await send(srv.port, { path: '/sub' })).text, '{"complete":false}');
    } finally {
      await srv.close();
    }
  });

  it('disabling the setting before listen restores the plain listener', async () => {
    const app = portico();
    app.enable('deferred dispatch');
    app.disable('deferred dispatch');
    app.get('/', (_req: App, res: App) => res.send('served'));
    const srv = await startServer(app);
    try {
      assert.equal((await send(srv.port)).text, 'served');
    } finally {
      await srv.close();
    }
  });

  for (const [what, change] of [
    ['enable', (app: App) => app.enable('deferred dispatch')],
    ['disable', (app: App) => app.disable('deferred dispatch')],
    ['set', (app: App) => app.set('deferred dispatch', true)],
  ] as const) {
    it(`throws when the app is set (${what}) after app.listen, and the server keeps its dispatch`, async () => {
      const app = portico();
      app.get('/', probe);
      const srv = await listen(app);
      try {
        assert.throws(() => change(app), { message: /app\.set\('deferred dispatch'\) must come before app\.listen\(\)/ });
        assert.equal((await send(srv.port)).text, '{"complete":false}');
      } finally {
        await srv.close();
      }
    });
  }

  it("throws when set after portico/http2's createServer", () => {
    const app = portico();
    const server = createHttp2Server(app);
    assert.throws(() => app.enable('deferred dispatch'), /must come before app\.listen\(\)/);
    server.close();
  });

  it('reading the setting after listen does not throw', async () => {
    const app = portico();
    app.enable('deferred dispatch');
    const srv = await listen(app);
    try {
      assert.equal(app.get('deferred dispatch'), true);
      assert.equal(app.enabled('deferred dispatch'), true);
    } finally {
      await srv.close();
    }
  });
});

/** The differential cases of test/compat with the setting on Portico's side. */
function battery(label: string, ours: Framework, theirs: Framework): void {
  describe(`with the setting, the differential cases answer as ${label}`, () => {
    for (const [group, cases] of allCases) {
      describe(group, () => {
        for (const c of cases) {
          it(c.name, async () => {
            const app = build(ours, c);
            app.enable('deferred dispatch');
            const [p, e] = [await listen(app), await startServer(build(theirs, c))];
            try {
              const [a, b] = [await exchange(p, c), await exchange(e, c)];
              assert.deepEqual(comparable(a, c.mask === true), comparable(b, c.mask === true));
            } finally {
              await p.close();
              await e.close();
            }
          });
        }
      });
    }
  });
}

battery('express@4', portico as unknown as Framework, express as unknown as Framework);
battery('express@5', portico5 as unknown as Framework, express5 as unknown as Framework);
