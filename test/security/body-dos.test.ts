import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';
import zlib from 'node:zlib';
import portico from '../../src/index';
import { withServer, send, type Listener } from '../helpers/server';
import { RawClient, statusOf } from '../helpers/body-socket';
import { postBody, probe } from '../helpers/body-probe';
import { cpuTime } from '../helpers/best-time';

/**
 * Denial of service through bodies: huge declared or streamed bodies, compressed bombs, and the
 * 2024 body-parser advisory's deep nesting and large array indexes. Memory must stay flat and
 * answers must come quickly: in CPU time, which a busy machine does not inflate as it does elapsed time.
 */

// RSS is sampled after a forced collection: what is measured is memory held, not garbage V8 has
// not collected yet (every discarded socket read is such garbage, in any Node server).
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

type Res = http.ServerResponse & { status(code: number): Res; json(v: unknown): void; end(): void };

function answeringApp(parser: unknown): Listener {
  const app = portico();
  app.use(parser as never);
  app.use((_req: unknown, res: Res) => res.json({ ok: true }));
  app.use((err: { status: number }, _req: unknown, res: Res, _next: unknown) => res.status(err.status).json({ refused: true }));
  return app as unknown as Listener;
}

/** Declares `declared` bytes (or chunked), sends `send` bytes, waits for the answer, hangs up. */
async function oversizedUpload(port: number, declared: number | null, sendBytes: number, chunk: Buffer): Promise<number> {
  const client = new RawClient(port);
  const framing = declared === null ? 'Transfer-Encoding: chunked\r\n' : 'Content-Length: ' + declared + '\r\n';
  await client.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' + framing + '\r\n');
  const answer = client.responses(1, 10_000);
  for (let sent = 0; sent < sendBytes && !client.closed; sent += chunk.length) {
    if (declared === null) await client.write(chunk.length.toString(16) + '\r\n');
    await client.write(chunk);
    if (declared === null) await client.write('\r\n');
  }
  const [response] = await answer;
  client.destroy();
  return statusOf(response);
}

describe('body limits against huge uploads', () => {
  // Eight uploads of 12 MB run at a time: a server that kept what it reads would grow by about
  // 96 MB, one that streams and drops it stays within the 40 MB that sockets and GC timing add.
  const UPLOADS = 48;
  const SENT_PER_UPLOAD = 12 * 1024 * 1024;
  it('keeps RSS growth under 40 MB while 48 one-gigabyte uploads, 8 at a time, are refused', { timeout: 120_000 }, async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    await withServer(answeringApp(portico.json()), async ({ port }) => {
      // Warm up sockets, parsers and JIT before the baseline.
      for (let i = 0; i < 10; i++) await oversizedUpload(port, 1_000_000_000, 256 * 1024, chunk);
      collectGarbage();
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const sampler = setInterval(() => {
        collectGarbage();
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 25);
      try {
        const statuses: number[] = [];
        let next = 0;
        const worker = async (): Promise<void> => {
          while (next < UPLOADS) {
            const i = next++;
            // Half declare a gigabyte, half stream chunked without declaring anything.
            statuses.push(await oversizedUpload(port, i % 2 === 0 ? 1_000_000_000 : null, SENT_PER_UPLOAD, chunk));
          }
        };
        await Promise.all(Array.from({ length: 8 }, worker));
        assert.equal(statuses.length, UPLOADS);
        assert.ok(statuses.every((s) => s === 413), 'every upload refused with 413');
      } finally {
        clearInterval(sampler);
      }
      const growth = (peak - baseline) / (1024 * 1024);
      assert.ok(growth < 40, `RSS grew by ${growth.toFixed(1)} MB`);
    });
  });

  it('answers a one-gigabyte Content-Length at once, without waiting for the body', async () => {
    await withServer(answeringApp(portico.raw()), async ({ port }) => {
      const client = new RawClient(port);
      const { result: [response], ms } = await cpuTime(async () => {
        await client.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: 1073741824\r\n\r\n');
        return client.responses(1);
      });
      assert.equal(statusOf(response), 413);
      assert.ok(ms < 1000, `${ms} ms of CPU`);
      client.destroy();
    });
  });
});

