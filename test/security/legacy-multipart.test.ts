import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import net from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import portico from '../../src/index';
import { multipart, type MultipartOptions, type MultipartRequest, type UploadedFile } from '../../src/legacy/middleware/index';
import { withServer, send, startServer } from '../helpers/server';
import { until } from '../helpers/wait-for';

const BOUNDARY = 'XbOuNdArYx';
const formHeaders = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

function part(disposition: string, value: string, extraHeaders = ''): string {
  return `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${extraHeaders}\r\n${value}\r\n`;
}
const end = `--${BOUNDARY}--\r\n`;

/** A sandbox: `base/uploads` is the upload directory; anything appearing in `base` besides it escaped. */
let base = '';
let uploads = '';
before(() => {
  base = mkdtempSync(join(tmpdir(), 'portico-multipart-hostile-'));
  uploads = join(base, 'uploads');
  mkdirSync(uploads);
});
after(() => rmSync(base, { recursive: true, force: true }));

/**
 * Removal of a request's upload directory finishes after the response: wait for it (with a bound
 * generous for a busy machine) before asserting.
 */
async function assertNothingLeft(): Promise<void> {
  await until(() => readdirSync(uploads).length === 0, 'the upload directory to be emptied').catch(() => undefined);
  assert.deepEqual(readdirSync(base), ['uploads'], 'nothing may be written outside the upload directory');
  assert.deepEqual(readdirSync(uploads), [], 'no temporary file may be left behind');
}

const settle = () => new Promise((r) => setTimeout(r, 80));

function uploadApp(options: MultipartOptions = {}, seen?: (files: Record<string, unknown>) => void) {
  const app = portico();
  app.use(multipart({ uploadDir: uploads, ...options }));
  app.use((req: IncomingMessage, res: ServerResponse) => {
    seen?.((req as MultipartRequest).files ?? {});
    res.end('stored');
  });
  app.use((err: { status?: number; message: string }, _req: IncomingMessage, res: ServerResponse, _next: () => void) => {
    res.statusCode = err.status ?? 500;
    res.end(err.message);
  });
  return app;
}

async function post(body: string | Buffer, options?: MultipartOptions, seen?: (files: Record<string, unknown>) => void, headers: Record<string, string> = formHeaders) {
  const res = await withServer(uploadApp(options, seen), ({ port }) => send(port, { method: 'POST', headers, body }));
  await settle();
  return res;
}

describe('multipart() with hostile file names', () => {
  const names = ['../../evil.txt', '../uploads/../evil.txt', '/etc/passwd', '..\\..\\evil.txt', 'C:\\evil.txt', 'a/../../b.txt', '....//evil.txt', '%2e%2e%2fevil.txt'];
  for (const name of names) {
    it(`stores ${JSON.stringify(name)} under a generated name inside the request directory`, async () => {
      let file: UploadedFile | undefined;
      let existed = false;
      const res = await post(part(`form-data; name="f"; filename="${name}"`, 'payload') + end, {}, (files) => {
        file = files.f as UploadedFile;
        existed = existsSync(file.path);
      });
      assert.equal(res.status, 200);
      assert.ok(file);
      assert.equal(existed, true);
      assert.equal(dirname(dirname(file.path)), uploads);
      assert.match(file.path.slice(dirname(file.path).length), /^\/1-[0-9a-f]{16}(\.[a-z0-9]+)?$/);
      await assertNothingLeft();
    });
  }
});

describe('multipart() with a NUL byte in a file name', () => {
  it('responds 400 (the part header is malformed) and writes nothing', async () => {
    const res = await post(part('form-data; name="f"; filename="../nul\u0000.txt"', 'payload') + end);
    assert.equal(res.status, 400);
    await assertNothingLeft();
  });
});

