import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { finished } from 'node:stream';
import { createAdaptorServer } from '@hono/node-server';
import portico from '../../src/index';
import { listenOn } from '../helpers/server';
import type { FetchApp } from './fetch-pair';

/*
 * The client going away: the request's AbortSignal aborting (what a fetch host reports), or the
 * consumer cancelling the body, gives the app the events it sees on node:http when the socket
 * closes: 'aborted' and 'close' on req, 'close' without 'finish' on res, `res.destroyed`, and
 * `stream.finished(res)` reporting a premature close.
 */

type Req = IncomingMessage & Record<string, any>;
type Res = ServerResponse & Record<string, any>;

interface Seen {
  events: string[];
  writableEnded?: boolean;
  destroyed?: boolean;
  reqAborted?: boolean;
  finishedError?: string;
}

/** An app that writes a first chunk and then waits, recording what happens to req and res. */
function waitingApp(seen: Seen, done: () => void): FetchApp {
  const app = (portico as any)();
  app.get('/', (req: Req, res: Res) => {
    req.on('aborted', () => seen.events.push('req aborted'));
    req.on('close', () => seen.events.push('req close'));
    res.on('finish', () => seen.events.push('res finish'));
    finished(res, (err) => {
      seen.finishedError = err ? (err as { code?: string }).code : 'none';
    });
    res.on('close', () => {
      seen.events.push('res close');
      seen.writableEnded = res.writableEnded;
      seen.destroyed = res.destroyed;
      seen.reqAborted = req.aborted;
      setImmediate(done);
    });
    res.write('first');
  });
  return app as FetchApp;
}

describe('app.fetch: the client going away', () => {
  it('the AbortSignal aborting mid-response gives aborted and close, as a closed socket does', async () => {
    const seen: Seen = { events: [] };
    let closed: () => void = () => {};
    const whenClosed = new Promise<void>((resolve) => {
      closed = resolve;
    });
    const controller = new AbortController();
    const response = await waitingApp(seen, closed).fetch(new Request('http://localhost/', { signal: controller.signal }));
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    assert.equal(Buffer.from((await reader.read()).value as Uint8Array).toString(), 'first');
    controller.abort();
    await whenClosed;
    assert.ok(seen.events.includes('req close'), seen.events.join());
    assert.ok(seen.events.includes('res close'));
    assert.ok(!seen.events.includes('res finish'));
    assert.equal(seen.writableEnded, false);
    assert.equal(seen.destroyed, true);
    assert.equal(seen.finishedError, 'ERR_STREAM_PREMATURE_CLOSE');
    await assert.rejects(reader.read());
  });

  it('the request aborted before the head: app.fetch still settles, and the app sees the close', async () => {
    const seen: Seen = { events: [] };
    const app = (portico as any)();
    let closed: () => void = () => {};
    const whenClosed = new Promise<void>((resolve) => {
      closed = resolve;
    });
    app.get('/', (req: Req, res: Res) => {
      req.on('aborted', () => seen.events.push('req aborted'));
      res.on('close', () => {
        seen.events.push('res close');
        seen.destroyed = res.destroyed;
        closed();
      });
    });
    const controller = new AbortController();
    const pending = (app as FetchApp).fetch(new Request('http://localhost/', { signal: controller.signal }));
    controller.abort();
    const response = await pending;
    await whenClosed;
    assert.equal(response.type, 'error');
    assert.equal(seen.destroyed, true);
    // As on node:http: a request whose (empty) body was never read counts as aborted.
    assert.deepEqual(seen.events, ['req aborted', 'res close']);
  });

  it('an upload aborted mid-body gives aborted on req and the parser an aborted error', async () => {
    const app = (portico as any)();
    let failure: unknown;
    let onFailure: () => void = () => {};
    const failed = new Promise<void>((resolve) => {
      onFailure = resolve;
    });
    const events: string[] = [];
    app.post('/', (req: Req, _res: Res, next: (err?: unknown) => void) => {
      req.on('aborted', () => events.push('aborted'));
      next();
    }, (portico as any).json(), (_req: Req, res: Res) => res.send('parsed'));
    app.use((err: unknown, _req: Req, res: Res, _next: unknown) => {
      failure = err;
      onFailure();
      res.end();
    });
    let push: ReadableStreamDefaultController<Uint8Array> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        push = c;
        c.enqueue(new TextEncoder().encode('{"a":'));
      },
    });
    const controller = new AbortController();
    void (app as FetchApp).fetch(
      new Request('http://localhost/', { method: 'POST', body, signal: controller.signal, headers: { 'content-type': 'application/json', 'content-length': '100' }, duplex: 'half' } as RequestInit),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    push?.error(new Error('gone'));
    await failed;
    assert.equal((failure as { type?: string }).type, 'request.aborted');
    assert.deepEqual(events, ['aborted']);
  });

  it('over @hono/node-server, a client that disconnects mid-stream gives close on req and res', async () => {
    const seen: Seen = { events: [] };
    let closed: () => void = () => {};
    const whenClosed = new Promise<void>((resolve) => {
      closed = resolve;
    });
    const app = waitingApp(seen, closed);
    const server = await listenOn(createAdaptorServer({ fetch: app.fetch, hostname: '127.0.0.1', overrideGlobalObjects: false }) as http.Server);
    try {
      const request = http.get({ host: '127.0.0.1', port: server.port, path: '/', agent: false });
      const [response] = (await once(request, 'response')) as [IncomingMessage];
      await once(response, 'data');
      request.on('error', () => {});
      request.destroy();
      await whenClosed;
      assert.ok(seen.events.includes('res close'), seen.events.join());
      assert.ok(!seen.events.includes('res finish'));
      assert.equal(seen.writableEnded, false);
      assert.equal(seen.destroyed, true);
    } finally {
      await server.close();
    }
  });

  it('res.destroy() cuts the response: the body stream errors', async () => {
    const app = (portico as any)();
    app.get('/', (_req: Req, res: Res) => {
      res.write('part');
      setImmediate(() => res.destroy(new Error('stop')));
    });
    const response = await (app as FetchApp).fetch(new Request('http://localhost/'));
    await assert.rejects(response.text());
  });

  it('a response that finishes gives finish then close, with the request ended', async () => {
    const app = (portico as any)();
    const events: string[] = [];
    let closed: () => void = () => {};
    const whenClosed = new Promise<void>((resolve) => {
      closed = resolve;
    });
    app.get('/', (req: Req, res: Res) => {
      req.on('close', () => events.push('req close'));
      req.on('aborted', () => events.push('req aborted'));
      res.on('finish', () => events.push(`res finish ${res.writableFinished}`));
      res.on('close', () => {
        events.push(`res close ${res.destroyed}`);
        setImmediate(closed);
      });
      res.send('ok');
      events.push(`sent ${res.headersSent} ${res.writableEnded} ${res.writableFinished}`);
    });
    const response = await (app as FetchApp).fetch(new Request('http://localhost/'));
    assert.equal(await response.text(), 'ok');
    await whenClosed;
    assert.deepEqual(events.filter((e) => e !== 'req close'), ['sent true true false', 'res finish true', 'res close true']);
    assert.ok(events.includes('req close'));
  });
});