describe('body limits against compressed bombs', () => {
  for (const [encoding, compress] of [
    ['gzip', zlib.gzipSync],
    ['deflate', zlib.deflateSync],
  ] as const) {
    it(`refuses a ${encoding} bomb of 64 MB inflated with 413, keeping memory flat`, async () => {
      const bomb = compress(Buffer.alloc(64 * 1024 * 1024, 0x20));
      await withServer(answeringApp(portico.json()), async ({ port }) => {
        collectGarbage();
        const before = process.memoryUsage().rss;
        for (let i = 0; i < 5; i++) {
          const res = await send(port, { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': encoding, 'content-length': bomb.length }, body: bomb });
          assert.equal(res.status, 413);
        }
        collectGarbage();
        const growth = (process.memoryUsage().rss - before) / (1024 * 1024);
        assert.ok(growth < 20, `RSS grew by ${growth.toFixed(1)} MB`);
      });
    });
  }

  it('refuses a brotli bomb with 415 before inflating any of it', async () => {
    const bomb = zlib.brotliCompressSync(Buffer.alloc(64 * 1024 * 1024, 0x20));
    await withServer(answeringApp(portico.json()), async ({ port }) => {
      const res = await send(port, { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'br', 'content-length': bomb.length }, body: bomb });
      assert.equal(res.status, 415);
    });
  });
});

describe('urlencoded against the 2024 body-parser advisory (CVE-2024-45590)', () => {
  const FORM = 'application/x-www-form-urlencoded';

  it('refuses 100 levels of nesting quickly with 400', async () => {
    const { result: { status, json }, ms } = await cpuTime(() => probe([['urlencoded', { extended: true }]], postBody(FORM, 'a' + '[b]'.repeat(100) + '=1')));
    assert.equal(status, 400);
    assert.equal(json.error?.type, 'querystring.parse.rangeError');
    assert.ok(ms < 1000, `${ms} ms of CPU`);
  });

  it('refuses 1000 parameters each nested 33 levels deep without building them', async () => {
    const body = Array.from({ length: 1000 }, (_, i) => 'k' + i + '[a]'.repeat(33) + '=1').join('&');
    const { result: { status }, ms } = await cpuTime(() => probe([['urlencoded', { extended: true, limit: '1mb' }]], postBody(FORM, body)));
    assert.equal(status, 400);
    assert.ok(ms < 2000, `${ms} ms of CPU`);
  });

  it('never allocates a sparse array for huge indexes', async () => {
    const body = Array.from({ length: 1000 }, (_, i) => 'a[' + (4294967294 - i) + ']=x').join('&');
    const before = process.memoryUsage().rss;
    const { status, json } = await probe([['urlencoded', { extended: true }]], postBody(FORM, body));
    assert.equal(status, 200);
    const a = (json.body as { a: Record<string, string> }).a;
    assert.equal(Array.isArray(a), false);
    assert.equal(Object.keys(a).length, 1000);
    assert.ok(process.memoryUsage().rss - before < 50 * 1024 * 1024);
  });

  it('caps an array built from [] to the parameter limit', async () => {
    const body = Array.from({ length: 1001 }, () => 'a[]=x').join('&');
    const { status } = await probe([['urlencoded', { extended: true }]], postBody(FORM, body));
    assert.equal(status, 413);
  });

  it('stops counting parameters at the limit for a flood of ampersands', async () => {
    const { result: { status }, ms } = await cpuTime(() => probe([['urlencoded', { extended: false, limit: '2mb' }]], postBody(FORM, '&'.repeat(2_000_000))));
    assert.equal(status, 413);
    assert.ok(ms < 2000, `${ms} ms of CPU`);
  });
});

describe('json against deep nesting', () => {
  it('answers 50,000 nested arrays without crashing the process', async () => {
    const body = '['.repeat(50_000) + ']'.repeat(50_000);
    await withServer(answeringApp(portico.json()), async ({ port }) => {
      const res = await send(port, postBody('application/json', body));
      assert.ok(res.status === 200 || res.status === 400, `status ${res.status}`);
      assert.equal((await send(port, postBody('application/json', '{"still":"up"}'))).status, 200);
    });
  });
});
