import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import portico from '../../src/index';
import { FETCH_ERRORS } from '../../src/transport/fetch-errors';
import type { FetchApp } from './fetch-pair';

/*
 * Errors over `app.fetch`: the app's own give Express's error page and never a rejected promise;
 * what a Response cannot carry (trailers, 1xx, Upgrade, the socket, a status over 599) fails where
 * the app asks for it, with an Error whose code docs/fetch.md documents.
 */

type Req = IncomingMessage & Record<string, any>;
type Res = ServerResponse & Record<string, any>;
type Next = (err?: unknown) => void;

const doc = readFileSync(join(__dirname, '..', '..', 'docs', 'fetch.md'), 'utf8');

/** An app running `attempt` in a route and answering what it threw: its code, class and message. */
function attemptApp(): FetchApp {
  const app = (portico as any)();
  app.set('env', 'production');
  const attempt = (fn: (req: Req, res: Res) => void) => (req: Req, res: Res) => fn(req, res);
  app.get('/trailers', attempt((_req, res) => {
    res.addTrailers({ 'x-sum': '1' });
    res.send('unreached');
  }));
  app.get('/continue', attempt((_req, res) => res.writeContinue()));
  app.get('/processing', attempt((_req, res) => res.writeProcessing()));
  app.get('/early-hints', attempt((_req, res) => res.writeEarlyHints({ link: '</a.css>; rel=preload' })));
  app.get('/upgrade', attempt((_req, res) => res.status(101).set({ Connection: 'Upgrade', Upgrade: 'websocket' }).end()));
  app.get('/status-600', attempt((_req, res) => res.status(600).send('x')));
  app.get('/socket-write', attempt((req) => req.socket.write('HTTP/1.1 200 OK\r\n\r\n')));
  app.get('/socket-end', attempt((_req, res) => (res.socket as NonNullable<typeof res.socket>).end('bye')));
  app.use((err: any, _req: Req, res: Res, _next: Next) => {
    res.status(500).json({ code: err.code, name: err.name, message: err.message, sent: res.headersSent });
  });
  return app as FetchApp;
}

describe('app.fetch: what a Response cannot carry fails clearly', () => {
  const cases: Array<[string, keyof typeof FETCH_ERRORS, string]> = [
    ['/trailers', 'ERR_PORTICO_FETCH_TRAILERS', 'Error'],
    ['/continue', 'ERR_PORTICO_FETCH_INFORMATIONAL', 'RangeError'],
    ['/processing', 'ERR_PORTICO_FETCH_INFORMATIONAL', 'RangeError'],
    ['/early-hints', 'ERR_PORTICO_FETCH_INFORMATIONAL', 'RangeError'],
    ['/upgrade', 'ERR_PORTICO_FETCH_INFORMATIONAL', 'RangeError'],
    ['/status-600', 'ERR_PORTICO_FETCH_STATUS', 'RangeError'],
    ['/socket-write', 'ERR_PORTICO_FETCH_SOCKET', 'Error'],
    ['/socket-end', 'ERR_PORTICO_FETCH_SOCKET', 'Error'],
  ];
  for (const [path, code, name] of cases) {
    it(`${path}: ${code}, reaching the app's error handler before any head went out`, async () => {
      const response = await attemptApp().fetch(new Request('http://localhost' + path));
      assert.equal(response.status, 500);
      const got = (await response.json()) as any;
      assert.equal(got.code, code);
      assert.equal(got.name, name);
      assert.equal(got.sent, false);
      assert.ok(got.message.startsWith(FETCH_ERRORS[code]), got.message);
    });
  }

  for (const code of Object.keys(FETCH_ERRORS)) {
    it(`docs/fetch.md documents ${code}`, () => {
      assert.ok(doc.includes('`' + code + '`'), `${code} is not in docs/fetch.md`);
    });
  }
});

describe('app.fetch: errors never reject', () => {
  let unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown): void => {
    unhandled.push(reason);
  };
  before(() => {
    unhandled = [];
    process.on('unhandledRejection', onUnhandled);
  });
  after(() => {
    process.off('unhandledRejection', onUnhandled);
  });

  function errorApp(): FetchApp {
    const app = (portico as any)();
    app.set('env', 'production');
    app.get('/throw', () => {
      throw new Error('thrown');
    });
    app.get('/reject', () => Promise.reject(new Error('rejected')));
    app.get('/async', async () => {
      await new Promise((resolve) => setImmediate(resolve));
      throw Object.assign(new Error('late'), { status: 503 });
    });
    app.get('/handler-throws', () => {
      throw new Error('first');
    });
    app.use('/handler-throws', () => {
      throw new Error('second');
    });
    app.use('/handler-throws', (_err: unknown, _req: Req, _res: Res, _next: Next) => {
      throw new Error('in the error handler');
    });
    return app as FetchApp;
  }

  for (const [path, status] of [
    ['/throw', 500],
    ['/reject', 500],
    ['/async', 503],
    ['/handler-throws', 500],
    ['/nowhere', 404],
  ] as const) {
    it(`${path}: Express's error page, ${status}`, async () => {
      const response = await errorApp().fetch(new Request('http://localhost' + path));
      assert.equal(response.status, status);
      assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8');
      assert.equal(response.headers.get('content-security-policy'), "default-src 'none'");
      assert.match(await response.text(), /<title>Error<\/title>/);
    });
  }

  it('an app whose own handle throws still answers 500', async () => {
    const app = (portico as any)();
    app.set('env', 'production');
    app.handle = () => {
      throw new Error('handle broke');
    };
    const response = await (app as FetchApp).fetch(new Request('http://localhost/'));
    assert.equal(response.status, 500);
    assert.match(await response.text(), /Internal Server Error/);
  });

  it('a status a Response cannot have, set before the error page, still gives the page', async () => {
    const app = (portico as any)();
    app.set('env', 'production');
    app.get('/', (_req: Req, res: Res) => res.status(700).end());
    const response = await (app as FetchApp).fetch(new Request('http://localhost/'));
    assert.equal(response.status, 500);
  });

  it('left no unhandled rejection behind', async () => {
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(unhandled, []);
  });
});
