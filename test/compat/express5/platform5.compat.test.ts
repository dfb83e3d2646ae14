import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import diagnostics from 'node:diagnostics_channel';
import { request as httpRequest } from 'node:http';
import express5 from 'express5';
import portico5 from '../../../src/express5/index';
import { graceful } from '../../../src/server/graceful';
import { startServer, send, type Listener } from '../../helpers/server';
import { signal } from '../../helpers/wait-for';
import { HTTP2_STARTUPS, startCleartextHttp2, startSecureHttp2, requestOnce } from '../../helpers/http2';

/*
 * The rest of Portico on portico/5: HTTP/2 (node:http2 and portico/http2, cleartext and TLS),
 * portico/graceful, and the `express.router.request` tracing channel, each compared with what
 * express@5.3 answers or publishes for the same app.
 */

process.env.NO_DEPRECATION = 'express';

function routes(app: any): any {
  app.get('/files/*path', (req: any, res: any) => res.json({ params: req.params, query: req.query }));
  app.get('/status', (_req: any, res: any) => res.status('200').send('x'));
  app.get('/send', (_req: any, res: any) => res.send(201));
  app.get('/removed', (req: any, res: any) => res.json([typeof req.param, typeof res.sendfile, typeof req.app.del]));
  app.use((err: any, _req: any, res: any, _next: any) => res.status(500).send(err.name + ': ' + err.message));
  return app;
}

const PATHS = ['/files/a/b%20c?x=1&x=2&y[z]=3', '/status', '/send', '/removed'];

describe('portico/5 over HTTP/2', () => {
  for (const startup of HTTP2_STARTUPS) {
    for (const secure of [false, true]) {
      it(`answers as express@5.3 does over HTTP/1.1 (${startup}, ${secure ? 'TLS' : 'h2c'})`, async () => {
        const h2 = secure ? await startSecureHttp2(routes(portico5()) as Listener, {}, startup) : await startCleartextHttp2(routes(portico5()) as Listener, startup);
        const reference = await startServer(routes(express5()) as Listener);
        try {
          for (const path of PATHS) {
            const ours = await requestOnce(h2.url, { path });
            const theirs = await send(reference.port, { path });
            assert.equal(ours.status, theirs.status, path);
            assert.equal(ours.text, theirs.body.toString(), path);
            assert.equal(ours.headers['content-type'], theirs.headers['content-type'], path);
          }
        } finally {
          await h2.close();
          await reference.close();
        }
      });
    }
  }
});

describe('portico/5 with portico/graceful', () => {
  it('finishes the request in flight, closes the connection, then stops', async () => {
    const app = portico5();
    let release: () => void = () => undefined;
    const inHandler = signal();
    app.get('/slow', (_req: any, res: any) => {
      release = () => res.send(201);
      inHandler.resolve();
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const port = (server.address() as { port: number }).port;
    const shutdown = graceful(server, { signals: [], timeout: 5000 });
    const answer = new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/slow' }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
      });
      req.on('error', reject);
      req.end();
    });
    // Shut down only once the request is in the handler: before that, it is not in flight.
    await inHandler.promise;
    const closing = shutdown.shutdown();
    release();
    // Express 5 semantics inside: a number is sent as JSON with the status unchanged.
    assert.deepEqual(await answer, { status: 200, connection: 'close', body: '201' });
    await closing;
    assert.equal(server.listening, false);
  });
});

describe('portico/5 on the express.router.request tracing channel', () => {
  it('publishes the events express@5.3 publishes for an Express 5 route', async () => {
    const channel = diagnostics.tracingChannel<Record<string, unknown>>('express.router.request');
    let events: string[] = [];
    const show = (kind: string) => (ctx: Record<string, unknown>) => {
      events.push(kind + ' ' + String(ctx.route) + ' ' + ((ctx.handler as { name?: string } | undefined)?.name ?? '?'));
    };
    const handlers = { start: show('start'), end: show('end'), asyncStart: show('asyncStart'), asyncEnd: show('asyncEnd'), error: show('error') };
    channel.subscribe(handlers);
    try {
      const run = async (framework: () => any): Promise<string[]> => {
        events = [];
        const app = framework();
        app.use(function logger(_req: any, _res: any, next: any) {
          next();
        });
        app.get('/files/*path', async function files(req: any, res: any) {
          res.json(req.params);
        });
        const server = await startServer(app as Listener);
        try {
          await send(server.port, { path: '/files/a/b' });
        } finally {
          await server.close();
        }
        return events;
      };
      const ours = await run(portico5);
      const theirs = await run(express5);
      assert.ok(theirs.length > 0);
      assert.deepEqual(ours, theirs);
    } finally {
      channel.unsubscribe(handlers);
    }
  });
});
