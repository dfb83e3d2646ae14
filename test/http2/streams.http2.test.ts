import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http2 from 'node:http2';
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import portico from '../../src/index';
import { startSecureHttp2, connect, request, type RunningHttp2Server } from '../helpers/http2';
import { makeTempDir } from '../helpers/file-fixtures';
import { until } from '../helpers/wait-for';

/*
 * Many streams on one session, and streams the client resets (RST_STREAM with CANCEL) in every
 * phase: before the answer, mid-file, mid-upload. The server runs in this process, so its open
 * descriptors are those of /proc/self/fd.
 */

const tmp = makeTempDir('portico-h2-streams-');
const BIG_FILE = join(tmp.dir, 'big.bin');
const BIG = randomBytes(4 * 1024 * 1024);
writeFileSync(BIG_FILE, BIG);
const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');
const openDescriptors = (): number => readdirSync('/proc/self/fd').length;

/** Waits until the count of open descriptors is back to `baseline` (closing is asynchronous), or fails. */
async function descriptorsBackTo(baseline: number): Promise<void> {
  await until(() => openDescriptors() <= baseline, () => `the open descriptors back to ${baseline} (now ${openDescriptors()})`);
}

/** Requests `path` and resets the stream once the first `afterBytes` bytes arrived (0: once the request is out). */
function cancelAfter(session: http2.ClientHttp2Session, headers: http2.OutgoingHttpHeaders, afterBytes: number, body?: Buffer): Promise<void> {
  return new Promise((resolve) => {
    const stream = session.request(headers, { endStream: body === undefined });
    let received = 0;
    stream.on('error', () => {});
    stream.on('close', () => resolve());
    if (body !== undefined) {
      // Half the body, then the reset: the server is reading the request when it goes.
      stream.write(body.subarray(0, body.length >> 1), () => setTimeout(() => stream.close(http2.constants.NGHTTP2_CANCEL), 10));
      return;
    }
    if (afterBytes === 0) {
      setTimeout(() => stream.close(http2.constants.NGHTTP2_CANCEL), 5);
      return;
    }
    stream.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received >= afterBytes && !stream.closed) stream.close(http2.constants.NGHTTP2_CANCEL);
    });
  });
}

describe('HTTP/2 streams', () => {
  let server: RunningHttp2Server;
  let session: http2.ClientHttp2Session;
  const lateErrors: unknown[] = [];
  let slowAnswered = 0;

  before(async () => {
    const app = portico();
    app.get('/item/:n', (req, res) => {
      setTimeout(() => res.json({ n: Number(req.params.n), q: req.query.q }), Number(req.params.n) % 7);
    });
    app.post('/echo/:n', portico.json(), (req, res) => res.json({ n: Number(req.params.n), body: req.body }));
    app.post('/upload', portico.raw({ limit: '10mb' }), (req, res) => res.json({ length: (req.body as Buffer).length }));
    app.get('/big', (_req, res) => res.sendFile(BIG_FILE));
    app.use('/static', portico.static(tmp.dir));
    // Answers once the client has cancelled the stream (at once if it already has).
    app.get('/slow', (_req, res) => {
      const answer = (): void => {
        try {
          res.json({ late: true });
          slowAnswered++;
        } catch (err) {
          lateErrors.push(err);
        }
      };
      if ((res as unknown as { stream: http2.ServerHttp2Stream }).stream.closed) answer();
      else res.on('close', answer);
    });
    app.use((err: Error & { status?: number }, _req: unknown, res: { status(n: number): { send(b: string): void } }, _next: unknown) => {
      res.status(err.status ?? 500).send(err.message);
    });
    server = await startSecureHttp2(app);
    session = await connect(server.url);
  });
  after(async () => {
    session.close();
    await server.close();
    tmp.remove();
  });

  it('serves 200 concurrent streams on one session, each with its own answer', async () => {
    const gets = Array.from({ length: 150 }, (_, n) => request(session, { path: `/item/${n}?q=v${n}` }));
    const posts = Array.from({ length: 50 }, (_, n) =>
      request(session, { method: 'POST', path: `/echo/${n}`, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ k: 'x'.repeat(n * 100) }) }),
    );
    const [got, posted] = await Promise.all([Promise.all(gets), Promise.all(posts)]);
    got.forEach((res, n) => {
      assert.equal(res.status, 200);
      assert.deepEqual(JSON.parse(res.text), { n, q: `v${n}` });
    });
    posted.forEach((res, n) => {
      assert.equal(res.status, 200);
      assert.deepEqual(JSON.parse(res.text), { n, body: { k: 'x'.repeat(n * 100) } });
    });
  });

  it('serves several large files at once on one session, each intact', async () => {
    const all = await Promise.all([request(session, { path: '/big' }), request(session, { path: '/static/big.bin' }), request(session, { path: '/big' })]);
    for (const res of all) assert.equal(sha(res.body), sha(BIG));
  });

  it('closes the file of each stream the client cancels mid-file, and the other streams finish intact', async () => {
    await request(session, { path: '/item/1' });
    const baseline = openDescriptors();
    const intact = request(session, { path: '/big' });
    const cancelled = Array.from({ length: 12 }, (_, i) => cancelAfter(session, { ':path': i % 2 ? '/big' : '/static/big.bin' }, 64 * 1024));
    await Promise.all(cancelled);
    const whole = await intact;
    assert.equal(sha(whole.body), sha(BIG));
    await descriptorsBackTo(baseline);
    // The session is still good.
    assert.equal((await request(session, { path: '/item/3?q=after' })).text, '{"n":3,"q":"after"}');
  });

  it('survives streams cancelled mid-upload: no leak, no crash, the session still serves', async () => {
    await request(session, { path: '/item/1' });
    const baseline = openDescriptors();
    const body = randomBytes(512 * 1024);
    const headers = { ':method': 'POST', ':path': '/upload', 'content-type': 'application/octet-stream', 'content-length': String(body.length) };
    await Promise.all(Array.from({ length: 8 }, () => cancelAfter(session, headers, 0, body)));
    const ok = await request(session, { method: 'POST', path: '/upload', headers: { 'content-type': 'application/octet-stream' }, body });
    assert.deepEqual(JSON.parse(ok.text), { length: body.length });
    await descriptorsBackTo(baseline);
  });

  it('lets a handler answer a stream the client already cancelled without throwing', async () => {
    await Promise.all(Array.from({ length: 5 }, () => cancelAfter(session, { ':path': '/slow' }, 0)));
    await until(() => slowAnswered + lateErrors.length === 5, 'the five handlers to answer');
    assert.deepEqual(lateErrors, []);
    assert.equal(slowAnswered, 5);
    assert.equal((await request(session, { path: '/item/2?q=still' })).status, 200);
  });
});
