import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import express from 'express';
import portico from '../../src/index';
import portico5 from '../../src/express5/index';
import legacy from '../../src/legacy/index';
import type { FetchApp } from './fetch-pair';

/*
 * `app.fetch` as a member: one bound function per app, usable alone, not among the app's own
 * enumerable keys, and the second argument each host passes read for the client's address.
 */

type Req = IncomingMessage & Record<string, any>;
type Res = ServerResponse & Record<string, any>;

function ipApp(framework: any = portico): FetchApp {
  const app = framework();
  app.get('/', (req: Req, res: Res) =>
    res.json({ ip: req.ip ?? null, ips: req.ips, protocol: req.protocol, secure: req.secure, hostname: req.hostname, port: req.socket.remotePort ?? null, family: req.socket.remoteFamily ?? null }),
  );
  return app as FetchApp;
}

describe('app.fetch: the member', () => {
  for (const [name, framework] of [
    ['portico()', portico],
    ['portico/5', portico5],
    ['portico/legacy', legacy],
  ] as const) {
    it(`${name}: a function bound to its app, the same on every read`, async () => {
      const app = (framework as any)();
      app.get('/', (_req: Req, res: Res) => res.send('bound'));
      const first = app.fetch;
      assert.equal(typeof first, 'function');
      assert.equal(app.fetch, first);
      // Unbound, as `export default { fetch: app.fetch }` and `Bun.serve({ fetch: app.fetch })` call it.
      const { fetch } = app as FetchApp;
      const host = { fetch: (app as FetchApp).fetch };
      assert.equal(await (await fetch(new Request('http://localhost/'))).text(), 'bound');
      assert.equal(await (await host.fetch(new Request('http://localhost/'))).text(), 'bound');
      assert.notEqual((framework as any)().fetch, first, 'each app has its own');
    });
  }

  it('is not an own enumerable key: Object.keys(app) is the same before and after reading it', () => {
    const app = (portico as any)();
    const before = Object.keys(app);
    void app.fetch;
    assert.deepEqual(Object.keys(app), before);
    assert.equal(Object.keys(app).includes('fetch'), false);
    assert.equal('fetch' in app, true);
    // express@4 has no such member: the one addition.
    assert.equal('fetch' in (express as any)(), false);
  });

  it('read on the application prototype, as inspectors do, gives undefined and caches nothing', () => {
    const app = (portico as any)();
    const proto = Object.getPrototypeOf(app);
    assert.equal(proto.fetch, undefined);
    assert.equal(Object.prototype.hasOwnProperty.call(proto, 'fetch'), true, 'the accessor is there');
    assert.equal(typeof Object.getOwnPropertyDescriptor(proto, 'fetch')?.get, 'function');
    assert.equal(typeof app.fetch, 'function');
  });

  it('can be replaced on an app, as any member', async () => {
    const app = (portico as any)();
    const replacement = async (): Promise<Response> => new Response('mine');
    app.fetch = replacement;
    assert.equal(app.fetch, replacement);
    assert.equal((portico as any)().fetch === replacement, false);
  });
});

