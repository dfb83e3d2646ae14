import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { send } from './helpers/server';
import { keepAliveSocket } from './deployment/support/keep-alive-socket';
import { assertBuilt } from './deployment/support/cluster-process';

// `portico/graceful` over real HTTP, in a real process stopped by SIGTERM as an orchestrator stops
// it, beside @godaddy/terminus and http-terminator on the same scenarios (same app, same fixture:
// test/fixtures/graceful/server.js).

const fixture = join(__dirname, 'fixtures', 'graceful', 'server.js');
const children = new Set<ChildProcess>();
after(() => {
  for (const child of children) child.kill('SIGKILL');
});

interface Running {
  port: number;
  output(): string;
  waitFor(pattern: RegExp): Promise<void>;
  exited: Promise<number | null>;
  sigterm(): void;
}

async function run(impl: string, readinessDelay = 0): Promise<Running> {
  assertBuilt();
  const child = spawn(process.execPath, [fixture], {
    env: { ...process.env, IMPL: impl, READINESS_DELAY: String(readinessDelay) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  void exited.then(() => children.delete(child));
  const waitFor = async (pattern: RegExp) => {
    const deadline = Date.now() + 20_000;
    while (!pattern.test(output)) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`${impl}: no ${pattern} in:\n${output}`);
      await delay(20);
    }
  };
  await waitFor(/listening on \d+/);
  const port = Number(/listening on (\d+)/.exec(output)?.[1]);
  return { port, output: () => output, waitFor, exited, sigterm: () => child.kill('SIGTERM') };
}

/** Resolves once nothing accepts on `port` any more (within 15 s: generous, for a loaded machine). */
async function refused(port: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const error = await send(port, { path: '/pid' }).then(() => null, (err: NodeJS.ErrnoException) => err);
    if (error?.code === 'ECONNREFUSED') return;
    if (Date.now() > deadline) throw new Error(`port ${port} still accepts 15 s after SIGTERM`);
    await delay(50);
  }
}

const GET = (path: string) => `GET ${path} HTTP/1.1\r\nHost: app.test\r\n\r\n`;

for (const impl of ['portico', 'terminus', 'http-terminator']) {
  describe(`graceful shutdown on SIGTERM: ${impl}`, () => {
    it('closes an idle keep-alive connection at once, finishes the request in flight and closes its connection after it, refuses new connections, exits 0', async () => {
      const server = await run(impl);
      const idle = keepAliveSocket(server.port);
      idle.send(GET('/pid'));
      await idle.received(/\r\n\r\n\d+$/);
      const busy = keepAliveSocket(server.port);
      let busyAnswered = false;
      void busy.received(/slow done$/).then(
        () => (busyAnswered = true),
        () => undefined,
      );
      busy.send(GET('/slow?ms=3000'));
      await server.waitFor(/slow request started/);

      server.sigterm();
      const idleText = await idle.closed;
      assert.match(idleText, /^HTTP\/1\.1 200 OK\r\n[^]*\r\n\r\n\d+$/);
      // "At once": the idle connection is closed without waiting for the request in flight.
      assert.equal(busyAnswered, false, 'the idle connection closed only after the request in flight was answered');
      await refused(server.port);

      const busyText = await busy.closed; // the server ended the connection after the response
      assert.match(busyText, /^HTTP\/1\.1 200 OK\r\n[^]*\r\n\r\nslow done$/);
      // The response itself tells the client not to reuse the connection.
      if (impl === 'portico') assert.match(busyText, /\r\nConnection: close\r\n/);
      assert.equal(await server.exited, 0);
      assert.match(server.output(), /drained/);
    });
  });
}

// The drain's readiness phase: the probes below must land inside it, on a loaded machine too.
const READINESS_DELAY = 3000;

describe('readiness while draining', () => {
  for (const impl of ['portico', 'terminus']) {
    it(`${impl}: answers 503 on readiness during the delay before the listener closes, then refuses connections`, async () => {
      const server = await run(impl, READINESS_DELAY);
      assert.equal((await send(server.port, { path: '/readyz' })).status, 200);
      server.sigterm();
      await server.waitFor(/SIGTERM received/);
      const r = await send(server.port, { path: '/readyz' });
      assert.equal(r.status, 503, r.text);
      await refused(server.port);
      assert.equal(await server.exited, 0);
    });
  }

  it('portico: a request on a new connection during that delay is served, with Connection: close', async () => {
    const server = await run('portico', READINESS_DELAY);
    server.sigterm();
    await server.waitFor(/SIGTERM received/);
    const r = await send(server.port, { path: '/pid' });
    assert.equal(r.status, 200);
    assert.equal(r.headers.connection, 'close');
    assert.equal(await server.exited, 0);
  });

  it('http-terminator has no readiness phase: the listener closes at once, so a probe is refused rather than answered 503', async () => {
    const server = await run('http-terminator');
    const busy = keepAliveSocket(server.port);
    busy.send(GET('/slow?ms=1500'));
    await server.waitFor(/slow request started/);
    server.sigterm();
    await refused(server.port);
    assert.match(await busy.closed, /slow done$/);
    assert.equal(await server.exited, 0);
  });
});