describe('multipart() with thousands of parts', () => {
  it('responds 413 for 5000 fields and stops reading', async () => {
    let body = '';
    for (let i = 0; i < 5000; i++) body += part(`form-data; name="f${i}"`, 'v');
    const res = await post(body + end);
    assert.equal(res.status, 413);
    assert.equal(res.text, 'too many fields');
    await assertNothingLeft();
  });

  it('responds 413 for 3000 files and removes those already written', async () => {
    let body = '';
    for (let i = 0; i < 3000; i++) body += part(`form-data; name="f"; filename="${i}.txt"`, 'data');
    const res = await post(body + end);
    assert.equal(res.status, 413);
    assert.equal(res.text, 'too many files');
    await assertNothingLeft();
  });

  it('responds 413 for many empty parts beyond maxParts', async () => {
    let body = '';
    for (let i = 0; i < 3000; i++) body += part('form-data; name="a"', '');
    const res = await post(body + end, { maxFields: 5000, maxParts: 2000 });
    assert.equal(res.status, 413);
    assert.equal(res.text, 'too many parts');
  });
});

describe('multipart() with huge part headers', () => {
  it('responds 400 for a 100 kB part header', async () => {
    const res = await post(part('form-data; name="f"; filename="a.txt"', 'x', `X-Big: ${'a'.repeat(100_000)}\r\n`) + end);
    assert.equal(res.status, 400);
    await assertNothingLeft();
  });

  it('responds 400 for thousands of part header lines', async () => {
    let headers = '';
    for (let i = 0; i < 3000; i++) headers += `X-H${i}: v\r\n`;
    const res = await post(part('form-data; name="f"', 'x', headers) + end);
    assert.equal(res.status, 400);
  });

  it('responds 413 for a huge field name in a file part', async () => {
    const res = await post(part(`form-data; name="${'n'.repeat(5000)}"; filename="a.txt"`, 'x') + end);
    assert.equal(res.status, 413);
    await assertNothingLeft();
  });
});

describe('multipart() with oversized bodies', () => {
  it('responds 413 for a chunked body over the limit (no Content-Length)', async () => {
    const app = uploadApp({ limit: '64kb' });
    const srv = await startServer(app);
    try {
      const res = await new Promise<{ status: number }>((resolve, reject) => {
        const socket = net.connect(srv.port, '127.0.0.1', () => {
          socket.write(`POST / HTTP/1.1\r\nHost: x\r\nContent-Type: ${formHeaders['content-type']}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`);
          const chunk = part('form-data; name="f"; filename="big.bin"', 'x'.repeat(200_000));
          socket.write(chunk.length.toString(16) + '\r\n' + chunk + '\r\n');
        });
        let data = '';
        socket.on('data', (d) => {
          data += d.toString();
          const m = /^HTTP\/1\.1 (\d{3})/.exec(data);
          if (m) {
            resolve({ status: Number(m[1]) });
            socket.destroy();
          }
        });
        socket.on('error', reject);
      });
      assert.equal(res.status, 413);
    } finally {
      await srv.close();
    }
    await settle();
    await assertNothingLeft();
  });
});

describe('multipart() with an aborted upload', () => {
  it('leaves no temporary file when the client disconnects mid-file', async () => {
    let reached = false;
    let during: number;
    const srv = await startServer(uploadApp({}, () => {
      reached = true;
    }));
    // The server's side of the connection, closed once it has seen the client vanish.
    const serverSide = new Promise<void>((resolve) => srv.server.once('connection', (s: net.Socket) => s.once('close', () => resolve())));
    try {
      const socket = net.connect(srv.port, '127.0.0.1');
      socket.on('error', () => {});
      await new Promise<void>((resolve) => socket.once('connect', resolve));
      socket.write(`POST / HTTP/1.1\r\nHost: x\r\nContent-Type: ${formHeaders['content-type']}\r\nContent-Length: 1000000\r\n\r\n`);
      socket.write(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="f"; filename="a.bin"\r\n\r\n` + 'x'.repeat(50_000));
      // Vanish once the server has opened the request's upload directory.
      await until(() => readdirSync(uploads).length > 0, 'the upload directory of the request').catch(() => undefined);
      during = readdirSync(uploads).length;
      socket.destroy();
      await serverSide;
    } finally {
      await srv.close();
    }
    assert.equal(reached, false);
    assert.equal(during, 1, 'the upload directory existed while the file was arriving');
    await assertNothingLeft();
  });
});