describe('app.fetch: the second argument', () => {
  it('no second argument: no address, http from an http URL', async () => {
    const got = (await (await ipApp().fetch(new Request('http://api.example.com/'))).json()) as any;
    assert.deepEqual(got, { ip: null, ips: [], protocol: 'http', secure: false, hostname: 'api.example.com', port: null, family: null });
  });

  it('an https URL is a secure request', async () => {
    const got = (await (await ipApp().fetch(new Request('https://api.example.com:8443/'))).json()) as any;
    assert.equal(got.protocol, 'https');
    assert.equal(got.secure, true);
    assert.equal(got.hostname, 'api.example.com');
  });

  it("Portico's options: { remoteAddress, remotePort }", async () => {
    const got = (await (await ipApp().fetch(new Request('http://x/'), { remoteAddress: '203.0.113.7', remotePort: 4321 })).json()) as any;
    assert.equal(got.ip, '203.0.113.7');
    assert.equal(got.port, 4321);
    assert.equal(got.family, 'IPv4');
  });

  it("@hono/node-server's env: { incoming } gives the socket's address", async () => {
    const incoming = { socket: { remoteAddress: '::1', remotePort: 5000, remoteFamily: 'IPv6' } };
    const got = (await (await ipApp().fetch(new Request('http://x/'), { incoming, outgoing: {} })).json()) as any;
    assert.equal(got.ip, '::1');
    assert.equal(got.family, 'IPv6');
  });

  it("Bun's server: requestIP(request)", async () => {
    let asked: Request | undefined;
    const server = {
      requestIP(request: Request) {
        asked = request;
        return { address: '198.51.100.4', port: 1234, family: 'IPv4' };
      },
    };
    const request = new Request('http://x/');
    const got = (await (await ipApp().fetch(request, server)).json()) as any;
    assert.equal(asked, request);
    assert.equal(got.ip, '198.51.100.4');
    assert.equal(got.port, 1234);
  });

  it("asks the host for the address only when the app reads it, and once", async () => {
    let asked = 0;
    const server = {
      requestIP() {
        asked++;
        return { address: '198.51.100.4', port: 1234, family: 'IPv4' };
      },
    };
    const app = (portico as any)();
    app.get('/quiet', (_req: Req, res: Res) => res.send('no address read'));
    app.get('/twice', (req: Req, res: Res) => res.json([req.ip, req.socket.remoteAddress, req.socket.remotePort]));
    assert.equal(await (await (app as FetchApp).fetch(new Request('http://x/quiet'), server)).text(), 'no address read');
    assert.equal(asked, 0);
    assert.deepEqual(await (await (app as FetchApp).fetch(new Request('http://x/twice'), server)).json(), ['198.51.100.4', '198.51.100.4', 1234]);
    assert.equal(asked, 1);
  });

  it('reads neither the body of a GET nor the signal of a response ended at once (hosts build them lazily)', async () => {
    const read: string[] = [];
    const lazy = (request: Request): Request =>
      new Proxy(request, {
        get(target, key) {
          if (key === 'body' || key === 'signal') read.push(key);
          const value = Reflect.get(target, key, target) as unknown;
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      });
    const app = (portico as any)();
    app.get('/', (_req: Req, res: Res) => res.send('at once'));
    app.get('/later', (_req: Req, res: Res) => setImmediate(() => res.send('later')));
    app.post('/', (_req: Req, res: Res) => res.send('posted'));
    assert.equal(await (await (app as FetchApp).fetch(lazy(new Request('http://x/')))).text(), 'at once');
    assert.deepEqual(read, []);
    assert.equal(await (await (app as FetchApp).fetch(lazy(new Request('http://x/later')))).text(), 'later');
    assert.deepEqual(read, ['signal']);
    read.length = 0;
    assert.equal(await (await (app as FetchApp).fetch(lazy(new Request('http://x/', { method: 'POST', body: 'b' })))).text(), 'posted');
    assert.deepEqual(read, ['body']);
  });

  it("Deno's handler info: { remoteAddr }", async () => {
    const got = (await (await ipApp().fetch(new Request('http://x/'), { remoteAddr: { transport: 'tcp', hostname: '2001:db8::1', port: 80 } })).json()) as any;
    assert.equal(got.ip, '2001:db8::1');
    assert.equal(got.family, 'IPv6');
  });

  it('a Workers env and ctx give no address (a header is not trusted for it)', async () => {
    const env = { KV: {}, SECRET: 'x' };
    const ctx = { waitUntil() {}, passThroughOnException() {} };
    const got = (await (await ipApp().fetch(new Request('http://x/', { headers: { 'cf-connecting-ip': '192.0.2.1' } }), env, ctx)).json()) as any;
    assert.equal(got.ip, null);
  });

  it('trust proxy reads X-Forwarded-* behind a trusted address given as an option', async () => {
    const app = ipApp();
    (app as any).set('trust proxy', 'loopback');
    const request = new Request('http://internal:3000/', { headers: { 'x-forwarded-for': '203.0.113.50', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example.com' } });
    const got = (await (await app.fetch(request, { remoteAddress: '127.0.0.1' })).json()) as any;
    assert.deepEqual({ ip: got.ip, ips: got.ips, protocol: got.protocol, secure: got.secure, hostname: got.hostname }, { ip: '203.0.113.50', ips: ['203.0.113.50'], protocol: 'https', secure: true, hostname: 'shop.example.com' });
    const untrusted = (await (await app.fetch(request.clone(), { remoteAddress: '198.51.100.1' })).json()) as any;
    assert.deepEqual({ ip: untrusted.ip, protocol: untrusted.protocol, hostname: untrusted.hostname }, { ip: '198.51.100.1', protocol: 'http', hostname: 'internal' });
  });
});
