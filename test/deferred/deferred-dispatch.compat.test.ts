import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import http from 'node:http';
import net from 'node:net';
import { executionAsyncResource } from 'node:async_hooks';
import express from 'express';
import portico from '../../src/index';
import { send, startWithAppListen as listen, type RunningServer } from '../helpers/server';
import { until } from '../helpers/wait-for';

/*
 * `app.enable('deferred dispatch')` against express@4 over real HTTP: every difference that
 * docs/deferred-dispatch.md lists is shown here (and the list is read from the page, so a difference
 * documented without a case here, or a case here the page does not list, fails). That nothing else
 * differs is deferred-dispatch-rules.compat.test.ts's differential battery.
 */

type App = any;

/** The same app on express@4 (app.listen) and on Portico with the setting; `probe` runs on both. */
async function onBoth<T>(setup: (app: App) => void, probe: (srv: RunningServer, app: App) => Promise<T>): Promise<{ express: T; deferred: T }> {
  const theirs = express();
  setup(theirs);
  const ours = portico();
  ours.enable('deferred dispatch');
  setup(ours);
  const [e, d] = [await listen(theirs), await listen(ours)];
  try {
    return { express: await probe(e, theirs), deferred: await probe(d, ours) };
  } finally {
    await e.close();
    await d.close();
  }
}

/** Writes `bytes` in one write and reads until the server closes. */
function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (c: string) => (data += c));
    socket.on('error', reject);
    socket.on('close', () => resolve(data));
  });
}

const bodyOf = (raw: string): string => raw.slice(raw.indexOf('\r\n\r\n') + 4);

/** One case per difference the page lists, keyed by the bold name that opens its item. */
const DIFFERENCES: Record<string, () => Promise<void>> = {
  async 'req.complete'() {
    const r = await onBoth(
      (app) => app.get('/', (req: App, res: App) => res.json({ complete: req.complete })),
      async (srv) => (await send(srv.port)).text,
    );
    assert.equal(r.express, '{"complete":false}');
    assert.equal(r.deferred, '{"complete":true}');
  },

  async 'request body'() {
    const r = await onBoth(
      (app) =>
        app.post('/', (req: App, res: App) => {
          const buffered = req.readableLength;
          const chunks: string[] = [];
          req.setEncoding('utf8');
          req.on('data', (c: string) => chunks.push(c));
          req.on('end', () => res.json({ buffered, chunks }));
        }),
      async (srv) => bodyOf(await rawExchange(srv.port, 'POST / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 5\r\n\r\nhello')),
    );
    // The same chunks either way; only what was buffered when the handler ran differs.
    assert.equal(r.express, '{"buffered":0,"chunks":["hello"]}');
    assert.equal(r.deferred, '{"buffered":5,"chunks":["hello"]}');
  },

  async 'pipelined requests'() {
    const r = await onBoth(
      (app) => {
        app.locals.log = [];
        app.get('/:n', (req: App, res: App) => {
          req.app.locals.log.push('handled ' + req.params.n);
          res.json(req.app.locals.log);
        });
      },
      async (srv, app) => {
        srv.server.prependListener('request', (req: http.IncomingMessage) => app.locals.log.push('parsed ' + req.url));
        const raw = await rawExchange(srv.port, 'GET /1 HTTP/1.1\r\nHost: x\r\n\r\nGET /2 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
        return raw.match(/\[[^\]]*\]/g);
      },
    );
    assert.deepEqual(r.express, ['["parsed /1","handled 1"]', '["parsed /1","handled 1","parsed /2","handled 2"]']);
    assert.deepEqual(r.deferred, ['["parsed /1","parsed /2","handled 1"]', '["parsed /1","parsed /2","handled 1","handled 2"]']);
  },

  async 'request listeners'() {
    const r = await onBoth(
      (app) => app.get('/', (req: App, res: App) => res.json({ seenByOther: Boolean(req.seenByOther) })),
      async (srv) => {
        const first = srv.server.listeners('request')[0];
        srv.server.on('request', (req: http.IncomingMessage & { seenByOther?: boolean }) => {
          req.seenByOther = true;
        });
        return { text: (await send(srv.port)).text, firstIsApp: typeof first === 'function' && 'handle' in first };
      },
    );
    assert.deepEqual(r.express, { text: '{"seenByOther":false}', firstIsApp: true });
    assert.deepEqual(r.deferred, { text: '{"seenByOther":true}', firstIsApp: false });
  },

  async 'async context'() {
    const r = await onBoth(
      (app) => app.get('/', (req: App, res: App) => res.json({ resource: executionAsyncResource().constructor.name })),
      async (srv) => JSON.parse((await send(srv.port)).text).resource as string,
    );
    assert.notEqual(r.express, 'Immediate');
    assert.equal(r.deferred, 'Immediate');
  },

  async 'client gone before dispatch'() {
    // A client that sends its request and resets the connection at once: express@4's handler runs
    // while node parses the head, before it reads the reset; the deferred one can run after it.
    const r = await onBoth(
      (app) => {
        app.locals.destroyed = [];
        app.locals.closed = 0;
        app.get('/', (req: App, res: App) => {
          req.app.locals.destroyed.push(req.socket.destroyed);
          req.on('close', () => req.app.locals.closed++);
          res.end('answered into nothing');
        });
      },
      async (srv, app) => {
        for (let i = 0; i < 30; i++) {
          const socket = net.connect(srv.port, '127.0.0.1');
          await once(socket, 'connect');
          socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
          socket.resetAndDestroy();
          await once(socket, 'close');
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        // Once the server holds no connection, every request it handled has had its 'close'.
        const open = (): Promise<number> => new Promise((resolve) => srv.server.getConnections((_err, n) => resolve(n)));
        await until(async () => (await open()) === 0, 'the server to close the reset connections').catch(() => undefined);
        await new Promise((resolve) => setImmediate(resolve));
        return { destroyed: app.locals.destroyed as boolean[], closed: app.locals.closed as number };
      },
    );
    assert.ok(!r.express.destroyed.includes(true), 'express@4 never handles a request whose connection is gone');
    assert.ok(r.deferred.destroyed.includes(true), `the deferred handler never ran after the reset (${r.deferred.destroyed.length} handled)`);
    // The request's 'close' follows the handler either way.
    assert.equal(r.express.closed, r.express.destroyed.length);
    assert.equal(r.deferred.closed, r.deferred.destroyed.length);
  },
};

describe("app.enable('deferred dispatch') against express@4", () => {
  const page = readFileSync(join(__dirname, '..', '..', 'docs', 'deferred-dispatch.md'), 'utf8');
  const section = page.slice(page.indexOf('## What changes'), page.indexOf('\n## ', page.indexOf('## What changes') + 1));
  const listed = [...section.matchAll(/^- \*\*(.+?)\*\*/gm)].map((m) => m[1]);

  it('tests exactly the differences docs/deferred-dispatch.md lists', () => {
    assert.ok(listed.length >= 5, `the page lists ${listed.length} differences`);
    assert.deepEqual([...listed].sort(), Object.keys(DIFFERENCES).sort());
  });

  for (const [name, test] of Object.entries(DIFFERENCES)) it(`differs as documented: ${name}`, test);
});
