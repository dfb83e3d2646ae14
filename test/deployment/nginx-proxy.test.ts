import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { send } from '../helpers/server';
import { startCluster, type ClusterProcess } from './support/cluster-process';
import { root, startNginx, type Nginx } from './support/services';
import { viaNginx } from './support/proxy-client';

// Portico behind a real nginx (examples/cluster/nginx.conf) that ends TLS and forwards
// X-Forwarded-*: what the app sees of the client, with 'trust proxy' set to nginx's address and
// with it unset. The client connects from 127.0.0.5, nginx from 127.0.0.1, so the two differ.

const app = join(root, 'test', 'deployment', 'fixtures', 'cluster-app.js');
const host = 'app.example.test';
const spoofed = { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' };

let trusted: ClusterProcess;
let untrusted: ClusterProcess;
let nginx: Nginx;
let nginxUntrusted: Nginx;

before(async () => {
  [trusted, untrusted] = await Promise.all([
    startCluster(app, { TRUST_PROXY: '127.0.0.1' }, 2),
    startCluster(app, { TRUST_PROXY: '' }, 1),
  ]);
  [nginx, nginxUntrusted] = await Promise.all([startNginx([trusted.port], host), startNginx([untrusted.port], host)]);
});
after(async () => {
  await Promise.all([nginx?.stop(), nginxUntrusted?.stop()]);
  await Promise.all([trusted?.stop(), untrusted?.stop()]);
});

interface Seen {
  ip: string;
  ips: string[];
  protocol: string;
  secure: boolean;
  hostname: string;
  pid: number;
}

async function seen(n: Nginx, tls: boolean, path = '/proxy', headers = {}): Promise<Omit<Seen, 'pid'>> {
  const r = await viaNginx(n, { tls, path, headers });
  assert.equal(r.status, 200, r.text);
  const { pid: _pid, ...rest } = JSON.parse(r.text) as Seen;
  return rest;
}

describe("behind nginx, 'trust proxy' = nginx's address", () => {
  it('over HTTPS: the client address, https, secure, the public host name', async () => {
    assert.deepEqual(await seen(nginx, true), { ip: '127.0.0.5', ips: ['127.0.0.5'], protocol: 'https', secure: true, hostname: host });
  });

  it('over plain HTTP: http, not secure', async () => {
    assert.deepEqual(await seen(nginx, false), { ip: '127.0.0.5', ips: ['127.0.0.5'], protocol: 'http', secure: false, hostname: host });
  });

  it("a client's forged X-Forwarded-* change nothing: nginx appends to X-Forwarded-For and replaces the others", async () => {
    assert.deepEqual(await seen(nginx, false, '/proxy', spoofed), {
      ip: '127.0.0.5',
      ips: ['127.0.0.5'],
      protocol: 'http',
      secure: false,
      hostname: host,
    });
  });

  it("each 'trust proxy' value on the same forged request: a hop count and the address hold, 'loopback' and true let the forgery through, none sees nginx", async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    const honest = { ip: '127.0.0.5', ips: ['127.0.0.5'], protocol: 'https', secure: true, hostname: host };
    assert.deepEqual(await seen(nginx, true, '/trust/hop/', headers), honest);
    assert.deepEqual(await seen(nginx, true, '/trust/address/', headers), honest);
    // The client is on loopback too, so 'loopback' trusts it, and with it the address it made up.
    assert.deepEqual(await seen(nginx, true, '/trust/loopback/', headers), { ...honest, ip: '203.0.113.9', ips: ['203.0.113.9', '127.0.0.5'] });
    assert.deepEqual(await seen(nginx, true, '/trust/all/', headers), { ...honest, ip: '203.0.113.9', ips: ['203.0.113.9', '127.0.0.5'] });
    assert.deepEqual(await seen(nginx, true, '/trust/none/', headers), { ip: '127.0.0.1', ips: [], protocol: 'http', secure: false, hostname: host });
  });

  it('redirects: relative ones pass through, absolute ones are built on https and the public host', async () => {
    const login = await viaNginx(nginx, { tls: true, path: '/to-login' });
    assert.deepEqual([login.status, login.headers.location], [302, '/login']);
    const canonical = await viaNginx(nginx, { tls: true, path: '/canonical' });
    assert.deepEqual([canonical.status, canonical.headers.location], [301, `https://${host}/home`]);
    // The HTTPS-only guard sends plain HTTP to HTTPS, and lets HTTPS in.
    const plain = await viaNginx(nginx, { tls: false, path: '/account?tab=keys' });
    assert.deepEqual([plain.status, plain.headers.location], [301, `https://${host}/account?tab=keys`]);
    const secure = await viaNginx(nginx, { tls: true, path: '/account?tab=keys' });
    assert.deepEqual([secure.status, secure.text], [200, 'account page']);
  });

  it('nginx spreads requests over the workers', async () => {
    const pids = new Set<number>();
    for (let i = 0; i < 8; i++) pids.add(Number((await viaNginx(nginx, { tls: true, path: '/pid' })).text));
    assert.deepEqual(pids, new Set(trusted.listeningPids()));
  });
});

describe("'trust proxy' unset", () => {
  it('behind nginx, X-Forwarded-* are ignored: the address is nginx, the protocol the socket', async () => {
    assert.deepEqual(await seen(nginxUntrusted, true, '/proxy', spoofed), { ip: '127.0.0.1', ips: [], protocol: 'http', secure: false, hostname: host });
    // Hence the classic redirect loop of an HTTPS-only guard behind a TLS proxy.
    const loop = await viaNginx(nginxUntrusted, { tls: true, path: '/account' });
    assert.deepEqual([loop.status, loop.headers.location], [301, `https://${host}/account`]);
  });

  it('spoken to directly, forged X-Forwarded-* are ignored', async () => {
    const r = await send(untrusted.port, { path: '/proxy', headers: { host: 'direct.example:8080', ...spoofed } });
    const { pid: _pid, ...rest } = JSON.parse(r.text) as Seen;
    assert.deepEqual(rest, { ip: '127.0.0.1', ips: [], protocol: 'http', secure: false, hostname: 'direct.example' });
  });
});
