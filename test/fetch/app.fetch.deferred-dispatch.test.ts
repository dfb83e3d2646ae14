import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import portico from '../../src/index';
import portico5 from '../../src/express5/index';
import { listenOn, send, startWithAppListen, type RunningServer, type SimpleRequest } from '../helpers/server';
import { answer, type FetchApp } from './fetch-pair';
import { withoutAdapterAdditions } from './fetch-mode';

/*
 * An app with `deferred dispatch` (docs/deferred-dispatch.md) over `app.fetch`: a fetch host calls
 * the app as Portico's own server does, so it answers as it does over `app.listen()`, not with the
 * error page the setting gives the listener of a foreign server.
 */

type Req = IncomingMessage & Record<string, any>;
type Res = ServerResponse & Record<string, any>;
type Next = (err?: unknown) => void;

function deferredApp(framework: any): FetchApp {
  const app = framework();
  app.enable('deferred dispatch');
  app.set('env', 'production');
  app.use(framework.json());
  app.get('/', (_req: Req, res: Res) => res.send('hello'));
  app.post('/echo', (req: Req, res: Res) => res.status(201).json(req.body));
  app.get('/cookies', (_req: Req, res: Res) => res.cookie('a', '1').cookie('b', '2').send('ok'));
  app.get('/boom', () => {
    throw new Error('boom');
  });
  app.get('/handled', (_req: Req, _res: Res, next: Next) => next(new Error('handled')));
  app.use('/handled', (err: Error, _req: Req, res: Res, _next: Next) => res.status(418).json({ message: err.message }));
  return app as FetchApp;
}

const REQUESTS: SimpleRequest[] = [
  { path: '/' },
  { method: 'POST', path: '/echo', headers: { 'content-type': 'application/json' }, body: '{"a":[1,2]}' },
  { path: '/cookies' },
  { path: '/boom' },
  { path: '/handled' },
  { path: '/missing' },
  { method: 'HEAD', path: '/' },
];

for (const [name, framework] of [['portico()', portico], ['portico/5', portico5]] as const) {
  describe(`app.fetch with 'deferred dispatch' (${name})`, () => {
    let app: FetchApp;
    let nodeServer: RunningServer;
    let fetchServer: RunningServer;

    before(async () => {
      app = deferredApp(framework);
      // Over node:http, the setting applies to Portico's own server only: app.listen().
      nodeServer = await startWithAppListen(app as unknown as Parameters<typeof startWithAppListen>[0]);
      fetchServer = await listenOn(createAdaptorServer({ fetch: withoutAdapterAdditions(app.fetch), hostname: '127.0.0.1', overrideGlobalObjects: false }) as Server);
    });

    after(async () => {
      await nodeServer.close();
      await fetchServer.close();
    });

    for (const request of REQUESTS) {
      it(`${request.method ?? 'GET'} ${request.path}: the answer of app.listen()`, async () => {
        const overNode = await send(nodeServer.port, request);
        const overFetch = await send(fetchServer.port, request);
        assert.deepEqual(answer(overFetch), answer(overNode));
        // Not the setting's refusal of a foreign server's listener.
        assert.ok(!overFetch.body.toString().includes('deferred dispatch'));
      });
    }

    it('answers app.fetch called directly, with every Set-Cookie kept', async () => {
      const response = await app.fetch(new Request('http://localhost/cookies'));
      assert.equal(response.status, 200);
      assert.equal(await response.text(), 'ok');
      assert.deepEqual(response.headers.getSetCookie(), ['a=1; Path=/', 'b=2; Path=/']);
    });
  });
}

describe("'deferred dispatch' enabled after app.fetch was read", () => {
  it('is served by the same handler', async () => {
    const app = (portico as any)();
    const handler = app.fetch as FetchApp['fetch'];
    app.get('/', (_req: Req, res: Res) => res.send('late'));
    app.enable('deferred dispatch');
    assert.equal(app.fetch, handler);
    const response = await handler(new Request('http://localhost/'));
    assert.equal(response.status, 200);
    assert.equal(await response.text(), 'late');
  });
});
