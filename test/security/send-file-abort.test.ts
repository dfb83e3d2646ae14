import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { readdirSync, writeFileSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import portico from '../../src/index';
import { startServer, type RunningServer } from '../helpers/server';
import { makeTempDir } from '../helpers/file-fixtures';
import { until } from '../helpers/wait-for';

/*
 * Clients that disconnect mid-file must not leak file descriptors or crash the process, and a
 * client that stops reading must hold the transfer back (backpressure) rather than make the
 * server read the whole file into memory.
 */

// Sparse (truncated) files: large to the sender, cheap to make.
const BIG = 64 * 1024 * 1024;
let tmp: ReturnType<typeof makeTempDir>;
let server: RunningServer;
const callbackErrors: string[] = [];
const nextErrors: unknown[] = [];
const pending = new Map<string, (res: any) => void>();

before(async () => {
  tmp = makeTempDir('portico-abort-');
  writeFileSync(join(tmp.dir, 'small.txt'), 'x'.repeat(10_000));
  writeFileSync(join(tmp.dir, 'big.bin'), '');
  truncateSync(join(tmp.dir, 'big.bin'), BIG);
  const app = portico();
  app.get('/with-callback', (_req: any, res: any) => {
    res.sendFile(join(tmp.dir, 'big.bin'), (err?: NodeJS.ErrnoException) => {
      if (err) callbackErrors.push(String(err.code));
    });
  });
  app.get('/without-callback', (_req: any, res: any) => res.sendFile(join(tmp.dir, 'big.bin')));
  app.get('/download', (_req: any, res: any) => res.download(join(tmp.dir, 'big.bin')));
  app.get('/small-with-callback', (_req: any, res: any) => {
    res.sendFile(join(tmp.dir, 'small.txt'), (err?: NodeJS.ErrnoException) => {
      if (err) callbackErrors.push(String(err.code));
    });
  });
  app.get('/watched/:id', (req: any, res: any) => {
    res.sendFile(join(tmp.dir, 'big.bin'));
    pending.get(req.params.id)?.(res);
  });
  app.use(portico.static(tmp.dir));
  app.use((err: unknown, _req: unknown, res: any, _next: unknown) => {
    nextErrors.push(err);
    res.end();
  });
  server = await startServer(app);
});

after(async () => {
  await server.close();
  tmp.remove();
});

function openDescriptors(): number {
  return readdirSync('/proc/self/fd').length;
}

/** Requests `path`, waits for the first bytes of the body, then destroys the connection. */
function abortAfterFirstBytes(path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`));
    socket.once('data', () => {
      socket.destroy();
      resolve();
    });
    socket.on('error', reject);
  });
}

/** Sends a request and destroys the connection at once, usually while the file is being opened or read. */
function abortRightAway(path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
      socket.destroy();
      resolve();
    });
    socket.on('error', reject);
  });
}

/**
 * Waits until the open-descriptor count drops back to `target` (closing is asynchronous), or gives
 * up after `ms` (generous by default, for a loaded machine) and returns the count then.
 */
async function settleTo(target: number, ms = 15_000): Promise<number> {
  await until(() => openDescriptors() <= target, 'the descriptors to close', ms).catch(() => undefined);
  return openDescriptors();
}

describe('file transfers aborted by the client', () => {
  it('500 aborted downloads leave the open descriptors unchanged', async () => {
    const paths = ['/with-callback', '/without-callback', '/download', '/big.bin'];
    // One warm-up round so lazily opened handles (loggers, resolvers) are not counted as leaks.
    for (const path of paths) await abortAfterFirstBytes(path);
    // The baseline: what is left open once the warm-up has had a moment to close.
    const before = await settleTo(0, 2000);
    for (let i = 0; i < 500; i++) await abortAfterFirstBytes(paths[i % paths.length]);
    const afterCount = await settleTo(before);
    assert.equal(afterCount, before);
  });

  it('500 small-file requests dropped at once leave the open descriptors unchanged, and reach no error handler', async () => {
    nextErrors.length = 0;
    const paths = ['/small-with-callback', '/small.txt'];
    for (const path of paths) await abortRightAway(path);
    const before = await settleTo(0, 2000);
    for (let i = 0; i < 500; i++) await abortRightAway(paths[i % paths.length]);
    const afterCount = await settleTo(before);
    assert.equal(afterCount, before);
    assert.deepEqual(nextErrors, []);
  });

  it('reports ECONNABORTED to the callback and nothing to next(err)', async () => {
    callbackErrors.length = 0;
    nextErrors.length = 0;
    for (let i = 0; i < 10; i++) await abortAfterFirstBytes('/with-callback');
    for (let i = 0; i < 10; i++) await abortAfterFirstBytes('/without-callback');
    await until(() => callbackErrors.length >= 10, 'the ten callbacks').catch(() => undefined);
    // A window for a wrong next(err) to show (absence has no event to wait for).
    await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(callbackErrors, Array(10).fill('ECONNABORTED'));
    assert.deepEqual(nextErrors, []);
  });

  it('holds the file back while the client does not read (backpressure)', async () => {
    let response: any;
    const started = new Promise<void>((resolve) => {
      pending.set('slow', (res) => {
        response = res;
        resolve();
      });
    });
    const socket = net.connect(server.port, '127.0.0.1', () => socket.write('GET /watched/slow HTTP/1.1\r\nHost: x\r\n\r\n'));
    socket.pause();
    try {
      await started;
      await new Promise((r) => setTimeout(r, 400));
      // Bytes handed to the socket plus bytes queued in the response: the kernel's socket buffers
      // (a few MB on loopback) and one chunk, far below the file size.
      const outstanding = response.socket.bytesWritten + response.writableLength;
      assert.ok(outstanding < BIG / 4, `${outstanding} bytes pushed to a client that reads nothing`);
    } finally {
      socket.destroy();
      pending.delete('slow');
    }
  });
});
