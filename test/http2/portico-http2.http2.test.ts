import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import http2 from 'node:http2';
import https from 'node:https';
import { IncomingMessage, ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import portico from '../../src/index';
import legacy from '../../src/legacy/index';
import { createServer, createSecureServer, http2Options } from '../../src/http2';
import { PorticoRequest } from '../../src/request/request';
import { PorticoResponse } from '../../src/response/response';
import { TLS, connect, request } from '../helpers/http2';
import type { AddressInfo } from 'node:net';

/*
 * portico/http2: the start-up in which node:http2 constructs Portico's request and response classes,
 * so that nothing changes prototype on its way into the app. What the app sees is the same as with
 * plain `http2.createServer(app)` (test/compat/http2.compat.test.ts runs both).
 */

const ROOT = join(__dirname, '..', '..');
const servers: (http2.Http2Server | http2.Http2SecureServer)[] = [];
after(() => {
  for (const s of servers) s.close();
});

function listen<S extends http2.Http2Server | http2.Http2SecureServer>(server: S): Promise<number> {
  servers.push(server);
  // Sessions are closed by their clients; unref so a lingering one does not hold the test process.
  server.on('session', (session) => session.socket.unref());
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/** An app that reports the prototypes its objects had before the app and in a handler. */
function probingApp(app: ReturnType<typeof portico>): { listener: (req: object, res: object) => void; seen: Record<string, boolean>[] } {
  const seen: Record<string, boolean>[] = [];
  let before: object[] = [];
  app.get('/probe', (req, res) => {
    seen.push({
      requestKept: Object.getPrototypeOf(req) === before[0],
      responseKept: Object.getPrototypeOf(res) === before[1],
      isIncomingMessage: req instanceof IncomingMessage,
      isServerResponse: res instanceof ServerResponse,
      constructorIsPorticos: req.constructor === PorticoRequest && res.constructor === PorticoResponse,
      hostFromAuthority: req.get('host') === 'probe.example:1234',
      routeField: Object.prototype.hasOwnProperty.call(req, 'route'),
    });
    res.json({ path: req.path, protocol: req.protocol, version: req.httpVersion });
  });
  const listener = (req: object, res: object): void => {
    before = [Object.getPrototypeOf(req) as object, Object.getPrototypeOf(res) as object];
    (app as unknown as (a: object, b: object) => void)(req, res);
  };
  return { listener, seen };
}

describe('portico/http2', () => {
  it('createServer: node constructs objects that already have the prototypes the app gives them (h2c)', async () => {
    const app = portico();
    const { listener, seen } = probingApp(app);
    // The options the app's server uses, handed to node:http2 with a listener that wraps the app.
    const port = await listen(http2.createServer(http2Options(app), listener as never));
    const session = await connect(`http://127.0.0.1:${port}`);
    const res = await request(session, { path: '/probe', headers: { ':authority': 'probe.example:1234' } });
    session.close();
    assert.deepEqual(JSON.parse(res.text), { path: '/probe', protocol: 'http', version: '2.0' });
    assert.deepEqual(seen, [
      { requestKept: true, responseKept: true, isIncomingMessage: true, isServerResponse: true, constructorIsPorticos: true, hostFromAuthority: true, routeField: true },
    ]);
  });

  it('plain http2.createServer(app): node\'s objects take a prototype as they enter (the slower path, same answers)', async () => {
    const app = portico();
    const { listener, seen } = probingApp(app);
    const port = await listen(http2.createServer(listener as never));
    const session = await connect(`http://127.0.0.1:${port}`);
    const res = await request(session, { path: '/probe', headers: { ':authority': 'probe.example:1234' } });
    session.close();
    assert.deepEqual(JSON.parse(res.text), { path: '/probe', protocol: 'http', version: '2.0' });
    assert.deepEqual(seen, [
      { requestKept: false, responseKept: false, isIncomingMessage: true, isServerResponse: true, constructorIsPorticos: true, hostFromAuthority: true, routeField: true },
    ]);
  });

  it('createSecureServer: h2 over TLS, and HTTP/1.1 clients of allowHTTP1 on Portico\'s HTTP/1 classes', async () => {
    const app = portico();
    let http1Kept: boolean | undefined;
    app.get('/v', (req, res) => {
      if (req.httpVersionMajor === 1) http1Kept = Object.getPrototypeOf(req) === PorticoRequest.prototype && Object.getPrototypeOf(res) === PorticoResponse.prototype;
      res.send(`${req.protocol} ${req.httpVersion} ${String(req.secure)}`);
    });
    const port = await listen(createSecureServer({ allowHTTP1: true, ...TLS }, app));
    const session = await connect(`https://127.0.0.1:${port}`);
    assert.equal((await request(session, { path: '/v' })).text, 'https 2.0 true');
    session.close();
    const h1 = await new Promise<string>((resolve, reject) => {
      https
        .get({ host: '127.0.0.1', port, path: '/v', ca: TLS.cert, servername: 'localhost', agent: false }, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve(body));
        })
        .on('error', reject);
    });
    assert.equal(h1, 'https 1.1 true');
    assert.equal(http1Kept, true);
  });

  it('createServer(options, app) passes node:http2 the options as well', async () => {
    const app = portico();
    app.get('/', (_req, res) => res.send('ok'));
    const server = createServer({ maxSessionMemory: 20 }, app);
    const port = await listen(server);
    const session = await connect(`http://127.0.0.1:${port}`);
    assert.equal((await request(session, { path: '/' })).text, 'ok');
    session.close();
  });

  it('sees what the app adds to app.request and app.response, before and after the server is made', async () => {
    const app = portico();
    (app.request as unknown as { early(): string }).early = () => 'early';
    const server = createServer(app);
    (app.response as unknown as { late(this: { send(b: string): void }, b: string): void }).late = function late(b) {
      this.send('late ' + b);
    };
    (portico.request as unknown as { everywhere?: () => string }).everywhere = () => 'everywhere';
    try {
      app.get('/', (req, res) => {
        const r = req as unknown as { early(): string; everywhere(): string };
        (res as unknown as { late(b: string): void }).late(r.early() + ' ' + r.everywhere());
      });
      const port = await listen(server);
      const session = await connect(`http://127.0.0.1:${port}`);
      assert.equal((await request(session, { path: '/' })).text, 'late early everywhere');
      session.close();
    } finally {
      delete (portico.request as unknown as { everywhere?: () => string }).everywhere;
    }
  });

  it('serves a portico/legacy app, and a mounted app with its own app.request', async () => {
    const app = legacy();
    const sub = portico();
    (sub.request as unknown as { mark: string }).mark = 'sub';
    sub.get('/m', (req, res) => res.send(String((req as unknown as { mark?: string }).mark)));
    (app as unknown as { use(path: string, a: unknown): void }).use('/sub', sub);
    (app as unknown as { get(p: string, h: (req: unknown, res: { send(b: string): void }) => void): void }).get('/', (_req, res) => res.send('3.x'));
    const port = await listen(createServer(app as never));
    const session = await connect(`http://127.0.0.1:${port}`);
    assert.equal((await request(session, { path: '/' })).text, '3.x');
    assert.equal((await request(session, { path: '/sub/m' })).text, 'sub');
    assert.equal((await request(session, { path: '/' })).text, '3.x');
    session.close();
  });

  it('adds nothing that enumerating require(\'portico\') shows, and is published as the portico/http2 subpath', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    // Each condition carries its own types (ESM types for `import`), as for the other entries.
    assert.deepEqual(pkg.exports['./http2'], {
      import: { types: './dist/esm/http2.d.mts', default: './dist/esm/http2.mjs' },
      require: { types: './dist/http2.d.ts', default: './dist/http2.js' },
    });
    assert.equal(Object.keys(portico).some((k) => /http2/i.test(k)), false);
    assert.equal(Object.keys(app0()).some((k) => /http2/i.test(k)), false);
  });
});

function app0(): object {
  return portico() as unknown as object;
}
