import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';

import { exchange } from './support/raw-exchange';
import { byMode } from './support/mode';
import { serversForThisFile } from './support/per-file-servers';

// Slow-loris clients (headers a few bytes at a time) and slow bodies hold connections open while
// an ordinary client keeps asking: every one of its requests is answered, and promptly.

const SLOW = byMode(60, 400);
const SECONDS = byMode(4, 30);

const servers = serversForThisFile(false);

/** A connection that sends `text` a few bytes at a time until stopped. */
function trickle(port: number, text: string): { stop: () => void } {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  socket.on('data', () => {});
  let at = 0;
  const timer = setInterval(() => {
    if (at >= text.length || socket.destroyed) return;
    socket.write(text.slice(at, at + 3));
    at += 3;
  }, 150);
  return {
    stop: () => {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

describe('slow clients', () => {
  it(`serves an ordinary client while ${SLOW} slow-loris and slow-body clients hold connections`, async () => {
    const body = JSON.stringify({ padding: 'x'.repeat(2000) });
    const slow = Array.from({ length: SLOW }, (_, i) =>
      i % 2 === 0
        ? trickle(servers.portico.port, `GET /users/${i}/posts HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'p'.repeat(4000)}\r\n\r\n`)
        : trickle(servers.portico.port, `POST /json HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`),
    );
    const latencies: number[] = [];
    const failures: string[] = [];
    try {
      const deadline = Date.now() + SECONDS * 1000;
      for (let i = 0; Date.now() < deadline; i++) {
        const json = `{"i":${i}}`;
        const request =
          i % 2 === 0
            ? `GET /users/${i}/posts/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`
            : `POST /json HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${json.length}\r\nConnection: close\r\n\r\n${json}`;
        const answer = await exchange(servers.portico.port, Buffer.from(request), 5_000);
        latencies.push(answer.elapsedMs);
        if (answer.status !== 200 && failures.length < 10) failures.push(`#${i}: ${answer.status}${answer.timedOut ? ' (timed out)' : ''}`);
      }
    } finally {
      for (const client of slow) client.stop();
    }
    latencies.sort((a, b) => a - b);
    console.log(`slow clients: ${JSON.stringify({ slow: SLOW, served: latencies.length, p50: latencies[latencies.length >> 1], max: latencies[latencies.length - 1] })}`);
    assert.deepEqual(failures, []);
    assert.ok(latencies.length >= SECONDS * 5, `the ordinary client was served (${latencies.length} requests)`);
    assert.ok(latencies[latencies.length - 1] < 3_000, `every answer within 3 s (longest ${latencies[latencies.length - 1]} ms)`);
    assert.equal(servers.portico.exit, null);
  });
});
