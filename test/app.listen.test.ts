import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import portico from '../src/index';
import { PorticoRequest } from '../src/request/request';
import { send } from './helpers/server';

type App = ReturnType<typeof portico>;

function helloApp(): App {
  const app = portico();
  app.get('/', (req, res) => res.end('hello ' + String(req instanceof PorticoRequest) + ' ' + req.protocol));
  return app;
}

function portOf(server: net.Server): number {
  return (server.address() as net.AddressInfo).port;
}

/** Resolves after the 'listening' event (node may mark a server listening before emitting it). */
function listening(server: net.Server): Promise<void> {
  return new Promise((resolve) => {
    if (server.listening) setImmediate(resolve);
    else server.once('listening', () => resolve());
  });
}

function closed(server: net.Server): Promise<void> {
  return new Promise((resolve) => {
    (server as http.Server).closeAllConnections?.();
    server.close(() => resolve());
  });
}

describe('app.listen()', () => {
  it('listens on a port chosen by the system with port 0, calls back, and returns the http.Server', async () => {
    const app = helloApp();
    let called = false;
    const server = app.listen(0, () => {
      called = true;
    });
    assert.ok(server instanceof http.Server);
    await listening(server);
    try {
      assert.equal(called, true);
      assert.ok(portOf(server) > 0);
      assert.equal((await send(portOf(server))).text, 'hello true http');
    } finally {
      await closed(server);
    }
  });

  it('accepts port and host', async () => {
    const server = helloApp().listen(0, '127.0.0.1');
    await listening(server);
    try {
      assert.equal((server.address() as net.AddressInfo).address, '127.0.0.1');
      assert.equal((await send(portOf(server))).status, 200);
    } finally {
      await closed(server);
    }
  });

  it('accepts port, host, backlog and callback', async () => {
    await new Promise<void>((resolve, reject) => {
      const server = helloApp().listen(0, '127.0.0.1', 5, () => {
        send(portOf(server))
          .then((res) => assert.equal(res.status, 200))
          .then(() => closed(server))
          .then(resolve, reject);
      });
    });
  });

  it('accepts a callback alone, and no arguments at all', async () => {
    await new Promise<void>((resolve, reject) => {
      const server = helloApp().listen(() => {
        send(portOf(server)).then(() => closed(server)).then(resolve, reject);
      });
    });
    const bare = helloApp().listen();
    await listening(bare);
    try {
      assert.equal((await send(portOf(bare))).status, 200);
    } finally {
      await closed(bare);
    }
  });

  it('accepts an options object', async () => {
    const server = helloApp().listen({ port: 0, host: '127.0.0.1' });
    await listening(server);
    try {
      assert.equal((await send(portOf(server))).text, 'hello true http');
    } finally {
      await closed(server);
    }
  });

  it('listens on a UNIX socket path', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-listen-'));
    const socketPath = join(dir, 'app.sock');
    const server = helloApp().listen(socketPath);
    await listening(server);
    try {
      const text = await new Promise<string>((resolve, reject) => {
        http
          .get({ socketPath, path: '/' }, (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (c: string) => (body += c));
            res.on('end', () => resolve(body));
          })
          .on('error', reject);
      });
      assert.equal(text, 'hello true http');
    } finally {
      await closed(server);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports a port in use through the returned server', async () => {
    const first = helloApp().listen(0, '127.0.0.1');
    await listening(first);
    try {
      const second = helloApp().listen(portOf(first), '127.0.0.1');
      const err = await new Promise<NodeJS.ErrnoException>((resolve) => second.once('error', resolve));
      assert.equal(err.code, 'EADDRINUSE');
    } finally {
      await closed(first);
    }
  });
});

describe('the app as the request listener of node servers', () => {
  let certDir: string;
  let key: Buffer;
  let cert: Buffer;

  before(() => {
    // A throwaway self-signed certificate, made with openssl (node:crypto cannot issue certificates).
    certDir = mkdtempSync(join(tmpdir(), 'portico-tls-'));
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost',
      '-keyout', join(certDir, 'key.pem'), '-out', join(certDir, 'cert.pem'),
    ], { stdio: 'ignore' });
    key = readFileSync(join(certDir, 'key.pem'));
    cert = readFileSync(join(certDir, 'cert.pem'));
  });

  after(() => {
    rmSync(certDir, { recursive: true, force: true });
  });

  it('serves https.createServer(options, app) and http.createServer(app) at once', async () => {
    const app = helloApp();
    app.get('/secure', (req, res) => res.end(String(req.secure)));
    const plain = http.createServer(app).listen(0, '127.0.0.1');
    const secure = https.createServer({ key, cert }, app).listen(0, '127.0.0.1');
    await Promise.all([listening(plain), listening(secure)]);
    try {
      assert.equal((await send(portOf(plain))).text, 'hello true http');
      const get = (path: string): Promise<string> =>
        new Promise((resolve, reject) => {
          https
            .get({ host: '127.0.0.1', port: portOf(secure), path, ca: cert, servername: 'localhost', checkServerIdentity: () => undefined }, (res) => {
              let body = '';
              res.setEncoding('utf8');
              res.on('data', (c: string) => (body += c));
              res.on('end', () => resolve(body));
            })
            .on('error', reject);
        });
      assert.equal(await get('/'), 'hello true https');
      assert.equal(await get('/secure'), 'true');
    } finally {
      await Promise.all([closed(plain), closed(secure)]);
    }
  });
});
