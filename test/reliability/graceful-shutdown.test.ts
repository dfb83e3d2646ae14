import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { startChild, statsWhen, type ChildServer } from './support/child-server';
import { makeServedTree, type ServedTree } from './support/served-tree';
import { exchange, parseFirstResponse } from './support/raw-exchange';
import { byMode } from './support/mode';

// The child is asked to close (server.close(), idle keep-alive connections closed) while requests
// are in flight, half of them waiting for their answer and half still sending their body: each
// completes, new connections are refused, and the process exits by itself with code 0.

const IN_FLIGHT = byMode(40, 400);
// Long enough for every request of the batch to reach the app on a busy machine before any is answered.
const SLOW_MS = byMode(3_000, 8_000);

let tree: ServedTree | undefined;
let portico: ChildServer | undefined;
after(async () => {
  await portico?.kill();
  tree?.remove();
});

/** A JSON upload sent in two halves: `finish()` sends the rest; resolves with the answer. */
function halfSentUpload(port: number, n: number): { finish: () => void; answer: Promise<{ status: number; body: string }> } {
  const body = JSON.stringify({ n, padding: 'x'.repeat(1000) });
  const socket = net.connect(port, '127.0.0.1');
  socket.write(`POST /json HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 500)}`);
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  const answer = new Promise<{ status: number; body: string }>((resolve) => {
    socket.on('error', () => {});
    socket.on('close', () => {
      const parsed = parseFirstResponse(Buffer.concat(chunks));
      resolve({ status: parsed.status, body: parsed.body.toString() });
    });
  });
  return { finish: () => socket.write(body.slice(500)), answer };
}

describe('graceful shutdown under load', () => {
  it(`completes ${IN_FLIGHT} in-flight requests, then exits with code 0`, async () => {
    tree = makeServedTree();
    const child = (portico = await startChild('portico', tree.root, tree.uploads));
    const waiting = Array.from({ length: IN_FLIGHT / 2 }, () =>
      exchange(child.port, Buffer.from(`GET /slow?ms=${SLOW_MS} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`), 30_000),
    );
    const uploads = Array.from({ length: IN_FLIGHT / 2 }, (_, n) => halfSentUpload(child.port, n));
    // Every request must have reached the app before the close begins: a connection whose request
    // has not been read yet is idle, and closing idle connections is part of a graceful close.
    const reached = await statsWhen(child, (s) => s.inFlight === IN_FLIGHT, 10_000);
    assert.equal(reached.inFlight, IN_FLIGHT, 'all requests reached the app');
    const code = child.shutdown(20_000);
    // The rest of the uploads goes out once the close has begun.
    await child.closing;
    for (const upload of uploads) upload.finish();
    const answers = await Promise.all(waiting);
    const uploaded = await Promise.all(uploads.map((u) => u.answer));
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(child.port, '127.0.0.1');
      socket.on('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.on('error', () => resolve(true));
    });
    assert.equal(await code, 0, `exit code (stderr: ${child.exit?.stderr})`);
    answers.forEach((answer, i) => assert.deepEqual([answer.status, answer.body.toString()], [200, 'slow done'], `waiting request #${i}`));
    uploaded.forEach((answer, n) => {
      assert.equal(answer.status, 200, `upload #${n}`);
      assert.equal((JSON.parse(answer.body) as { body: { n: number } }).body.n, n);
    });
    assert.ok(refused, 'new connections are refused once closing');
  });
});
